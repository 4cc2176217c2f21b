import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_LISTS, pageStatements, PAGE_ROWS } from './admin-lists.mjs';
import { load } from './statements.mjs';

// The references send what the server sends (docs/decisions/055): made by its own code.
describe("the admin tables' statements for the references", () => {
  let cursorOf;
  // The server's modules are compiled by tsx once, here: seconds on a busy machine.
  beforeAll(async () => {
    const [{ encodeCursor }, parts, orders] = await Promise.all([
      load('db/keyset.ts'),
      load(ADMIN_LISTS.parts.module),
      load(ADMIN_LISTS.orders.module),
    ]);
    cursorOf = (module, sorts, sort, keys) => encodeCursor(module[sorts][sort], keys);
    cursorOf.parts = parts;
    cursorOf.orders = orders;
  }, 120_000);

  it("gives a page of parts past a cursor, and the count kept by the catalogue's trigger", async () => {
    const cursor = cursorOf(cursorOf.parts, 'ADMIN_PART_SORT', 'name', ['Forge DDR5', '4711']);
    const { statements, lines } = await pageStatements('parts', { sort: 'name', cursor });
    expect(lines).toBeNull();
    expect(statements).toHaveLength(2);
    const [page, total] = statements;
    expect(page.sql).toMatch(
      /\("parts"\."name", "parts"\."seq"\) > \(\$\d+::text, \$\d+::bigint\)/,
    );
    expect(page.sql).toMatch(/order by "parts"\."name" asc, "parts"\."seq" asc limit 26$/);
    expect(page.sql).not.toMatch(/"search"/);
    expect(page.params).toEqual(expect.arrayContaining(['Forge DDR5', '4711']));
    expect(page.sql.match(/\$\d+/g)).toHaveLength(page.params.length);
    expect(total.sql).toMatch(/catalogue_stats/);
    expect(PAGE_ROWS).toBe(25);
  });

  it('gives a page of orders, its count and the statement of its lines', async () => {
    const cursor = cursorOf(cursorOf.orders, 'ADMIN_ORDER_SORT', 'newest', [
      '2026-05-03T12:00:00.000001Z',
      '99',
    ]);
    const { statements, lines } = await pageStatements('orders', { cursor, status: 'paid' });
    const [page, count] = statements;
    // The ids are the page's first column: the reference reads the lines of those.
    expect(page.sql).toMatch(/^select "id", /);
    expect(page.sql).toMatch(/"orders"\."created_at", "orders"\."seq"\) < \(\$\d+::timestamptz/);
    expect(page.params).toContain('2026-05-03T12:00:00.000001Z');
    expect(count.sql).toMatch(/^select count\(\*\) as count from "orders"/);
    expect(count.sql).toMatch(/shipped_at" is null/);
    expect(lines.sql).toMatch(/from "order_lines" where "order_lines"\."order_id" = any\(\$1\)/);
    expect(lines.params).toHaveLength(1);
  });
});
