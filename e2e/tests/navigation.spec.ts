import type { Page } from '@playwright/test';
import { signUpThroughPage, unique } from './account-helpers.ts';
import { answered, expect, isMobile, test, shopUrl } from './fixtures.ts';

test('the top bar links every public page; BLOGS on desktop only', async ({ page }) => {
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  if (isMobile(page)) {
    await expect(nav.getByRole('link', { name: 'BLOGS' })).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    // The drawer comes with the navbar's on-demand chunk: read it once it is there.
    await expect(drawer.getByRole('link', { name: 'Login' })).toBeVisible();
    const labels = await drawer.getByRole('link').allInnerTexts();
    expect(labels.map((l) => l.trim().split(/\s+/)[0]).filter((l) => l !== 'Partsmith')).toEqual([
      'Home',
      'Parts',
      'My',
      'Contact',
      'Cart',
      'Login',
    ]);
    await drawer.getByRole('link', { name: 'My Portfolio' }).click();
    await expect(page).toHaveURL(/\/myPortfolio$/);
    await expect(drawer).toBeHidden();
    // Escape closes the drawer and gives focus back to the menu button.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
  } else {
    for (const [name, url] of [
      ['Parts', /\/parts$/],
      ['My Portfolio', /\/myPortfolio$/],
      ['BLOGS', /\/blogs$/],
      ['Contact', /\/contact$/],
      ['Home', /\/$/],
    ] as const) {
      await nav.getByRole('link', { name, exact: true }).click();
      await expect(page).toHaveURL(url);
    }
    await expect(nav.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
  }
});

const NOT_FOUND = "Oops! The page you're looking for isn't here.";
/** The 404 page's words as HTML writes them (React escapes the apostrophe). */
const NOT_FOUND_MARKUP = 'Oops! The page you&#x27;re looking for isn&#x27;t here.';
/** An answer whose main holds the page's markup (prerendered or rendered by the server). */
const SERVED_PAGE = /<main id="main"[^>]*>\s*<[a-z]/;

/** An <a> as the app shows it, or as the server sent it (`served`). */
type Anchor = { href: string | null; target: string | null; rel: string | null; served?: boolean };

/** Scrolls through the page as a reader would, so what loads near the viewport is there too. */
async function loadWholePage(page: Page) {
  const height = () => page.evaluate(() => document.documentElement.scrollHeight);
  for (let y = 0; y < (await height()); y += 600) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await page.waitForTimeout(25);
  }
  await page.waitForLoadState('networkidle');
}

/**
 * Opens the `start` pages and every same-origin page their links lead to (a page `expand`
 * accepts is read for links in turn, once per path whatever its query), and checks each link:
 * a same-origin target answers 200 and, when it is one of the app's pages, the app shows it
 * (not the 404 page, with the element its #fragment names); an external one is https, and one
 * opening a new tab has rel="noopener"; mailto: and tel: hold an address. Adds each problem to
 * `problems`; returns how many links it read and how many distinct same-origin targets those
 * led to.
 */
