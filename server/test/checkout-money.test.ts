import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import { CheckoutPreview, CheckoutProblem } from '@partsmith/contract';
import { cartLines, parts } from '../src/db/schema/index.ts';
import { insertPart } from '../src/db/seed/factories.ts';
import { DB_KINDS, type TestApp, recordingMailer } from './helpers.ts';
import { CALIFORNIA, GERMANY, TEXAS, addAddress } from './address-helpers.ts';
import { cartCalls, openCartShop, type Shopper } from './cart-helpers.ts';

const cents = (dollars: number) => Math.round(dollars * 100);

// Shipping and sales tax from the cart to the invoice (issue 47, decision 060).
describe.each(DB_KINDS)('what an order comes to, shipped and taxed, on %s', (kind) => {
  let t: TestApp;
  let alice: Shopper;
  let owner: { cookie: string };
  const { sent, mailer, mails } = recordingMailer();
  const addresses: Record<'texas' | 'california' | 'germany', string> = {
    texas: '',
    california: '',
    germany: '',
  };

  beforeAll(async () => {
    ({ t, alice, owner } = await openCartShop(kind, mailer, mails));
    addresses.texas = await addAddress(t, alice.cookie, TEXAS);
    addresses.california = await addAddress(t, alice.cookie, CALIFORNIA);
    addresses.germany = await addAddress(t, alice.cookie, GERMANY);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.database.db.delete(cartLines).where(eq(cartLines.userId, alice.user.id));
  });

  const { put, checkout, order, pay } = cartCalls(() => ({ t, alice }), sent);
  const call = (method: 'POST' | 'PUT' | 'DELETE', url: string, cookie: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const preview = async (addressId: string, shippingMethod?: string) => {
    const res = await call('POST', '/api/checkout/preview', alice.cookie, {
      addressId,
      ...(shippingMethod ? { shippingMethod } : {}),
    });
    expect(res.statusCode, res.body).toBe(200);
    return CheckoutPreview.parse(res.json());
  };
  const adds = (p: { subtotal: number; shipping: number; taxes: { amount: number }[] }) =>
    cents(p.subtotal) +
    cents(p.shipping) +
    p.taxes.reduce((sum, tax) => sum + cents(tax.amount), 0);

  it('prices the cart for Texas: Standard or Express, 8.25% on the lines and the shipping', async () => {
    const part = await insertPart(t.database.db, { priceCents: 12_000, availableQuantity: 20 });
    await put(alice.cookie, part.id, 2);
    const cheapest = await preview(addresses.texas);
    expect(cheapest).toMatchObject({
      subtotal: 240,
      shippingMethods: [
        { name: 'Standard', price: 9.9, days: { min: 3, max: 5 } },
        { name: 'Express', price: 24.9, days: { min: 1, max: 2 } },
      ],
      shippingMethod: { name: 'Standard', price: 9.9 },
      shipping: 9.9,
      // (240 + 9.90) x 8.25% = 20.61675 -> 20.62
      taxes: [{ name: 'Texas sales tax', rate: 8.25, amount: 20.62 }],
      total: 270.52,
      shippable: true,
      exemption: null,
    });
    const express = await preview(addresses.texas, cheapest.shippingMethods[1]!.id);
    // (240 + 24.90) x 8.25% = 21.85425 -> 21.85
    expect(express).toMatchObject({ shipping: 24.9, total: 286.75 });
    // California has no rate; Germany ships by the Europe zone, untaxed.
    expect(await preview(addresses.california)).toMatchObject({ taxes: [], total: 249.9 });
    expect(await preview(addresses.germany)).toMatchObject({
      shippingMethods: [{ name: 'International', price: 29 }],
      total: 269,
    });
    // A method of another zone is refused by name.
    const wrong = await call('POST', '/api/checkout/preview', alice.cookie, {
      addressId: addresses.germany,
      shippingMethod: cheapest.shippingMethods[0]!.id,
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().message).toMatch(/shippingMethod/);
    // Free above $500: five units are $600.
    await put(alice.cookie, part.id, 5);
    expect(await preview(addresses.texas)).toMatchObject({ shipping: 0, total: 649.5 });
  });

  it('places the order at the total the buyer saw, and refuses a total that changed (409 with the new preview)', async () => {
    const part = await insertPart(t.database.db, { priceCents: 5_000, availableQuantity: 20 });
    await put(alice.cookie, part.id, 1);
    const seen = await preview(addresses.texas);
    // The owner changes the price in between.
    await t.database.db.update(parts).set({ priceCents: 5_500 }).where(eq(parts.id, part.id));
    const refused = await checkout(alice.cookie, {}, { expectedTotal: seen.total });
    expect(refused.statusCode, refused.body).toBe(409);
    const problem = CheckoutProblem.parse(refused.json());
    expect(problem.message).toMatch(/total of your order changed/);
    expect(problem.preview!.subtotal).toBe(55);
    expect(problem.preview!.total).not.toBe(seen.total);
    // Placed at the new total once the buyer saw it; paid for exactly that.
    const placed = await checkout(alice.cookie, {}, { expectedTotal: problem.preview!.total });
    expect(placed.statusCode, placed.body).toBe(200);
    const id = placed.json().insertedId as string;
    const got = await order(id);
    expect(got.total).toBe(problem.preview!.total);
    expect(cents(got.total)).toBe(adds(got as Parameters<typeof adds>[0]));
    const { amount } = await pay(id);
    expect(amount).toBe(got.total);
  });

  it('takes what the admins change at once: a new state rate, a free-shipping threshold, an exemption', async () => {
    const part = await insertPart(t.database.db, { priceCents: 10_000, availableQuantity: 20 });
    await put(alice.cookie, part.id, 1);
    expect((await preview(addresses.california)).taxes).toEqual([]);
    const rate = await call('POST', '/api/tax-rates', owner.cookie, {
      country: 'US',
      region: 'CA',
      name: 'California sales tax',
      rate: 7.25,
      shippingTaxed: false,
    });
    expect(rate.statusCode, rate.body).toBe(200);
    const zones = (
      await t.app.inject({ url: '/api/shipping-zones', headers: { cookie: owner.cookie } })
    ).json();
    const standard = zones[0].methods.find((m: { name: string }) => m.name === 'Standard');
    const cheaper = await call('PUT', `/api/shipping-methods/${standard._id}`, owner.cookie, {
      name: 'Standard',
      kind: 'flat',
      price: 9.9,
      freeAbove: 100,
      minDays: 3,
      maxDays: 5,
    });
    expect(cheaper.statusCode, cheaper.body).toBe(200);
    // $100 + free shipping + 7.25% = $107.25
    expect(await preview(addresses.california)).toMatchObject({
      shipping: 0,
      taxes: [{ name: 'California sales tax', rate: 7.25, amount: 7.25 }],
      total: 107.25,
    });
    const exempt = await call('PUT', '/api/users/alice@example.com/tax-exemption', owner.cookie, {
      certificate: 'TX-RESALE-0042',
      note: 'Reseller',
    });
    expect(exempt.statusCode, exempt.body).toBe(200);
    expect(await preview(addresses.texas)).toMatchObject({
      taxes: [],
      exemption: 'TX-RESALE-0042',
      total: 100,
    });
    const placed = await checkout(alice.cookie, {}, {});
    const got = await order(placed.json().insertedId as string);
    expect(got).toMatchObject({ taxes: [], taxExemption: 'TX-RESALE-0042', total: 100 });
    // Put back as seeded, for the other tests.
    await call('DELETE', '/api/users/alice@example.com/tax-exemption', owner.cookie);
    await call('DELETE', `/api/tax-rates/${rate.json()._id}`, owner.cookie);
    await call('PUT', `/api/shipping-methods/${standard._id}`, owner.cookie, {
      name: 'Standard',
      kind: 'flat',
      price: 9.9,
      freeAbove: 500,
      minDays: 3,
      maxDays: 5,
    });
  });

  it('adds up to the cent for any cart, destination, exemption and volume price; the payment is the total', async () => {
    const destinations = Object.keys(addresses) as (keyof typeof addresses)[];
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            priceCents: fc.integer({ min: 1, max: 300_000 }),
            quantity: fc.integer({ min: 1, max: 30 }),
            breakAt: fc.integer({ min: 2, max: 20 }),
            breakOff: fc.integer({ min: 1, max: 40 }),
          }),
          { minLength: 1, maxLength: 4 },
        ),
        fc.constantFrom(...destinations),
        fc.boolean(),
        fc.boolean(),
        async (lines, destination, exempt, express) => {
          await t.database.db.delete(cartLines).where(eq(cartLines.userId, alice.user.id));
          if (exempt)
            await call('PUT', '/api/users/alice@example.com/tax-exemption', owner.cookie, {
              certificate: 'EX-1',
            });
          else await call('DELETE', '/api/users/alice@example.com/tax-exemption', owner.cookie);
          for (const line of lines) {
            const part = await insertPart(t.database.db, {
              priceCents: line.priceCents,
              availableQuantity: 100,
              minOrderQuantity: 1,
              priceBreaks: [
                {
                  minQuantity: line.breakAt,
                  priceCents: Math.max(
                    1,
                    Math.round((line.priceCents * (100 - line.breakOff)) / 100),
                  ),
                },
              ],
            });
            expect((await put(alice.cookie, part.id, line.quantity)).statusCode).toBe(200);
          }
          const options = await preview(addresses[destination]);
          const method = express ? options.shippingMethods.at(-1)!.id : undefined;
          const seen = await preview(addresses[destination], method);
          expect(cents(seen.total)).toBe(adds(seen));
          expect(cents(seen.subtotal)).toBe(
            seen.lines.reduce((sum, line) => sum + cents(line.price) * line.quantity, 0),
          );
          if (exempt) expect(seen.taxes).toEqual([]);
          const placed = await checkout(
            alice.cookie,
            {},
            {
              addressId: addresses[destination],
              expectedTotal: seen.total,
              ...(method ? { shippingMethod: method } : {}),
            },
          );
          expect(placed.statusCode, placed.body).toBe(200);
          const id = placed.json().insertedId as string;
          const got = await order(id);
          expect(got.total).toBe(seen.total);
          expect(cents(got.total)).toBe(adds(got as Parameters<typeof adds>[0]));
          const intent = await call('POST', '/api/create-payment-intent', alice.cookie, {
            orderId: id,
          });
          expect(intent.statusCode, intent.body).toBe(200);
          expect(intent.json().amount).toBe(got.total);
        },
      ),
      { numRuns: 15 },
    );
    await call('DELETE', '/api/users/alice@example.com/tax-exemption', owner.cookie);
  });

  it('cannot check out to a place no method reaches, and says so before', async () => {
    const part = await insertPart(t.database.db, { priceCents: 1_000, availableQuantity: 5 });
    await put(alice.cookie, part.id, 1);
    const zones = (
      await t.app.inject({ url: '/api/shipping-zones', headers: { cookie: owner.cookie } })
    ).json();
    const europe = zones.find((z: { name: string }) => z.name === 'Europe');
    // Europe's zone gone, Germany falls to the rest of the world; its zone gone too, nothing ships.
    const rest = zones.find((z: { name: string }) => z.name === 'Rest of the world');
    await call('PUT', `/api/shipping-zones/${rest._id}`, owner.cookie, {
      name: rest.name,
      countries: ['JP'],
      regions: [],
    });
    await call('PUT', `/api/shipping-zones/${europe._id}`, owner.cookie, {
      name: europe.name,
      countries: ['FR'],
      regions: [],
    });
    const seen = await preview(addresses.germany);
    expect(seen).toMatchObject({ shippable: false, shippingMethods: [], shippingMethod: null });
    expect(seen.problem).toMatch(/do not ship to/);
    const refused = await checkout(alice.cookie, {}, { addressId: addresses.germany });
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().message).toMatch(/do not ship to/);
    await call('PUT', `/api/shipping-zones/${rest._id}`, owner.cookie, {
      name: rest.name,
      countries: [],
      regions: [],
    });
    await call('PUT', `/api/shipping-zones/${europe._id}`, owner.cookie, {
      name: europe.name,
      countries: europe.countries,
      regions: [],
    });
  });

  it('refuses the old free-text body, naming the field', async () => {
    const res = await call('POST', '/api/checkout', alice.cookie, {
      address: '1 Main Street, Springfield',
      phone: '+1 217 555 0100',
    });
    expect([400, 422]).toContain(res.statusCode);
    expect(res.json().message).toMatch(/addressId/);
  });
});
