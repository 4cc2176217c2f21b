// The part's query lives in lib/get-part.ts (its page, its purchase page, the cart and quotes
// share it); the page renderer (src/prerender/render-page.tsx) still imports it from here.
export { partQuery } from '../../../lib/get-part.ts';
