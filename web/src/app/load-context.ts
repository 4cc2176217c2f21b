/**
 * What the API server gives every page request's loaders (server/src/plugins/web.ts,
 * docs/decisions/058): `send` asks the API in the same process for the visitor whose page it is.
 */
export type Send = (url: string, init: RequestInit) => Promise<Response>;

declare module 'react-router' {
  interface AppLoadContext {
    /** Absent in the build's prerender: a prerendered page has no answers of its own. */
    send?: Send;
    /**
     * The CSP nonce of this answer's inline scripts, for a page rendered for one visitor; a page
     * the same for everybody (prerendered, or kept by the cache) has none: its scripts are allowed
     * by their hashes.
     */
    nonce?: string;
  }
}
