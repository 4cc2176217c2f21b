import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { href, Link } from 'react-router';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { SkeletonList } from '../../../components/ui/skeleton-list.tsx';
import { errorText } from '../../../lib/error-text.ts';
import { formatDollars } from '../../../lib/money.ts';
import { useCart } from '../api/get-cart.ts';
import { useRemoveCartLine } from '../api/remove-cart-line.ts';
import { useSetCartLine } from '../api/set-cart-line.ts';
import { serverItems, unitsOf, type CartItem } from './cart-items.ts';
import { CartLine } from './cart-line.tsx';
import { CheckoutForm, type AddressPickerSlot } from './checkout-form.tsx';

export const CART_TITLE = 'Your Cart | Partsmith';
export const SIGN_IN_TO_CHECK_OUT = 'Sign in to check out';
export const CREATE_AN_ACCOUNT = 'Create an account';
export const REQUEST_A_QUOTE = 'Request a quote';

const CARD = 'rounded-box bg-white shadow-sm ring-1 ring-slate-900/5';

export interface CartBuyer {
  name: string;
  email: string;
}

/** The page around the cart: its heading (the focus goes there when a line leaves), its announcer. */
interface Frame {
  heading: RefObject<HTMLHeadingElement | null>;
  announce: (text: string) => void;
}

/** How the lines change. */
interface CartActions {
  setQuantity: (partId: string, quantity: number) => Promise<unknown>;
  remove: (partId: string) => Promise<unknown>;
}

function EmptyCart() {
  return (
    <div className="flex flex-col items-center gap-3 rounded-box border border-dashed border-slate-400 bg-white p-10 text-center">
      <p className="text-lg font-semibold text-slate-900">Your cart is empty.</p>
      <p className="max-w-md text-slate-700">
        Pick the parts you need on the home page and add them to your cart from each part's page.
      </p>
      <Link to={`${href('/')}#parts`} className="btn btn-primary mt-2">
        Browse the parts
      </Link>
    </div>
  );
}

/**
 * The lines, the total and the way to check out. Changes of a line run one request each; what
 * failed shows on its line, and a removal is announced (the removed line took the focus along).
 */
function CartContents({
  items,
  total,
  actions,
  checkout,
  refused,
  frame,
}: {
  items: CartItem[];
  /** The sum of the lines, in dollars (the server's). */
  total: number;
  actions: CartActions;
  checkout: ReactNode;
  /** The lines the last checkout refused, by part id. */
  refused: ReadonlyMap<string, string>;
  frame: Frame;
}) {
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const [failures, setFailures] = useState<ReadonlyMap<string, string>>(new Map());

  const run = async (partId: string, change: () => Promise<unknown>, done?: () => void) => {
    setBusy((ids) => new Set(ids).add(partId));
    setFailures((all) => {
      const next = new Map(all);
      next.delete(partId);
      return next;
    });
    try {
      await change();
      done?.();
    } catch (error) {
      setFailures((all) => new Map(all).set(partId, errorText(error)));
    } finally {
      setBusy((ids) => {
        const next = new Set(ids);
        next.delete(partId);
        return next;
      });
    }
  };

  const onRemove = (item: CartItem) =>
    void run(
      item.partId,
      () => actions.remove(item.partId),
      () => {
        frame.announce(`${item.name} was removed from your cart.`);
        frame.heading.current?.focus();
      },
    );

  const units = unitsOf(items);

  return (
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,24rem)] lg:gap-8">
      <section aria-labelledby="cart-lines-heading" className={`${CARD} overflow-hidden`}>
        <h2 id="cart-lines-heading" className="sr-only">
          The parts in your cart
        </h2>
        <ul className="divide-y divide-slate-200">
          {items.map((item) => (
            <CartLine
              key={item.partId}
              item={item}
              refused={refused.get(item.partId) ?? null}
              busy={busy.has(item.partId)}
              failure={failures.get(item.partId) ?? null}
              onQuantity={(quantity) =>
                void run(item.partId, () => actions.setQuantity(item.partId, quantity))
              }
              onRemove={() => onRemove(item)}
            />
          ))}
        </ul>
      </section>
      <section
        aria-labelledby="cart-summary-heading"
        className={`${CARD} flex flex-col gap-5 p-6 lg:sticky lg:top-24`}
      >
        <h2 id="cart-summary-heading" className="text-xl font-bold text-slate-900">
          Order summary
        </h2>
        {/* Read out when it changes: a quantity changed or a line left. */}
        <div aria-live="polite" aria-atomic="true" className="flex flex-col gap-1">
          <p className="flex items-baseline justify-between gap-4 text-slate-700">
            <span>Items</span>
            <span className="font-semibold text-slate-900 tabular-nums">{units}</span>
          </p>
          <p className="flex items-baseline justify-between gap-4">
            <span className="font-semibold text-slate-700">Subtotal</span>
            <span className="text-xl font-bold text-slate-900 tabular-nums">
              {formatDollars(total)}
            </span>
          </p>
          <p className="text-sm text-slate-700">
            Shipping and sales tax are worked out for your address at checkout.
          </p>
        </div>
        {checkout}
        <div className="flex flex-col gap-2 border-t border-slate-200 pt-5">
          <p className="text-sm text-slate-700">
            Buying in bulk? Ask our sales engineers for a price on these parts.
          </p>
          <Link
            to={`${href('/dashboard/quotes/new')}?from=cart`}
            className="btn btn-outline btn-primary w-full"
          >
            {REQUEST_A_QUOTE}
          </Link>
        </div>
      </section>
    </div>
  );
}