async function followLinks(
  page: Page,
  start: string[],
  expand: (path: string) => boolean,
  problems: string[],
) {
  // The element ids of each page read, for the #fragments of links to it.
  const idsOn = new Map<string, Set<string>>();
  const queue = start.map((path) => ({ path, from: '' }));
  const requested = new Set(start);
  const read = new Set<string>();
  const fragments = new Map<string, { id: string; where: string }[]>();
  const pageIds = async () =>
    new Set(await page.locator('[id]').evaluateAll((els) => els.map((el) => el.id)));
  let links = 0;
  for (let next = queue.shift(); next; next = queue.shift()) {
    const { path, from } = next;
    // Asked once: `expand` may answer yes for the first of a kind only.
    const expanding = expand(path);
    if (from) {
      // The server's own answer first, as the browser asks for the page before any script.
      const response = await page.request.get(path);
      if (response.status() !== 200) {
        problems.push(`${path} (linked from ${from}) answers ${response.status()}`);
        continue;
      }
      if (path.startsWith('/api/') || !response.headers()['content-type']?.includes('html'))
        continue;
      // A page not read for links whose answer is the page itself (prerendered or rendered by
      // the server: the app's own markup in #root, as its first render makes it) is seen there,
      // without opening it in the browser: the 404 page would be in it.
      const served = await response.text();
      if (!expanding && SERVED_PAGE.test(served)) {
        if (served.includes(NOT_FOUND_MARKUP))
          problems.push(`${path} (linked from ${from}) shows the 404 page`);
        continue;
      }
    }
    await page.goto(path);
    if (from && (await page.getByText(NOT_FOUND).count())) {
      problems.push(`${path} (linked from ${from}) shows the 404 page`);
      continue;
    }
    // A page the app sent elsewhere (a guarded page to /login) is read where it landed.
    const url = new URL(page.url());
    if (url.pathname + url.search !== path || !expanding || read.has(url.pathname)) continue;
    read.add(url.pathname);
    await loadWholePage(page);
    const ids = await pageIds();
    idsOn.set(path, ids);
    const anchors: Anchor[] = await page.locator('a').evaluateAll((as) =>
      (as as HTMLAnchorElement[]).map((a) => ({
        href: a.getAttribute('href'),
        target: a.getAttribute('target'),
        rel: a.getAttribute('rel'),
      })),
    );
    // The links of the page as the server sends it too: its HTML is what a visitor sees (and may
    // click) before the app has hydrated it.
    const served = await (await page.request.get(path)).text();
    const servedAnchors: Anchor[] = await page.evaluate(
      (html) =>
        Array.from(new DOMParser().parseFromString(html, 'text/html').querySelectorAll('a')).map(
          (a) => ({
            href: a.getAttribute('href'),
            target: a.getAttribute('target'),
            rel: a.getAttribute('rel'),
            served: true,
          }),
        ),
      served,
    );
    anchors.push(...servedAnchors);
    links += anchors.length;
    for (const anchor of anchors) {
      const where = `${anchor.href} on ${path}${anchor.served ? ' as served' : ''}`;
      if (!anchor.href || anchor.href === '#' || anchor.href.startsWith('javascript:')) {
        problems.push(`a link to nowhere: ${where}`);
        continue;
      }
      const target = new URL(anchor.href, shopUrl() + path);
      const targetPath = target.pathname + target.search;
      const id = decodeURIComponent(target.hash.slice(1));
      if (target.protocol === 'mailto:' || target.protocol === 'tel:') {
        if (!/^(mailto:[^@\s]+@[\w.-]+\.\w+|tel:\+?[\d-]{7,})$/.test(target.href))
          problems.push(`a malformed address: ${where}`);
      } else if (target.origin !== shopUrl()) {
        if (target.protocol !== 'https:') problems.push(`an external link not on https: ${where}`);
        if (anchor.target === '_blank' && !anchor.rel?.split(/\s+/).includes('noopener'))
          problems.push(`a new tab without rel="noopener": ${where}`);
      } else if (targetPath === path) {
        // On this page (the skip link's #main, the blog's contents).
        if (id && !ids.has(id)) problems.push(`no element #${id}: ${where}`);
      } else {
        if (id) fragments.set(targetPath, [...(fragments.get(targetPath) ?? []), { id, where }]);
        if (!requested.has(targetPath)) {
          requested.add(targetPath);
          queue.push({ path: targetPath, from: path });
        }
      }
    }
  }
  // A #fragment on another page needs its element there (a section loaded when near too).
  for (const [path, wanted] of fragments) {
    if (!idsOn.has(path)) {
      await page.goto(path);
      await loadWholePage(page);
      idsOn.set(path, await pageIds());
    }
    for (const { id, where } of wanted)
      if (!idsOn.get(path)?.has(id)) problems.push(`no element #${id} on ${path}: ${where}`);
  }
  return { links, targets: requested.size - start.length };
}

