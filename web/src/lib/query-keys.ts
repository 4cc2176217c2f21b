// The root of every query key, by resource, written once: a page that changes a resource
// invalidates its root, and with it whatever another feature shows of it (features do not
// import each other). Each feature writes the rest of its own keys under these. Plain strings:
// the build puts each where it is used (optimization.inlineConst), no module of keys is loaded.

/** The session; kept for every visitor (PUBLIC_QUERY_ROOTS). */
export const sessionRoot = 'session';
/** Whether a user is an admin (the dashboard's menu and the admin guard). */
export const adminCheckRoot = 'admin';
export const authProvidersRoot = 'auth-providers';
/** Every parts list: the home page's and the admin's. */
export const partsRoot = 'allParts';
/** One part (its page, its purchase page, a cart line, a quote's first line: lib/get-part.ts). */
export const partRoot = 'part';
/** Every order query: the buyer's list, one order, the admin's list. */
export const ordersRoot = 'orders';
/** Every quote query: a customer's own, the admin's list of all (one answer, GET /api/quotes). */
export const quotesRoot = 'quotes';
/** The buyer's cart, a visitor's too (kept by the server, named by a cookie). */
export const cartRoot = 'cart';
/** The home page's published reviews. */
export const reviewsRoot = 'reviews';
/** The admin's list of every review, with the authors' e-mails: not public. */
export const adminReviewsRoot = 'admin-reviews';
/** The contact form's messages (GET /api/admin/messages): admins only. */
export const adminMessagesRoot = 'admin-messages';
export const usersRoot = 'users';
export const profileRoot = 'userProfile';
export const auditRoot = 'audit-log';
/** The admin overview's figures (orders and stock): not public. */
export const salesRoot = 'sales';
/** What waits for the shop's staff now (the admin's dashboard home): not public. */
export const adminWaitingRoot = 'admin-waiting';
export const paymentIntentRoot = 'payment-intent';
export const paymentConfigRoot = 'payment-config';
/** The catalogue's categories with their attributes (the search, a part's page, the admin's form). */
export const categoriesRoot = 'categories';
/** Every search of the catalogue (GET /api/parts/search). */
export const searchRoot = 'parts-search';
/** The search's synonyms, the trade's words the admins keep (GET /api/search-synonyms). */
export const searchSynonymsRoot = 'search-synonyms';
/** The header's part suggestions (GET /api/parts/suggest), one answer per typed text. */
export const suggestRoot = 'parts-suggest';
/** The signed-in customer's address book (GET /api/addresses): the book, checkout, quotes. */
export const addressesRoot = 'addresses';
/** The countries and regions the address form offers (GET /api/countries): fixed per release. */
export const countriesRoot = 'countries';
