/** The Node.js flags the shop's server runs with (see node-flags.mjs). */
export declare const SERVER_NODE_FLAGS: readonly string[];
/** The environment the shop's server starts with (see node-flags.mjs). */
export declare const SERVER_ENV: Readonly<Record<string, string>>;
