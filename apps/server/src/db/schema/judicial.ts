// Issue #23: the tables of contracts' judicial.ts.
export {};
