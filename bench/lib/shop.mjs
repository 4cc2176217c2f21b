// Talking to the shop as its clients do: accounts, purchases, and the checks run after them
// (the checkouts' own are in checkouts.mjs).
import { confirmThroughPeer, startMailPeer } from '../../scripts/mail-peer.mjs';
import { load } from './load.mjs';
import { MAIL_PEER_PORT } from './server.mjs';

export const ADMIN_EMAIL = 'bench-admin@example.com';
const PASSWORD = 'bench-password-2026';
export const ORDER = {
  quantity: 1,
  address: '12 Bench Street, Springfield 12345',
  phone: '+1 555 010 0200',
};

let mailPeer;

/**
 * Signs an account up, confirms its address through the link mailed to the bench's SMTP peer
 * (as a buyer would), and returns its bearer token and session cookie. Each account comes from
 * its own loopback address (X-Forwarded-For, honoured with TRUST_PROXY=127.0.0.1), as real
 * buyers would, so the per-address sign-up limit is not what is measured.
 */
export async function signUp(url, email, clientIp) {
  mailPeer ??= startMailPeer(MAIL_PEER_PORT);
  await mailPeer;
  const res = await fetch(`${url}/api/auth/sign-up/email`, {
    method: 'POST',
    // Better Auth wants the page's Origin on its writes: the shop's own, as its sign-up page sends.
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': clientIp,
      origin: new URL(url).origin,
    },
    body: JSON.stringify({ name: 'Bench Buyer', email, password: PASSWORD }),
  });
  if (!res.ok) throw new Error(`sign-up of ${email} answered ${res.status}: ${await res.text()}`);
  const token = res.headers.get('set-auth-token');
  if (!token) throw new Error('sign-up gave no set-auth-token header (is the bearer plugin on?)');
  await confirmThroughPeer(await mailPeer, email, { 'x-forwarded-for': clientIp });
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { email, token, cookie };
}

export async function signUpBuyers(url, count, tag) {
  const buyers = [];
  for (let i = 0; i < count; i++) {
    buyers.push(await signUp(url, `buyer-${tag}-${i}@example.com`, `127.1.${i >> 8}.${i & 255}`));
  }
  return buyers;
}

