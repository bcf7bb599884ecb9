// No other feature uses this one; web/app and web/pages import its screens directly (the
// ledger's in ledger/). Other features link to its pages by path only.
export {};
