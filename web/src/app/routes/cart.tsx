import type { LoaderFunctionArgs, MetaFunction } from 'react-router';
import { cartQuery } from '../../features/cart/api/get-cart.ts';
import { CART_TITLE, CartPage } from '../../features/cart/components/cart-page.tsx';
import { forSignedInBuyer, type PageAnswers } from '../answers.server.ts';
import { pageMeta } from '../meta.ts';
import { PageLoading } from '../../components/ui/spinner.tsx';
import { useSession } from '../../features/auth/api/get-session.ts';
import { EmailNotConfirmedNotice } from '../../features/auth/components/email-not-confirmed-notice.tsx';
import { AddressPicker } from '../../features/addresses/components/address-picker.tsx';
import { addressesQuery } from '../../features/addresses/api/get-addresses.ts';
import { myCompanyQuery } from '../../lib/my-company.ts';

/**
 * /cart (anybody): the accounts feature knows whether someone is signed in, the cart feature
 * keeps their cart (a visitor's too, on the server), the address book says where it ships; they
 * meet here. A session that cannot be
 * read shows the cart as a visitor's, with the way to sign in.
 */
export function CartRoute() {
  const session = useSession();
  if (session.isPending) return <PageLoading />;
  const user = session.data?.user;
  return (
    <CartPage
      buyer={user ? { name: user.name, email: user.email } : null}
      notice={user && <EmailNotConfirmedNotice user={user} />}
      addressPicker={(props) => <AddressPicker {...props} />}
    />
  );
}

export const meta: MetaFunction = () => pageMeta(CART_TITLE);

/**
 * A signed-in buyer's cart, address book and company terms, rendered with the page (the checkout
 * form shows at once); a visitor's cart is asked for by the browser.
 */
export function loader({ context }: LoaderFunctionArgs): Promise<PageAnswers> {
  return forSignedInBuyer(context, (client) =>
    Promise.all([
      client.prefetchQuery(cartQuery()),
      client.prefetchQuery(addressesQuery()),
      client.prefetchQuery(myCompanyQuery()),
    ]),
  );
}

/** In the browser, the page asks for its own answers. */
export const clientLoader = (): PageAnswers => ({ answers: null });

export default CartRoute;
