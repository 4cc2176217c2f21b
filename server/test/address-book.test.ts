import { describe, expect, it } from 'vitest';
import { Address } from '@partsmith/contract';
import { findAddress } from '../src/modules/addresses/service.ts';
import { DB_KINDS } from './helpers.ts';
import { BERLIN, TEXAS, addressBookSuite } from './address-book-helpers.ts';

// The address book: an account's addresses added, listed, replaced and deleted, seen by their
// owner only, one of them the default, at most 20. How each field is checked and stored is
// address-fields.test.ts's.
describe.each(DB_KINDS)('the address book on %s', (kind) => {
  const { shop, newcomer, post, put, remove, list, add, rowOf } = addressBookSuite(kind);

  it('adds, lists, replaces and deletes an address, stored as checked (E.164, upper-case codes)', async () => {
    const { ann } = shop();
    const res = await post(ann, TEXAS);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ acknowledged: true, insertedId: expect.any(String) });
    const id = res.json().insertedId as string;

    const stored = {
      _id: id,
      name: 'Ann Buyer',
      company: 'Acme Workshop',
      line1: '100 Congress Avenue',
      line2: 'Suite 200',
      city: 'Austin',
      region: 'TX',
      postalCode: '78701',
      country: 'US',
      phone: '+15125550147',
      taxId: null,
      isDefault: true,
    };
    expect(await list(ann)).toEqual([stored]);
    expect(await rowOf(id)).toMatchObject({ userId: ann.user.id, phone: '+15125550147' });

    // PUT takes the whole address: what it leaves out is gone.
    const changed = await put(ann, id, {
      ...BERLIN,
      name: 'Ann Buyer',
      postalCode: '10117 ',
      phone: '+49 30 1234567',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const answer = Address.parse(changed.json());
    expect(answer).toEqual({
      _id: id,
      name: 'Ann Buyer',
      company: null,
      line1: 'Unter den Linden 1',
      line2: null,
      city: 'Berlin',
      region: null,
      postalCode: '10117',
      country: 'DE',
      phone: '+49301234567',
      taxId: 'DE136695976',
      isDefault: true,
    });
    expect(await list(ann)).toEqual([answer]);

    const gone = await remove(ann, id);
    expect(gone.statusCode).toBe(204);
    expect(gone.body).toBe('');
    expect(await list(ann)).toEqual([]);
    expect((await remove(ann, id)).statusCode).toBe(404);
  });

  it('lets only the owner see, change or delete an address: any other account gets 404 as for a missing one', async () => {
    const { t, ann, ben } = shop();
    const id = await add(ann, TEXAS);
    const missing = crypto.randomUUID();

    const theirs = await put(ben, id, BERLIN);
    const none = await put(ben, missing, BERLIN);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual(none.json());
    const deleted = await remove(ben, id);
    expect(deleted.statusCode).toBe(404);
    expect(deleted.json()).toEqual((await remove(ben, missing)).json());
    expect(await list(ben)).toEqual([]);

    // Ann's address is as it was; anonymous callers are asked to sign in.
    expect((await rowOf(id)).city).toBe('Austin');
    expect((await t.app.inject({ url: '/api/addresses' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/addresses', payload: TEXAS })).statusCode,
    ).toBe(401);

    // The checkout's look-up is the owner's only too.
    expect(await findAddress(t.database.db, ann.user.id, id)).toMatchObject({ id });
    expect(await findAddress(t.database.db, ben.user.id, id)).toBeNull();
    await remove(ann, id);
  });

  it('keeps one default: the first address, or the one made so; deleting it hands it to the newest left', async () => {
    const who = await newcomer();
    const first = await add(who, { ...TEXAS, line1: '1 First Street' });
    const second = await add(who, { ...TEXAS, line1: '2 Second Street' });
    const third = await add(who, { ...TEXAS, line1: '3 Third Street', isDefault: false });
    const order = async () => (await list(who)).map((a) => [a._id, a.isDefault]);
    // The default first, then the newest.
    expect(await order()).toEqual([
      [first, true],
      [third, false],
      [second, false],
    ]);

    // A new address sent as the default takes it over.
    const fourth = await add(who, { ...TEXAS, line1: '4 Fourth Street', isDefault: true });
    expect(await order()).toEqual([
      [fourth, true],
      [third, false],
      [second, false],
      [first, false],
    ]);

    // So does a changed one; false on the default keeps it (there is always one).
    expect((await put(who, second, { ...TEXAS, isDefault: true })).json().isDefault).toBe(true);
    expect((await put(who, second, { ...TEXAS, isDefault: false })).json().isDefault).toBe(true);
    expect((await put(who, third, { ...TEXAS, isDefault: false })).json().isDefault).toBe(false);
    expect(await order()).toEqual([
      [second, true],
      [fourth, false],
      [third, false],
      [first, false],
    ]);

    // Deleting the default: the most recently created address left becomes it.
    expect((await remove(who, second)).statusCode).toBe(204);
    expect(await order()).toEqual([
      [fourth, true],
      [third, false],
      [first, false],
    ]);
    // Deleting another leaves the default where it is.
    expect((await remove(who, third)).statusCode).toBe(204);
    expect(await order()).toEqual([
      [fourth, true],
      [first, false],
    ]);
    await remove(who, fourth);
    expect(await order()).toEqual([[first, true]]);
    await remove(who, first);
    expect(await order()).toEqual([]);
    // An empty book's next address is its default again.
    const again = await add(who, TEXAS);
    expect(await order()).toEqual([[again, true]]);
  });

  it('keeps one default when several addresses are added at once', async () => {
    const who = await newcomer();
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        post(who, { ...TEXAS, line1: `${i + 1} Parallel Street`, isDefault: i % 2 === 0 }),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(6).fill(201));
    const book = await list(who);
    expect(book).toHaveLength(6);
    expect(book.filter((a) => a.isDefault)).toHaveLength(1);
  });

  it('holds at most 20 addresses an account, with a clear 422 past them', async () => {
    const who = await newcomer();
    const ids: string[] = [];
    for (let i = 0; i < 20; i++)
      ids.push(await add(who, { ...TEXAS, line1: `${i + 1} Full Street` }));
    const full = await post(who, TEXAS);
    expect(full.statusCode).toBe(422);
    expect(full.json().message).toBe(
      'Your address book is full: it holds at most 20 addresses. Delete one you no longer use first.',
    );
    expect(await list(who)).toHaveLength(20);
    // Changing one is still fine; after a delete there is room for one more.
    expect((await put(who, ids[3]!, BERLIN)).statusCode).toBe(200);
    expect((await remove(who, ids[0]!)).statusCode).toBe(204);
    await add(who, TEXAS);
    expect((await post(who, TEXAS)).statusCode).toBe(422);
  });
});
