import type { Cart, Order } from '@partsmith/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeQueryClient } from '../app/providers.tsx';
import { routes } from '../app/route-table.tsx';
import { prefetchPage } from '../app/router.tsx';
import { firstRender, parsed } from '../test/first-render.tsx';
import { cartLineOf, jane, part, PART_ID, thermalPasteOrder } from '../test/fixtures.ts';
import { apiError, json, mockApi, sessionFor, type Routes } from '../test/mock-api.ts';
import { renderPage, type Send } from './render-page.tsx';

const order = thermalPasteOrder({ name: 'Thermal paste, 4 g' });
const cart: Cart = { lines: [cartLineOf(6)], count: 6, total: 1737 };

/** The answers a buyer's requests get, per "METHOD /path?query" as the app sends them. */
function answersFor(
  user: { name: string; email: string; emailVerified?: boolean },
  orders: Order[],
): Routes {
  const email = encodeURIComponent(user.email);
  return {
    'GET /api/auth/get-session': () => json(sessionFor(user)),
    [`GET /api/part/${PART_ID}`]: () => json(part),
    [`GET /api/admin/${email}`]: () => json({ admin: false }),
    [`GET /api/orders?userEmail=${email}`]: () => json(orders),
    'GET /api/cart': () => json(cart),
  };
}

/** A `send` answering from `routes`, recording what it was asked (404 for anything else). */
function sender(routes: Routes) {
  const asked: string[] = [];
  const send: Send = async (url, init) => {
    const key = `${init.method ?? 'GET'} ${url}`;
    asked.push(key);
    const answer = routes[key];
    return answer ? answer({ method: 'GET', path: url, body: undefined }) : apiError(404, key);
  };
  return { send, asked };
}

/** The page as the page itself shows it in the browser, once the same answers are in. */
async function inTheBrowser(path: string, answers: Routes) {
  const byPath: Routes = {};
  for (const [key, answer] of Object.entries(answers)) byPath[key.split('?')[0]!] = answer;
  mockApi(byPath);
  const client = makeQueryClient();
  await prefetchPage(client, routes, path);
  return firstRender(path, client);
}

afterEach(() => vi.restoreAllMocks());

