import { useSetCartLine } from './set-cart-line.ts';

/**
 * Puts `quantity` units of a part in the cart, a visitor's as a customer's: the line's quantity
 * becomes that many (PUT /api/cart/lines/:partId, which checks it against the part's minimum
 * and stock). `mutateAsync({ partId, quantity })` answers the whole cart, which also goes into
 * the cache (the top bar's count follows).
 */
export const useAddToCart = useSetCartLine;
