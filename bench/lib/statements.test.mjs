import { beforeAll, describe, expect, it } from 'vitest';
import {
  checkoutStatement,
  listStatements,
  pageParams,
  purchaseStatement,
  texasOrder,
  waitingStatements,
} from './statements.mjs';

const buyer = { id: '00000000-0000-4000-8000-000000000001', email: 'b@example.com', name: 'B' };
const order = {
  partId: '00000000-0000-4000-8000-000000000002',
  quantity: 3,
  address: 'A',
  phone: 'P',
};

// The references send what the server sends (docs/decisions/055): made by its own code.
describe("the server's statements for the references", () => {
  // The server's modules are compiled by tsx once, here: seconds on a busy machine.
  beforeAll(() => Promise.all([purchaseStatement(order, buyer), listStatements('1')]), 120_000);

  it('gives the purchase as one statement with its values in place', async () => {
    const { sql, params } = await purchaseStatement(order, buyer);
    expect(sql).toMatch(/^\s*with taken as \(update "parts"/);
    expect(sql).toMatch(/insert into "orders"/);
    expect(params).toContain(order.partId);
    expect(params).toContain(buyer.id);
    expect(params).toContain(order.address);
    expect(sql.match(/\$\d+/g)).toHaveLength(params.length);
  });

  it("gives the checkout of the buyer's cart, locking its parts only when asked", async () => {
    const priced = await texasOrder(10_000);
    // $100 + $9.90 Standard, taxed 8.25% with its shipping: 9.0675 -> 9.07.
    expect(priced).toMatchObject({ shippingCents: 990, taxCents: 907, totalCents: 11_897 });
    const locked = await checkoutStatement(priced, buyer, { lockParts: true });
    const unlocked = await checkoutStatement(priced, buyer, { lockParts: false });
    expect(locked.sql).toMatch(/for update/);
    expect(unlocked.sql).not.toMatch(/for update/);
    expect(locked.params.filter((v) => v === buyer.id).length).toBeGreaterThan(0);
    // Priced with shipping and tax: the statement holds the subtotal it must find, and both.
    expect(locked.params).toContain(10_000);
    expect(locked.params).toContain(907);
  });

  it('gives the two statements of a page of the list past a cursor', async () => {
    const [page, count] = await listStatements('123');
    expect(page.sql).toMatch(/"parts"\."listed" = \$1 and "parts"\."seq" > \$2/);
    expect(page.params).toEqual([true, 123]);
    // The references send another cursor with the same statement.
    expect(pageParams(page, 456)).toEqual([true, 456]);
    expect(page.sql.match(/\$\d+/g)).toHaveLength(pageParams(page, 456).length);
    expect(count.sql).toMatch(/catalogue_stats/);
  });

  it("gives the dashboard's waiting counts: the staff's six, a customer's three of their own", async () => {
    const { staff, customer } = await waitingStatements(buyer.id);
    // The orders to ship are counted in two parts, paid and on account, each from its own index.
    expect(staff).toHaveLength(6);
    expect(staff.map((s) => s.sql.match(/ from "(\w+)"/)?.[1]).sort()).toEqual([
      'contact_messages',
      'invoice_payments',
      'orders',
      'orders',
      'parts',
      'quotes',
    ]);
    expect(customer).toHaveLength(3);
    for (const { sql, params } of customer) {
      expect(params).toContain(buyer.id);
      expect(sql).toMatch(/"user_id" = \$1/);
    }
  });
});
