import { href, NavLink, type NavLinkProps } from 'react-router';
import { useCart } from '../api/get-cart.ts';
import { unitsOf, useLocalCart } from '../api/local-cart.ts';
import { useMergeLocalCart } from '../api/merge-local-cart.ts';

/** What a screen reader hears for the top bar's cart link. */
export const cartLinkLabel = (units: number | null) =>
  units === null ? 'Cart' : `Cart, ${units} ${units === 1 ? 'item' : 'items'}`;

/**
 * The top bar's link to the cart with the number of units in it: the server's cart when signed
 * in, this browser's otherwise. Loaded on demand by the navbar, which shows a plain 'Cart' link
 * until it comes (the home page's JavaScript budget, docs/performance.md); it also moves a
 * visitor's cart to the server once they have signed in (merge-local-cart.ts).
 */
export function CartLink({
  className,
  session,
}: {
  className: NavLinkProps['className'];
  /** Whether someone is signed in (loading until the session is known). */
  session: 'in' | 'out' | 'loading';
}) {
  const signedIn = session === 'in';
  const local = useLocalCart();
  const cart = useCart(signedIn);
  useMergeLocalCart(signedIn);
  const units = session === 'out' ? unitsOf(local) : signedIn ? (cart.data?.count ?? null) : null;
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