describe("the server's rendering of a signed-in page", () => {
  it('renders a purchase page with the part, its picture and the buyer, titled by the part', async () => {
    const { send, asked } = sender(answersFor(jane, []));
    const page = await renderPage(`/purchase/${PART_ID}`, send);
    expect(page?.title).toBe('Buy Ryzen 7 8-core CPU | Partsmith');
    const box = document.createElement('div');
    box.innerHTML = page?.markup ?? '';
    expect(box.querySelector('main h1')?.textContent).toBe('Ryzen 7 8-core CPU');
    expect(box.querySelector('main img')?.getAttribute('src')).toContain('cpu-8core');
    expect(box.querySelector<HTMLInputElement>('input[type="email"]')?.value).toBe(jane.email);
    // Nobody can type into (or send) the server's copy of the form before the app runs it.
    const fields = [...box.querySelectorAll('form input, form textarea, form button')];
    expect(fields.length).toBeGreaterThan(4);
    expect(fields.every((field) => field.matches(':disabled'))).toBe(true);
    // The navbar knows who is there: Dashboard, not Login.
    const navLinks = [...box.querySelectorAll('header a')].map((a) => a.textContent);
    expect(navLinks).toContain('Dashboard');
    expect(navLinks).not.toContain('Login');
    expect(page?.markup).not.toMatch(/<script|<title|<link/);
    expect(asked.sort()).toEqual(['GET /api/auth/get-session', `GET /api/part/${PART_ID}`]);
  });

  it("renders My Orders with the buyer's orders", async () => {
    const { send, asked } = sender(answersFor(jane, [order]));
    const page = await renderPage('/dashboard/my-orders', send);
    expect(page?.title).toBe('My Orders | Partsmith');
    const box = document.createElement('div');
    box.innerHTML = page?.markup ?? '';
    expect(box.querySelector('main h1, main h2')?.textContent).toContain('My Orders');
    expect(box.querySelector('main table')?.textContent).toContain('Thermal paste, 4 g');
    expect(asked).toContain('GET /api/orders?userEmail=jane%40example.com');
  });

  it("renders the signed-in buyer's cart with its lines, total and checkout", async () => {
    const { send, asked } = sender(answersFor(jane, []));
    const page = await renderPage('/cart', send);
    expect(page?.title).toBe('Your Cart | Partsmith');
    const box = document.createElement('div');
    box.innerHTML = page?.markup ?? '';
    expect(box.querySelector('main h1')?.textContent).toBe('Your cart');
    expect(box.querySelector('main ul')?.textContent).toContain('Ryzen 7 8-core CPU');
    expect(box.querySelector('main img')?.getAttribute('src')).toContain('cpu-8core');
    expect(box.textContent).toContain('$1,737.00');
    // The quantity, Remove and the checkout wait for the app, as the purchase form does.
    const controls = [...box.querySelectorAll('main input, main button')];
    expect(controls.length).toBeGreaterThan(3);
    expect(controls.every((control) => control.matches(':disabled'))).toBe(true);
    expect(asked.sort()).toEqual(['GET /api/auth/get-session', 'GET /api/cart']);
  });

  it("is what the browser's first render makes with the same answers", async () => {
    for (const [path, orders] of [
      [`/purchase/${PART_ID}`, []],
      ['/dashboard/my-orders', [order]],
      ['/cart', []],
    ] as const) {
      const answers = answersFor(jane, [...orders]);
      const page = await renderPage(path, sender(answers).send);
      const browser = await inTheBrowser(path, answers);
      expect(parsed(page?.markup ?? ''), path).toBe(browser.html);
      expect(page?.title, path).toBe(browser.title);
      vi.restoreAllMocks();
    }
  });

  it("is the same with an unconfirmed address's notice and an unpaid order's expiry", async () => {
    const unconfirmed = { ...jane, emailVerified: false };
    const expiring = thermalPasteOrder({ expiresAt: '2025-03-03T10:00:00.000Z' });
    for (const [path, orders] of [
      [`/purchase/${PART_ID}`, []],
      ['/dashboard/my-orders', [expiring]],
    ] as const) {
      const answers = answersFor(unconfirmed, [...orders]);
      const page = await renderPage(path, sender(answers).send);
      expect(page?.markup, path).toContain('Please confirm your e-mail address');
      const browser = await inTheBrowser(path, answers);
      expect(parsed(page?.markup ?? ''), path).toBe(browser.html);
      vi.restoreAllMocks();
    }
  });

  it('leaves the page to the shell when nobody is signed in or an answer failed', async () => {
    const signedOut = { ...answersFor(jane, []), 'GET /api/auth/get-session': () => json(null) };
    expect(await renderPage('/dashboard/my-orders', sender(signedOut).send)).toBeNull();
    expect(await renderPage(`/purchase/${PART_ID}`, sender(signedOut).send)).toBeNull();
    // A visitor's cart is in their browser: the shell.
    expect(await renderPage('/cart', sender(signedOut).send)).toBeNull();

    const gone = { ...answersFor(jane, []), [`GET /api/part/${PART_ID}`]: () => apiError(404, '') };
    expect(await renderPage(`/purchase/${PART_ID}`, sender(gone).send)).toBeNull();

    const failing = sender({
      ...answersFor(jane, []),
      'GET /api/orders?userEmail=jane%40example.com': () => apiError(500, 'down'),
    });
    expect(await renderPage('/dashboard/my-orders', failing.send)).toBeNull();
    // Asked once: the browser's app asks again, the HTML does not wait for retries.
    expect(failing.asked.filter((key) => key.startsWith('GET /api/orders'))).toHaveLength(1);
  });

  it("renders a part's page for everybody, with its description, canonical URL and Product data", async () => {
    const catalogued = {
      ...part,
      category: 'processors',
      categoryName: 'Processors',
      attributes: { socket: 'AM5', cores: 8 },
      specification: [
        { key: 'socket', label: 'Socket', value: 'AM5' },
        { key: 'cores', label: 'Cores', value: '8' },
      ],
    };
    // Asked as nobody (the server sends no cookie): the same page for all.
    const { send } = sender({
      'GET /api/auth/get-session': () => json(null),
      [`GET /api/part/${PART_ID}`]: () => json(catalogued),
    });
    const page = await renderPage(`/parts/${PART_ID}`, send, 'https://shop.example');
    expect(page?.title).toBe('Ryzen 7 8-core CPU | Partsmith');
    const box = document.createElement('div');
    box.innerHTML = page?.markup ?? '';
    expect(box.querySelector('main h1')?.textContent).toBe('Ryzen 7 8-core CPU');
    expect([...box.querySelectorAll('th')].map((th) => th.textContent)).toEqual([
      'Socket',
      'Cores',
    ]);
    expect(box.querySelector(`a[href="/purchase/${PART_ID}"]`)?.textContent).toBe('Buy');
    const head = document.createElement('head');
    head.innerHTML = page?.head ?? '';
    expect(head.querySelector('link[rel=canonical]')?.getAttribute('href')).toBe(
      `https://shop.example/parts/${PART_ID}`,
    );
    expect(head.querySelector('meta[property="og:title"]')?.getAttribute('content')).toBe(
      'Ryzen 7 8-core CPU',
    );
    const product = JSON.parse(
      head.querySelector('script[type="application/ld+json"]')?.textContent ?? '{}',
    );
    // The fields search engines require of a Product with an offer.
    expect(product).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Ryzen 7 8-core CPU',
      sku: PART_ID,
      description: part.description,
      image: [expect.stringMatching(/^https:\/\/shop\.example\//)],
      offers: {
        '@type': 'Offer',
        price: part.price.toFixed(2),
        priceCurrency: 'USD',
        availability: 'https://schema.org/InStock',
      },
    });

    const gone = sender({
      'GET /api/auth/get-session': () => json(null),
      [`GET /api/part/${PART_ID}`]: () => apiError(404, 'gone'),
    });
    expect(await renderPage(`/parts/${PART_ID}`, gone.send)).toMatchObject({ missing: true });
  });

  it('renders the search page for everybody with its results and facets, as the browser does', async () => {
    const answer = {
      items: [{ ...part, category: 'processors', categoryName: 'Processors', attributes: {} }],
      facets: {
        categories: [{ slug: 'processors', name: 'Processors', count: 1, selected: false }],
        attributes: [],
      },
      total: 1,
      nextCursor: null,
    };
    // The bare /parts, asked as nobody: its search without a query.
    const answers: Routes = {
      'GET /api/auth/get-session': () => json(null),
      'GET /api/parts/search?': () => json(answer),
    };
    const page = await renderPage('/parts', sender(answers).send);
    expect(page?.title).toBe('Search the parts | Partsmith');
    const box = document.createElement('div');
    box.innerHTML = page?.markup ?? '';
    expect(box.querySelector('#results-heading')?.textContent).toBe('1 part');
    expect(box.querySelector(`a[href="/parts/${PART_ID}"]`)?.textContent).toBe(part.name);
    // The first card's picture is asked for at once: the page's largest paint.
    expect(box.querySelector('article img')?.getAttribute('loading')).toBe('eager');
    const browser = await inTheBrowser('/parts', answers);
    expect(parsed(page?.markup ?? '')).toBe(browser.html);
  });

  it('renders only the pages it lists, asking for nothing for the others', async () => {
    const { send, asked } = sender(answersFor(jane, []));
    for (const path of ['/', '/login', '/dashboard', '/dashboard/my-profile', '/purchase']) {
      expect(await renderPage(path, send), path).toBeNull();
    }
    expect(asked).toEqual([]);
  });

  it("keeps each render's requests to its own buyer when several run at once", async () => {
    const john = { name: 'John Roe', email: 'john@example.com' };
    const slow = (routes: Routes, ms: number): Routes =>
      Object.fromEntries(
        Object.entries(routes).map(([key, answer]) => [
          key,
          (call) => new Promise((done) => setTimeout(() => done(answer(call)), ms)),
        ]),
      );
    const [forJane, forJohn] = await Promise.all([
      renderPage('/dashboard/my-orders', sender(slow(answersFor(jane, [order]), 30)).send),
      renderPage(
        '/dashboard/my-orders',
        sender(slow(answersFor(john, [{ ...order, name: 'Case fan, 120 mm' }]), 5)).send,
      ),
    ]);
    expect(forJane?.markup).toContain('Thermal paste, 4 g');
    expect(forJane?.markup).not.toContain('Case fan');
    expect(forJohn?.markup).toContain('Case fan, 120 mm');
    expect(forJohn?.markup).not.toContain('Thermal paste');
  });
});
