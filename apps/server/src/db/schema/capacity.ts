// Issue #23: the tables of contracts' capacity.ts.
export {};
