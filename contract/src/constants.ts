// Names shared by the server and the web app that need no zod: the web app imports this file on
// its own ('@partsmith/contract/constants') so that reading them loads no schema.

/**
 * The list's paging headers (GET /api/allParts). Each is a plain string constant too: the home
 * page's list reads them as those, which the build inlines, so that this module (the sign-in
 * providers, the quantity message) stays out of the home page's JavaScript.
 */
export const TOTAL_COUNT_HEADER = 'x-total-count';
export const NEXT_CURSOR_HEADER = 'x-next-cursor';
export const PART_HEADERS = { total: TOTAL_COUNT_HEADER, nextCursor: NEXT_CURSOR_HEADER } as const;

/** The social sign-ins the shop knows, and their names on the buttons. */
export const SOCIAL_PROVIDERS = ['google', 'github', 'facebook'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];
export const SOCIAL_PROVIDER_NAMES: Record<SocialProvider, string> = {
  google: 'Google',
  github: 'GitHub',
  facebook: 'Facebook',
};

/** The 'Oops...' dialog's text for a quantity out of range. */
export function quantityMessage(min: number, max: number) {
  return `The quantity must be at least the minimum order (${min}) and no higher than the available quantity (${max}).`;
}

/** How many volume prices (price breaks) a part may have. */
export const PRICE_BREAKS_MAX = 10;

/** How many parts the compare page sets side by side (GET /api/parts/compare): 2 to 4. */
export const COMPARE_PARTS_MIN = 2;
export const COMPARE_PARTS_MAX = 4;

/**
 * What a buyer's message about an order is about (POST /api/orders/:id/messages), as the order's
 * page offers it; the shop sees the words as the message's subject.
 */
export const ORDER_TOPICS = {
  missing: 'Something is missing',
  damaged: 'A part arrived damaged',
  'wrong-part': 'I received the wrong part',
  return: 'I want to return parts',
  question: 'Another question',
} as const;
export type OrderTopic = keyof typeof ORDER_TOPICS;
