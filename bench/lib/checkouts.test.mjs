import { describe, expect, it } from 'vitest';
import { bareCheckoutRounds } from './checkouts.mjs';

/** A stand-in database: each checkout answers a row after a tick; counts how many run at once. */
function fakeDatabase({ refuse = () => false } = {}) {
  const seen = { fills: [], statements: [], widest: 0 };
  let open = 0;
  return {
    seen,
    query: async (sql, params) => {
      seen.fills.push(params);
      return [];
    },
    run: async (statement) => {
      open += 1;
      seen.widest = Math.max(seen.widest, open);
      await new Promise((resolve) => setTimeout(resolve, 1));
      open -= 1;
      seen.statements.push(statement);
      return refuse(statement) ? [] : [{ id: statement.user }];
    },
  };
}

describe('bareCheckoutRounds', () => {
  const users = Array.from({ length: 10 }, (_, i) => `user-${i}`);
  const parts = [
    { id: 'part-a', min_order_quantity: 1 },
    { id: 'part-b', min_order_quantity: 3 },
  ];

  it("fills every cart each round, then sends each user's checkout, at most `connections` at once", async () => {
    const db = fakeDatabase();
    const rate = await bareCheckoutRounds({
      query: db.query,
      run: db.run,
      statementOf: (user) => ({ user }),
      users,
      parts,
      rounds: 2,
      connections: 3,
    });
    expect(rate).toBeGreaterThan(0);
    expect(db.seen.fills).toEqual([
      [users, ['part-a', 'part-b'], [1, 3]],
      [users, ['part-a', 'part-b'], [1, 3]],
    ]);
    expect(db.seen.statements.map((s) => s.user).sort()).toEqual([...users, ...users].sort());
    expect(db.seen.widest).toBe(3);
  });

  it('throws when a checkout placed no order', async () => {
    const db = fakeDatabase({ refuse: (s) => s.user === 'user-4' });
    await expect(
      bareCheckoutRounds({
        query: db.query,
        run: db.run,
        statementOf: (user) => ({ user }),
        users,
        parts,
        rounds: 1,
      }),
    ).rejects.toThrow('the bare checkouts placed 9 orders, not 10');
  });
});