/** A call of the shop's API; answers its JSON and headers, throws on a status not 2xx. */
export async function api(url, path, { token, method = 'GET', body } = {}) {
  const res = await fetch(url + path, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(method !== 'GET' ? { origin: new URL(url).origin } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text}`);
  return { json: text ? JSON.parse(text) : null, headers: res.headers };
}

/** A part's stock as the API shows it. */
export const stockOf = async (url, partId) =>
  (await api(url, `/api/part/${partId}`)).json.availableQuantity;

/**
 * Purchases per second for `seconds`: every request a whole purchase (session, checks, stock,
 * order) by one of `buyers` in turn; the turns go on from one call to the next, across the
 * rounds of a run.
 */
let nextBuyer = 0;
export function purchaseLoad({ url, partId, buyers, seconds, connections = 8 }) {
  return load({
    url,
    path: '/api/purchase',
    method: 'POST',
    body: JSON.stringify({ partId, ...ORDER }),
    headers: () => ({ authorization: `Bearer ${buyers[nextBuyer++ % buyers.length].token}` }),
    connections,
    seconds,
  });
}

/**
 * After the purchase loads of a run: the part's stock once it rests (purchases in flight when a
 * load stopped commit after it), and the units and orders of the part in the buyers' orders, read
 * through the API. The stock invariant is then initial stock = `after` + `units` (stockHolds):
 * orders of every earlier load count in `units`.
 */
export async function purchaseTally({ url, partId, buyers }) {
  let after = await stockOf(url, partId);
  for (let i = 0; i < 30; i++) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const now = await stockOf(url, partId);
    if (now === after) break;
    after = now;
  }
  let units = 0;
  let orders = 0;
  for (const buyer of buyers) {
    const list = (await api(url, `/api/orders?userEmail=${encodeURIComponent(buyer.email)}`, buyer))
      .json;
    for (const order of list.filter((o) => o.partId === partId)) {
      units += order.quantity;
      orders += 1;
    }
  }
  return { after, units, orders };
}

/** Signs in an account made earlier (its bearer token), or signs it up when there is none. */
export async function signInOrUp(url, email, clientIp) {
  const res = await fetch(`${url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': clientIp,
      origin: new URL(url).origin,
    },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (!res.ok) return signUp(url, email, clientIp);
  return { email, token: res.headers.get('set-auth-token') };
}

/**
 * `count` customers made straight in a database of the shop's schema (the references' buyers:
 * no session, no mail), with confirmed addresses. Answers their ids.
 */
export async function referenceUsers(query, count, tag) {
  const rows = await query(
    `insert into users (name, email, email_verified)
     select 'Bench Reference', 'reference-' || $2 || '-' || g || '@example.com', true
     from generate_series(1, $1::int) g
     returning id`,
    [count, tag],
  );
  return rows.map((r) => r.id);
}

/** Stock invariant over every load so far: initial = left + ordered. */
export function stockHolds(initial, run) {
  return initial === run.after + run.units;
}

/**
 * Invalidation: a purchase, an add and a delete must show on the catalogue's first page at once
 * (asked twice before each change, so a cache holds it). Returns the checks that held.
 */
export async function invalidationChecks(url, admin, buyer) {
  const firstPage = async () => {
    await api(url, '/api/allParts');
    const { json, headers } = await api(url, '/api/allParts');
    return { parts: json, total: Number(headers.get('x-total-count')) };
  };
  const checks = [];

  let page = await firstPage();
  const target = page.parts.find((p) => p.availableQuantity >= p.minOrderQuantity);
  await api(url, '/api/purchase', {
    token: buyer.token,
    method: 'POST',
    body: { partId: target._id, ...ORDER, quantity: target.minOrderQuantity },
  });
  page = await firstPage();
  const seen = page.parts.find((p) => p._id === target._id);
  checks.push({
    name: 'purchase',
    ok: seen?.availableQuantity === target.availableQuantity - target.minOrderQuantity,
  });

  const totalBefore = page.total;
  const added = await api(url, '/api/addParts', {
    token: admin.token,
    method: 'POST',
    body: {
      name: 'Benchmark invalidation part',
      description: 'Added by the benchmark to check that the catalogue shows it at once.',
      image: page.parts[0].image,
      price: 12.5,
      availableQuantity: 10,
      minOrderQuantity: 1,
    },
  });
  page = await firstPage();
  const addedPart = await api(url, `/api/part/${added.json.insertedId}`).catch(() => null);
  checks.push({ name: 'add', ok: page.total === totalBefore + 1 && addedPart !== null });

  const victim = page.parts[1];
  await api(url, `/api/tools/${victim._id}`, { token: admin.token, method: 'DELETE' });
  page = await firstPage();
  checks.push({
    name: 'delete',
    ok: !page.parts.some((p) => p._id === victim._id) && page.total === totalBefore,
  });
  return checks;
}

/**
 * The shop as Lighthouse sees it (`npm run bench:lighthouse` and the bench's Lighthouse step):
 * a built server on a new data folder (demo catalogue) and a buyer with one order, so My Orders
 * shows a row as a customer's would, and a part in the cart. Returns the server and the pages to measure
 * (the signed-in ones with the buyer's cookie).
 */
export async function lighthouseShop({ startServer, port, dataDir, logDir }) {
  const server = await startServer({
    name: 'lighthouse-shop',
    port,
    env: { DATA_DIR: dataDir },
    logDir,
  });
  const url = server.url;
  const parts = await (await fetch(`${url}/api/allParts`)).json();
  const part = parts.find((p) => p.availableQuantity >= p.minOrderQuantity);
  if (!part) throw new Error('the demo catalogue has no part in stock');
  const buyer = await signUp(url, 'lighthouse-buyer@example.com', '127.4.0.1');
  const ordered = await fetch(`${url}/api/purchase`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${buyer.token}`,
      'content-type': 'application/json',
      origin: url,
    },
    body: JSON.stringify({
      partId: part._id,
      quantity: part.minOrderQuantity,
      address: '12 Bench Street, Springfield 12345',
      phone: '+1 555 010 0200',
    }),
  });
  if (!ordered.ok) throw new Error(`the order answered ${ordered.status}: ${await ordered.text()}`);
  // A line in the buyer's cart, so /cart shows what a customer's would.
  const carted = await fetch(`${url}/api/cart/lines/${part._id}`, {
    method: 'PUT',
    headers: {
      authorization: `Bearer ${buyer.token}`,
      'content-type': 'application/json',
      origin: url,
    },
    body: JSON.stringify({ quantity: part.minOrderQuantity }),
  });
  if (!carted.ok) throw new Error(`the cart answered ${carted.status}: ${await carted.text()}`);
  const { cookie } = buyer;
  const pages = [
    { name: '/', url: `${url}/` },
    { name: '/cart', url: `${url}/cart`, cookie },
    { name: '/purchase/:id', url: `${url}/purchase/${part._id}`, cookie },
    { name: '/dashboard/my-orders', url: `${url}/dashboard/my-orders`, cookie },
    { name: '/login', url: `${url}/login` },
    { name: '/parts', url: `${url}/parts` },
    { name: '/parts/:id', url: `${url}/parts/${part._id}` },
    // Two parts side by side (issue 46): the first two of the catalogue.
    {
      name: '/parts/compare',
      url: `${url}/parts/compare?ids=${parts
        .slice(0, 2)
        .map((p) => p._id)
        .join(',')}`,
    },
  ];
  return { server, url, pages };
}
