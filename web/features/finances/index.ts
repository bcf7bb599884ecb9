// No other feature uses this one; web/app and web/pages import its screens directly.
export {};
