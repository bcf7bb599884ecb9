/// <reference types="vite/client" />

/** Injected by vite.config.ts `define` from package.json (footer version). */
declare const __APP_VERSION__: string;
