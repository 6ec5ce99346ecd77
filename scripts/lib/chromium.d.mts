// Types of ./chromium.mjs (a plain ES module shared with scripts/test.mjs).
export declare const CHROMIUM_CANDIDATES: readonly string[];
export declare const CHROMIUM_INSTALL: string;
export declare function chromiumPath(): string;
