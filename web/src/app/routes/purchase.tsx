import { useSession } from '../../features/auth/api/get-session.ts';
import { EmailNotConfirmedNotice } from '../../features/auth/components/email-not-confirmed-notice.tsx';
import { useAddToCart } from '../../features/cart/api/add-to-cart.ts';
import type { LoaderFunctionArgs, MetaFunction } from 'react-router';
import {
  PurchasePage,
  purchasePageTitle,
} from '../../features/purchase/components/purchase-page.tsx';
import type { CataloguePart } from '@partsmith/contract';
import { partQuery, partQueryKey } from '../../lib/get-part.ts';
import { forSignedInBuyer, type PageAnswers } from '../answers.server.ts';
import { loadedAnswer } from '../loaded-answer.ts';
import { pageMeta } from '../meta.ts';

/**
 * /purchase/:partsId: the accounts feature knows the buyer, the purchase feature the order, the
 * cart feature the cart its Add to cart fills.
 */
export function PurchaseRoute() {
  const session = useSession();
  const addToCart = useAddToCart();
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

/** Its title names the part once the server's loader has it. */
export const meta: MetaFunction<typeof loader> = ({ data, params }) =>
  pageMeta(
    purchasePageTitle(
      loadedAnswer<CataloguePart>(data?.answers, partQueryKey(params.partsId ?? ''))?.name,
    ),
  );

/** The signed-in buyer's page, rendered with the part; a visitor is sent to sign in. */
export function loader({ params, context }: LoaderFunctionArgs): Promise<PageAnswers> {
  return forSignedInBuyer(context, (client) =>
    client.prefetchQuery(partQuery(params.partsId ?? '')),
  );
}

/** In the browser, the page asks for its own answers. */
export const clientLoader = (): PageAnswers => ({ answers: null });

export default PurchaseRoute;
