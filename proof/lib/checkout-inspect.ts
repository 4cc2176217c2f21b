// The checkout proof's view of the shop after a round: the parts' stock, the orders stored since
// the last look with their lines, and every buyer's cart, read from PostgreSQL itself or, for the
// embedded database, through the API.
import pg from 'pg';
import { call, pool, stockOf } from './shop.ts';

export const cents = (dollars: number) => Math.round(dollars * 100);

export interface Buyer {
  index: number;
  email: string;
  token: string;
  ip: string;
  /** The lines the last checkout refused are still in the cart. */
  cartLeft: boolean;
  /** Where the buyer's orders ship (an entry of their address book). */
  addressId: string;
}

export interface StoredOrder {
  id: string;
  email: string;
  lineCount: number;
  /**
   * The order's lines' sum (`subtotal_cents`); its total adds the shipping and sales tax the
   * checkout priced (`extraCents`).
   */
  subtotalCents: number;
  extraCents: number;
  quantity: number;
  lines: { partId: string | null; quantity: number; unitCents: number }[];
}

/** What the shop stores after a round: the parts' stock, the new orders, every buyer's cart. */
export interface Snapshot {
  stock: Map<string, number>;
  orders: StoredOrder[];
  carts: Map<string, Map<string, number>>;
}

export interface Inspector {
  /** The stock, the orders stored since the last snapshot, and (`withCarts`) the carts. */
  snapshot(partIds: string[], buyers: Buyer[], withCarts: boolean): Promise<Snapshot>;
  close(): Promise<void>;
}

/** Reads the round's outcome from PostgreSQL itself: the tables, not the API. */
export async function sqlInspector(databaseUrl: string): Promise<Inspector> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let lastSeq = 0;
  return {
    async snapshot(partIds, _buyers, withCarts) {
      const stock = new Map<string, number>();
      const parts = await client.query<{ id: string; available_quantity: number }>(
        'select id, available_quantity from parts where id = any($1::uuid[])',
        [partIds],
      );
      for (const r of parts.rows) stock.set(r.id, r.available_quantity);
      const rows = await client.query<{
        id: string;
        seq: string;
        user_email: string;
        line_count: number;
        total_cents: string;
        subtotal_cents: string;
        quantity: number;
      }>(
        `select id, seq, user_email, line_count, total_cents, subtotal_cents, quantity from orders
         where seq > $1 order by seq`,
        [lastSeq],
      );
      const lines = await client.query<{
        order_id: string;
        part_id: string | null;
        quantity: number;
        unit_price_cents: number;
      }>(
        `select order_id, part_id, quantity, unit_price_cents from order_lines
         where order_id = any($1::uuid[]) order by order_id, position`,
        [rows.rows.map((r) => r.id)],
      );
      const orders = rows.rows.map((r): StoredOrder => ({
        id: r.id,
        email: r.user_email,
        lineCount: r.line_count,
        subtotalCents: Number(r.subtotal_cents),
        extraCents: Number(r.total_cents) - Number(r.subtotal_cents),
        quantity: r.quantity,
        lines: [],
      }));
      const byId = new Map(orders.map((o) => [o.id, o]));
      for (const l of lines.rows)
        byId.get(l.order_id)!.lines.push({
          partId: l.part_id,
          quantity: l.quantity,
          unitCents: l.unit_price_cents,
        });
      for (const r of rows.rows) lastSeq = Math.max(lastSeq, Number(r.seq));
      const carts = new Map<string, Map<string, number>>();
      const cartRows = withCarts
        ? await client.query<{ email: string; part_id: string; quantity: number }>(
            'select u.email, c.part_id, c.quantity from cart_lines c join users u on u.id = c.user_id',
          )
        : { rows: [] };
      for (const r of cartRows.rows) {
        if (!carts.has(r.email)) carts.set(r.email, new Map());
        carts.get(r.email)!.set(r.part_id, r.quantity);
      }
      return { stock, orders, carts };
    },
    close: () => client.end(),
  };
}

export interface ApiOrder {
  _id: string;
  userEmail: string;
  partId: string | null;
  price: number;
  quantity: number;
  total: number;
  subtotal?: number;
  lines?: { partId: string | null; price: number; quantity: number; total: number }[];
}

/** Every order through the admin's paged list, newest first. */
export async function apiOrders(base: string, adminToken: string): Promise<ApiOrder[]> {
  const list: ApiOrder[] = [];
  let cursor: string | null = null;
  do {
    const query: string = `/api/allPurchases?limit=200${cursor ? `&cursor=${cursor}` : ''}`;
    const res = await call<ApiOrder[]>(base, 'GET', query, { token: adminToken });
    if (res.status !== 200) throw new Error(`allPurchases: ${res.status}`);
    list.push(...res.body);
    cursor = res.headers.get('x-next-cursor');
  } while (cursor);
  return list;
}

/** An order as the API shows it, as stored (its lines: `lines`, or itself when it has one). */
export function fromApi(o: ApiOrder): StoredOrder {
  const lines = o.lines ?? [o];
  return {
    id: o._id,
    email: o.userEmail,
    lineCount: lines.length,
    subtotalCents: cents(o.subtotal ?? o.total),
    extraCents: cents(o.total) - cents(o.subtotal ?? o.total),
    quantity: o.quantity,
    lines: lines.map((l) => ({
      partId: l.partId,
      quantity: l.quantity,
      unitCents: cents(l.price),
    })),
  };
}

/**
 * Reads the round's outcome through the API (the embedded database is the server's own): the
 * parts' stock, the admin's order list with each order's lines, each buyer's cart.
 */
export function apiInspector(base: string, adminToken: string): Inspector {
  const seen = new Set<string>();
  return {
    async snapshot(partIds, buyers, withCarts) {
      const stock = new Map<string, number>();
      for (const id of partIds) stock.set(id, await stockOf(base, id));
      const orders = (await apiOrders(base, adminToken))
        .filter((o) => !seen.has(o._id))
        .map(fromApi)
        .reverse();
      for (const o of orders) seen.add(o.id);
      const carts = new Map<string, Map<string, number>>();
      await pool(withCarts ? buyers : [], 8, async (b) => {
        const res = await call<{ lines: { partId: string; quantity: number }[] }>(
          base,
          'GET',
          '/api/cart',
          { token: b.token, ip: b.ip },
        );
        if (res.status !== 200) throw new Error(`cart of ${b.email}: ${res.status}`);
        if (res.body.lines.length > 0)
          carts.set(b.email, new Map(res.body.lines.map((l) => [l.partId, l.quantity])));
      });
      return { stock, orders, carts };
    },
    close: async () => {},
  };
}
