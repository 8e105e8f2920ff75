// Issue #23: the tables of contracts' insurance.ts.
export {};
