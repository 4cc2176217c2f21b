import { afterAll, beforeAll, expect } from 'vitest';
import { eq } from 'drizzle-orm';
import { Order } from '@partsmith/contract';
import { parts } from '../src/db/schema/index.ts';
import { insertPart } from '../src/db/seed/factories.ts';
import { signUp } from './auth-helpers.ts';
import { callWith, invitationId } from './company-helpers.ts';
import { addressBook } from './address-helpers.ts';
import { buildTestApp, recordingMailer, type DbKind, type TestApp } from './helpers.ts';

/**
 * Issue 49: a company's checkouts: the PO number its terms ask for, pay by invoice on payment
 * terms (invoiced at once, due after its terms) within the credit limit, even under 20 checkouts
 * at once by its buyers (company-checkout-terms.test.ts); its invoices on terms paid, reminded of
 * and credited (company-invoices-on-terms.test.ts). What the two suites share.
 */

/**
 * The shop of the `describe` that calls this, on a fresh database: a part of $100.00, the company
 * Terms Co of 21 accounts (`cookies`: its owner, then 20 buyers), a customer without a company
 * (`solo`); opened before its tests, closed after them. `opened()` answers it once it is open;
 * its mail is kept in `mail`. With the calls the suites make on it.
 */
export function companyCheckoutSuite(kind: DbKind) {
  let t: TestApp;
  const mail = recordingMailer();
  const cookies: string[] = [];
  let solo: string;
  let companyId: string;
  let partId: string;
  const opened = () => ({ t, solo, companyId, partId });
  const addressOf = addressBook(() => t);

  const call = callWith(() => t);
  const fill = (cookie: string, quantity: number) =>
    call(cookie, 'PUT', `/api/cart/lines/${partId}`, { quantity });
  const checkout = async (cookie: string, body: object) =>
    call(cookie, 'POST', '/api/checkout', { addressId: await addressOf(cookie), ...body });
  /** The part's stock now. */
  const stock = async () =>
    (
      await t.database.db
        .select({ q: parts.availableQuantity })
        .from(parts)
        .where(eq(parts.id, partId))
    )[0]!.q;
  /**
   * shop@example.com, the shop's admin (ADMIN_EMAILS, signed up by the PO test or the invoices'
   * suite), signed in.
   */
  const shopAdmin = async () => {
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: t.config.publicUrl },
      payload: { email: 'shop@example.com', password: 'long enough 123' },
    });
    return String(signIn.headers['set-cookie']).split(';')[0]!;
  };
  const order = async (cookie: string, id: string) =>
    Order.parse((await call(cookie, 'GET', `/api/purchase/${id}`)).json());

  beforeAll(async () => {
    t = await buildTestApp(kind, {
      env: { ADMIN_EMAILS: 'shop@example.com', MAX_UNPAID_ORDERS: '2', MAX_UNPAID_VALUE: '5000' },
      deps: { mailer: mail.mailer },
    });
    // $100.00 a unit, no shipping zone needed beyond the default test shop's.
    partId = (
      await insertPart(t.database.db, {
        name: 'Terms bench vise',
        priceCents: 10_000,
        availableQuantity: 10_000,
        minOrderQuantity: 1,
      })
    ).id;
    for (let i = 0; i < 21; i++) {
      const { cookie } = await signUp(t, { email: `buyer${i}@terms.example`, mails: mail.mails });
      cookies.push(cookie);
    }
    solo = (await signUp(t, { email: 'solo@example.com', mails: mail.mails })).cookie;
    const created = await call(cookies[0]!, 'POST', '/api/auth/organization/create', {
      name: 'Terms Co',
      slug: 'terms-co',
    });
    expect(created.statusCode, created.body).toBe(200);
    companyId = created.json().id;
    // The others join as buyers, as an invitation's acceptance adds them.
    for (let i = 1; i < cookies.length; i++) {
      const email = `buyer${i}@terms.example`;
      expect(
        (
          await call(cookies[0]!, 'POST', '/api/auth/organization/invite-member', {
            email,
            role: 'buyer',
            organizationId: companyId,
          })
        ).statusCode,
      ).toBe(200);
      const id = invitationId(mail.sent, email);
      expect(
        (
          await call(cookies[i]!, 'POST', '/api/auth/organization/accept-invitation', {
            invitationId: id,
          })
        ).statusCode,
      ).toBe(200);
    }
  });
  afterAll(() => t.close());
  return {
    opened,
    mail,
    cookies,
    call,
    fill,
    checkout,
    stock,
    shopAdmin,
    order,
    addressOf,
  };
}
