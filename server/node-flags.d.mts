/** The Node.js flags the shop's server runs with (see node-flags.mjs). */
export declare const SERVER_NODE_FLAGS: readonly string[];