// One width each: the links are the same at 1280 px (the drawer's are the top bar's, above). The
// visitor's walk (the longer) runs at 375 px and the customer's at 1280 px, so that the two
// projects, side by side, end at about the same time.
test('no link is a dead end: every link of the public pages leads somewhere', async ({
  page,
  expectedConsoleErrors,
}) => {
  test.skip(
    !isMobile(page),
    "the same links at both widths: run at 375 px (the customer's at 1280)",
  );
  // About 70 pages opened one after another on a shared 2-core machine.
  test.setTimeout(300_000);
  // The 404 page is read for links too; it comes with its status.
  expectedConsoleErrors.push(answered(404, '/no/such/page'));
  const problems: string[] = [];
  // A visitor: the public pages, the 404 page, /login and each page they link to.
  // Every part's page is opened (each link must lead somewhere), and the links of one of them
  // followed: they are one template, and reading all of them took this test past its time.
  let partPageRead = false;
  const visitor = await followLinks(
    page,
    ['/', '/myPortfolio', '/blogs', '/contact', '/login', '/no/such/page'],
    (path) => {
      if (!/^\/parts\/[^/?]+/.test(path)) return true;
      if (partPageRead) return false;
      partPageRead = true;
      return true;
    },
    problems,
  );
  console.log(
    `links followed: ${visitor.links} on the public pages (${visitor.targets} distinct same-origin targets)`,
  );
  expect(visitor.targets).toBeGreaterThan(20);
  expect(problems).toEqual([]);
});

test("no link is a dead end: every link of the customer's dashboard leads somewhere", async ({
  page,
}) => {
  test.skip(isMobile(page), "the same links at both widths: run at 1280 px (the visitor's at 375)");
  test.setTimeout(180_000);
  const problems: string[] = [];
  // A confirmed customer with an unpaid order (My Orders links its payment page): the
  // dashboard's pages and each page they link to.
  await signUpThroughPage(page, unique('linkfollower'), 'Lin Kfollower');
  const parts = await (await page.request.get('/api/allParts?q=Thermal%20Compound')).json();
  const order = await page.request.post('/api/purchase', {
    headers: { origin: shopUrl() },
    data: {
      partId: parts[0]._id,
      quantity: 10,
      address: '1200 Industrial Pkwy, Austin, TX 78758',
      phone: '+1 512 555 0147',
    },
  });
  expect(order.status(), await order.text()).toBe(200);
  const customer = await followLinks(
    page,
    ['/dashboard'],
    (path) => path.startsWith('/dashboard'),
    problems,
  );
  // Each page's links as the app shows them and as the server sends them.
  console.log(
    `links followed: ${customer.links} on the dashboard (${customer.targets} distinct same-origin targets)`,
  );
  expect(customer.targets).toBeGreaterThan(10);
  expect(problems).toEqual([]);
});

test("a page's own code is named in its HTML, and loaded when a link opens a page", async ({
  page,
}) => {
  // /login's HTML names its own route's module for the browser to fetch with the app (React
  // Router's modulepreload links, docs/decisions/058).
  const html = await (await page.request.get('/login')).text();
  expect(html).toMatch(/<link rel="modulepreload" href="\/assets\/login-[\w-]+\.js"/);
  const asked: string[] = [];
  page.on('request', (request) => asked.push(new URL(request.url()).pathname));
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Create Account' })).toBeVisible();
  expect(asked.filter((path) => /^\/assets\/contact-[\w-]+\.js$/.test(path))).toEqual([]);
  // A page opened from a link loads its own module then.
  if (isMobile(page)) {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Contact' }).click();
  } else {
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Contact', exact: true })
      .click();
  }
  await expect(page).toHaveURL(/\/contact$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(asked.some((path) => /^\/assets\/contact-[\w-]+\.js$/.test(path))).toBe(true);
});
