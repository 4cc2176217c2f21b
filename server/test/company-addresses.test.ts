import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { AddressList, type Address } from '@partsmith/contract';
import { users } from '../src/db/schema/index.ts';
import { insertPart } from '../src/db/seed/factories.ts';
import { CALIFORNIA, GERMANY, TEXAS } from './address-helpers.ts';
import { signUp } from './auth-helpers.ts';
import { callWith, joinWith } from './company-helpers.ts';
import { DB_KINDS, buildTestApp, recordingMailer, type TestApp } from './helpers.ts';

/**
 * Issue 49: a company's addresses are shared by its members. Its owner and admins add, change
 * and delete them; every member sees them and ships to them; nobody else does, and a member who
 * leaves loses them at once.
 */
describe.each(DB_KINDS)("a company's shared addresses on %s", (kind) => {
  let t: TestApp;
  const mail = recordingMailer();
  const people: Record<string, string> = {};
  let companyId: string;
  let partId: string;

  const send = callWith(() => t);
  const call = (
    who: string,
    method: 'GET' | 'PUT' | 'POST' | 'DELETE',
    url: string,
    payload?: object,
  ) => send(people[who]!, method, url, payload);
  const list = async (who: string) => {
    const res = await call(who, 'GET', '/api/addresses');
    expect(res.statusCode, res.body).toBe(200);
    return AddressList.parse(res.json());
  };
  const add = async (who: string, payload: object) => {
    const res = await call(who, 'POST', '/api/addresses', payload);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().insertedId as string;
  };
  const join = joinWith(call, mail.sent, () => companyId, 'owner');
  const checkout = async (who: string, addressId: string) => {
    const filled = await call(who, 'PUT', `/api/cart/lines/${partId}`, { quantity: 1 });
    expect(filled.statusCode, filled.body).toBe(200);
    return call(who, 'POST', '/api/checkout', { addressId });
  };
  const shared = (addresses: Address[]) => addresses.filter((a) => a.companyId !== undefined);

  beforeAll(async () => {
    t = await buildTestApp(kind, {
      env: { ADMIN_EMAILS: 'shop@dock.example' },
      deps: { mailer: mail.mailer },
    });
    partId = (
      await insertPart(t.database.db, {
        name: 'Shared dock bench',
        priceCents: 2_500,
        availableQuantity: 1_000,
        minOrderQuantity: 1,
      })
    ).id;
    for (const [name, email] of [
      ['owner', 'owner@dock.example'],
      ['admin', 'admin@dock.example'],
      ['buyer', 'buyer@dock.example'],
      ['approver', 'approver@dock.example'],
      ['outsider', 'outsider@else.example'],
      ['shop', 'shop@dock.example'],
    ] as const)
      people[name] = (await signUp(t, { email, name, mails: mail.mails })).cookie;
    const created = await call('owner', 'POST', '/api/auth/organization/create', {
      name: 'Dock Supplies',
      slug: 'dock-supplies',
    });
    expect(created.statusCode, created.body).toBe(200);
    companyId = created.json().id;
    await join('admin', 'admin@dock.example', 'admin');
    await join('buyer', 'buyer@dock.example', 'buyer');
    await join('approver', 'approver@dock.example', 'approver');
  });
  afterAll(() => t.close());

  let dock: string;

  it('an admin shares an address; every member sees it, marked, and an outsider does not', async () => {
    const ownOfAdmin = await add('admin', CALIFORNIA);
    dock = await add('admin', { ...TEXAS, name: 'Receiving dock', shared: true });
    // The admin's own book keeps its own default beside the company's.
    const mine = await list('admin');
    expect(mine.map((a) => [a._id, a.isDefault, a.companyId ?? null])).toEqual([
      [ownOfAdmin, true, null],
      [dock, true, companyId],
    ]);
    expect(mine[0]).not.toHaveProperty('companyId');
    expect(mine[1]).toMatchObject({ companyName: 'Dock Supplies', editable: true });
    const theirs = await list('buyer');
    expect(theirs).toEqual([
      expect.objectContaining({
        _id: dock,
        name: 'Receiving dock',
        companyId,
        companyName: 'Dock Supplies',
        isDefault: true,
        editable: false,
      }),
    ]);
    expect(shared(await list('approver'))).toMatchObject([{ _id: dock, editable: false }]);
    expect(shared(await list('owner'))).toMatchObject([{ _id: dock, editable: true }]);
    expect(await list('outsider')).toEqual([]);
  });

  it('only its owner and admins share one: a buyer gets 403, a customer without a company 422', async () => {
    const buyer = await call('buyer', 'POST', '/api/addresses', { ...GERMANY, shared: true });
    expect(buyer.statusCode).toBe(403);
    expect(buyer.json().message).toContain('owner and admins');
    const outsider = await call('outsider', 'POST', '/api/addresses', { ...GERMANY, shared: true });
    expect(outsider.statusCode).toBe(422);
    expect(outsider.json().message).toContain('belong to no company');
    // Neither added anything, to the company or their own book.
    expect(await list('outsider')).toEqual([]);
    expect((await list('buyer')).map((a) => a._id)).toEqual([dock]);
    // A buyer's own address stays their own, with its own default.
    const own = await add('buyer', { ...CALIFORNIA, shared: false });
    expect((await list('buyer')).map((a) => [a._id, a.isDefault, a.companyId ?? null])).toEqual([
      [own, true, null],
      [dock, true, companyId],
    ]);
  });

  it("a buyer checks out to the company's address; an outsider cannot", async () => {
    const preview = await call('buyer', 'POST', '/api/checkout/preview', { addressId: dock });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().address).toMatchObject({ _id: dock, name: 'Receiving dock' });
    const placed = await checkout('buyer', dock);
    expect(placed.statusCode, placed.body).toBe(200);
    const order = await call('buyer', 'GET', `/api/purchase/${placed.json().insertedId}`);
    expect(order.json().address).toContain('Receiving dock');
    expect(order.json().address).toContain('500 Congress Ave');

    const refused = await checkout('outsider', dock);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toContain('not in your address book');
    const noPreview = await call('outsider', 'POST', '/api/checkout/preview', { addressId: dock });
    expect(noPreview.statusCode).toBe(422);
  });

  it("a buyer cannot change or delete the company's address (403); an outsider finds none (404)", async () => {
    for (const who of ['buyer', 'approver']) {
      const put = await call(who, 'PUT', `/api/addresses/${dock}`, { ...TEXAS, name: 'Mine now' });
      expect(put.statusCode).toBe(403);
      expect(put.json().message).toContain('owner and admins');
      expect((await call(who, 'DELETE', `/api/addresses/${dock}`)).statusCode).toBe(403);
    }
    const put = await call('outsider', 'PUT', `/api/addresses/${dock}`, TEXAS);
    expect(put.statusCode).toBe(404);
    expect((await call('outsider', 'DELETE', `/api/addresses/${dock}`)).statusCode).toBe(404);
    expect((await list('buyer')).find((a) => a._id === dock)).toMatchObject({
      name: 'Receiving dock',
    });
  });

  it("the owner and admins change and delete them; the company's default moves like a book's", async () => {
    const yard = await add('owner', { ...CALIFORNIA, name: 'Yard gate', shared: true });
    // The company's second address is not its default; the owner's own book is still empty.
    expect(shared(await list('buyer')).map((a) => [a._id, a.isDefault])).toEqual([
      [dock, true],
      [yard, false],
    ]);
    expect((await list('owner')).every((a) => a.companyId === companyId)).toBe(true);
    const changed = await call('owner', 'PUT', `/api/addresses/${yard}`, {
      ...CALIFORNIA,
      name: 'Yard gate 2',
      isDefault: true,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      _id: yard,
      name: 'Yard gate 2',
      isDefault: true,
      companyId,
      editable: true,
    });
    // The admin's own default is untouched by the company's.
    expect((await list('admin')).filter((a) => a.isDefault).map((a) => a._id)).toEqual([
      expect.any(String),
      yard,
    ]);
    expect((await call('admin', 'DELETE', `/api/addresses/${yard}`)).statusCode).toBe(204);
    expect(shared(await list('buyer')).map((a) => [a._id, a.isDefault])).toEqual([[dock, true]]);
  });

  it('keeps one company default when its owner and admin add defaults at once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        call(i % 2 ? 'owner' : 'admin', 'POST', '/api/addresses', {
          ...TEXAS,
          name: `Bay ${i}`,
          shared: true,
          isDefault: true,
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(6).fill(201));
    const bays = shared(await list('buyer'));
    expect(bays).toHaveLength(7);
    expect(bays.filter((a) => a.isDefault)).toHaveLength(1);
    for (const answer of answers)
      expect(
        (await call('owner', 'DELETE', `/api/addresses/${answer.json().insertedId}`)).statusCode,
      ).toBe(204);
    // The last default gone, the newest left (the dock) is the company's default again.
    expect(shared(await list('buyer')).map((a) => [a._id, a.isDefault])).toEqual([[dock, true]]);
  });

  it('a member removed from the company loses its addresses at once', async () => {
    // The admin who added the dock leaves: it stays the company's, not theirs.
    const removed = await call('owner', 'POST', '/api/auth/organization/remove-member', {
      memberIdOrEmail: 'admin@dock.example',
      organizationId: companyId,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(shared(await list('admin'))).toEqual([]);
    expect((await call('admin', 'PUT', `/api/addresses/${dock}`, TEXAS)).statusCode).toBe(404);
    expect((await call('admin', 'DELETE', `/api/addresses/${dock}`)).statusCode).toBe(404);
    expect((await checkout('admin', dock)).statusCode).toBe(422);
    expect(shared(await list('buyer')).map((a) => a._id)).toEqual([dock]);

    // The buyer is removed: no more checkouts to the dock, their own address still theirs.
    expect(
      (
        await call('owner', 'POST', '/api/auth/organization/remove-member', {
          memberIdOrEmail: 'buyer@dock.example',
          organizationId: companyId,
        })
      ).statusCode,
    ).toBe(200);
    const left = await list('buyer');
    expect(left).toHaveLength(1);
    expect(left[0]).not.toHaveProperty('companyId');
    const refused = await checkout('buyer', dock);
    expect(refused.statusCode).toBe(422);
    expect((await checkout('buyer', left[0]!._id)).statusCode).toBe(200);
  });

  it('an address stays the company’s when the account that added it is deleted', async () => {
    const [added] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'admin@dock.example'));
    const deleted = await call('shop', 'DELETE', `/api/user/${added!.id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(shared(await list('owner'))).toMatchObject([{ _id: dock, editable: true }]);
    expect((await checkout('approver', dock)).statusCode).toBe(200);
  });
});
