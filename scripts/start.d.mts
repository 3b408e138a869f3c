// The types of start.mjs's exports, for playwright.config.ts (TypeScript), which starts the
// server the way `npm start` does.
export declare const SERVER_FLAGS: string[];
export declare function serverFlags(env?: Record<string, string | undefined>): string[];
