import { useSession } from '../../features/auth/api/get-session.ts';
import { EmailNotConfirmedNotice } from '../../features/auth/components/email-not-confirmed-notice.tsx';
import { PurchasePage } from '../../features/purchase/components/purchase-page.tsx';

/** /purchase/:partsId: the accounts feature knows the buyer, the purchase feature the order. */
export function PurchaseRoute() {
  const session = useSession();
  const user = session.data?.user;
  // Rendered inside RequireUser, so a session exists.
  if (!user) return null;
  return (
    <PurchasePage
      user={{ name: user.name, email: user.email }}
      notice={<EmailNotConfirmedNotice user={user} className="lg:col-span-2" />}
    />
  );
}