/**
 * What a visitor has instead of the checkout: the way to sign in or create an account, each
 * coming back here (where the cart, joined to the account at sign-in, is checked out).
 */
function SignInToCheckOut() {
  const login = `${href('/login')}?from=${encodeURIComponent(href('/cart'))}`;
  return (
    <div className="flex flex-col gap-3">
      <Link to={login} state={{ mode: 'signin' }} className="btn btn-primary btn-lg w-full">
        {SIGN_IN_TO_CHECK_OUT}
      </Link>
      <Link to={login} state={{ mode: 'signup' }} className="btn btn-outline btn-primary w-full">
        {CREATE_AN_ACCOUNT}
      </Link>
      <p className="text-center text-sm text-slate-700">
        Your cart is kept for you and joins your account when you sign in.
      </p>
    </div>
  );
}

/**
 * The cart, kept by the server: a signed-in buyer's, checked out here; a visitor's (found by its
 * cookie), with the way to sign in or up to check it out.
 */
function ServerCart({
  frame,
  addressPicker,
}: {
  frame: Frame;
  /** The signed-in buyer's address book picker (null for a visitor). */
  addressPicker: AddressPickerSlot | null;
}) {
  const cart = useCart();
  const setLine = useSetCartLine();
  const removeLine = useRemoveCartLine();
  const [refused, setRefused] = useState<ReadonlyMap<string, string>>(new Map());

  if (cart.isPending) return <CartLoading />;
  if (!cart.data) {
    return <LoadFailed what="your cart" query={cart} />;
  }
  if (cart.data.lines.length === 0) return <EmptyCart />;

  const forget = (partId: string) =>
    setRefused((all) => {
      const next = new Map(all);
      next.delete(partId);
      return next;
    });
  const actions: CartActions = {
    setQuantity: (partId, quantity) => {
      forget(partId);
      return setLine.mutateAsync({ partId, quantity });
    },
    remove: (partId) => {
      forget(partId);
      return removeLine.mutateAsync(partId);
    },
  };
  const signature = JSON.stringify(cart.data.lines.map((line) => [line.partId, line.quantity]));
  return (
    <CartContents
      items={serverItems(cart.data)}
      total={cart.data.total}
      actions={actions}
      refused={refused}
      frame={frame}
      checkout={
        addressPicker ? (
          <CheckoutForm
            cart={signature}
            addressPicker={addressPicker}
            onRefused={(lines) =>
              setRefused(
                new Map(lines.flatMap((l) => (l.partId ? [[l.partId, l.problem] as const] : []))),
              )
            }
          />
        ) : (
          <SignInToCheckOut />
        )
      }
    />
  );
}

function CartLoading() {
  return (
    <SkeletonList
      label="Loading your cart"
      rows={3}
      className={`${CARD} flex flex-col gap-4 p-4`}
      picture="h-16 w-16"
    />
  );
}

/**
 * /cart: the buyer's cart (kept by the server, a visitor's too), each line with its price,
 * quantity and total, the cart's total, and the checkout (signed in) or the way to sign in or
 * up. `notice` goes above (the accounts feature's, e.g. that the address is not confirmed).
 */
export function CartPage({
  buyer,
  notice,
  addressPicker,
}: {
  buyer: CartBuyer | null;
  notice?: ReactNode;
  /** The address book's picker for the checkout (the app composes it). */
  addressPicker: AddressPickerSlot;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const [announcement, announce] = useState('');
  const frame: Frame = { heading, announce };
  useEffect(() => {
    document.title = CART_TITLE;
  }, []);
  return (
    <div className="min-h-[calc(100vh-4rem)] bg-slate-100">
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8 sm:py-10">
        <header>
          <p className="text-sm font-semibold tracking-wider text-primary uppercase">Shopping</p>
          <h1
            ref={heading}
            tabIndex={-1}
            className="mt-1 text-3xl font-extrabold tracking-tight text-slate-900 focus:outline-none"
          >
            Your cart
          </h1>
          <p className="mt-2 text-slate-700">
            Know your part numbers?{' '}
            <Link to={href('/quick-order')} className="link link-primary font-semibold">
              Quick order by part number
            </Link>
          </p>
        </header>
        {notice}
        <ServerCart frame={frame} addressPicker={buyer ? addressPicker : null} />
        <p aria-live="polite" className="sr-only">
          {announcement}
        </p>
      </div>
    </div>
  );
}
