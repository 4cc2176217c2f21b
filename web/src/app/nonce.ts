import { createContext } from 'react';

/**
 * The CSP nonce of the page's inline scripts on the server (load-context.ts); none in the browser,
 * whose scripts have already run.
 */
export const NonceContext = createContext<string | undefined>(undefined);
