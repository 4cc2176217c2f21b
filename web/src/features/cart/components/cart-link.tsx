import { href, NavLink, type NavLinkProps } from 'react-router';
import { useCart } from '../api/get-cart.ts';
import { useMoveOldLocalCart } from '../api/move-old-local-cart.ts';

/** What a screen reader hears for the top bar's cart link. */
export const cartLinkLabel = (units: number | null) =>
  units === null ? 'Cart' : `Cart, ${units} ${units === 1 ? 'item' : 'items'}`;

/**
 * The top bar's link to the cart with the number of units in it: the server's cart, a visitor's
 * as a customer's (asked once the session is known, so that a sign-in's new cart is the one
 * counted). Loaded on demand by the navbar, which shows a plain 'Cart' link until it comes (the
 * home page's JavaScript budget, docs/performance.md); it also moves a cart this browser kept
 * itself, before the server kept visitors' carts, to the server (move-old-local-cart.ts).
 */
export function CartLink({
  className,
  session,
}: {
  className: NavLinkProps['className'];
  /** Whether someone is signed in (loading until the session is known). */
  session: 'in' | 'out' | 'loading';
}) {
  const known = session !== 'loading';
  const cart = useCart(known);
  useMoveOldLocalCart(known);
  const units = known ? (cart.data?.count ?? null) : null;
  return (
    <NavLink to={href('/cart')} className={className} aria-label={cartLinkLabel(units)}>
      Cart
      {!!units && (
        <span
          aria-hidden="true"
          className="badge badge-sm ml-1.5 border-0 bg-orange-300 px-1.5 font-bold text-slate-900 tabular-nums"
        >
          {units > 999 ? '999+' : units}
        </span>
      )}
    </NavLink>
  );
}
