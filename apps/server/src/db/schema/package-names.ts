// Issue #23: the tables of contracts' package-names.ts.
export {};
