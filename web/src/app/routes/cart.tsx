import { PageLoading } from '../../components/ui/spinner.tsx';
import { useSession } from '../../features/auth/api/get-session.ts';
import { EmailNotConfirmedNotice } from '../../features/auth/components/email-not-confirmed-notice.tsx';
import { CartPage } from '../../features/cart/components/cart-page.tsx';

/**
 * /cart (anybody): the accounts feature knows whether someone is signed in, the cart feature
 * keeps their cart; they meet here. A session that cannot be read shows this browser's cart.
 */
export function CartRoute() {
  const session = useSession();
  if (session.isPending) return <PageLoading />;
  const user = session.data?.user;
  return (
    <CartPage
      buyer={user ? { name: user.name, email: user.email } : null}
      notice={user && <EmailNotConfirmedNotice user={user} />}
    />
  );
}
