import { useSession } from '../../features/auth/api/get-session.ts';
import { EmailNotConfirmedNotice } from '../../features/auth/components/email-not-confirmed-notice.tsx';
import { useAddToCart } from '../../features/cart/api/add-to-cart.ts';
import { PurchasePage } from '../../features/purchase/components/purchase-page.tsx';

/**
 * /purchase/:partsId: the accounts feature knows the buyer, the purchase feature the order, the
 * cart feature the cart its Add to cart fills.
 */
export function PurchaseRoute() {
  const session = useSession();
  const addToCart = useAddToCart(true);
  const user = session.data?.user;
  // Rendered inside RequireUser, so a session exists.
  if (!user) return null;
  return (
    <PurchasePage
      user={{ name: user.name, email: user.email }}
      notice={<EmailNotConfirmedNotice user={user} className="lg:col-span-2" />}
      addToCart={addToCart.mutateAsync}
    />
  );
}
