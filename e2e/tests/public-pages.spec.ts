import { answered, expect, test } from './fixtures.ts';

const PAGES = [
  { path: '/', heading: /GET RAM, MOTHERBOARD/i, status: 200 },
  { path: '/myPortfolio', heading: /web team/i, status: 200 },
  { path: '/blogs', heading: /questions and answers/i, status: 200 },
  { path: '/contact', heading: /contact/i, status: 200 },
  { path: '/info/delivery', heading: /delivery/i, status: 200 },
  { path: '/info/privacy-policy', heading: /privacy/i, status: 200 },
  { path: '/no/such/page', heading: /404|Oops/i, status: 404 },
];

for (const page of PAGES) {
  test(`${page.path} renders with its status and one h1 (axe: accessibility.spec.ts)`, async ({
    page: p,
    expectedConsoleErrors,
  }, info) => {
    // The 404 page comes with its status: the browser logs it.
    if (page.status === 404) expectedConsoleErrors.push(answered(404, page.path));
    const response = await p.goto(page.path);
    expect(response?.status()).toBe(page.status);
    await expect(p.locator('h1')).toHaveCount(1);
    await expect(p.locator('h1')).toContainText(page.heading);
    // Let lazy content settle (parts grid, reviews) before auditing.
    await p.waitForLoadState('networkidle');
    await p.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await p.waitForLoadState('networkidle');
    await p.screenshot({
      path: info.outputPath(`${page.path.replace(/\W+/g, '_') || 'home'}.png`),
      fullPage: true,
    });
  });
}

test('the 404 page says so and leads back home', async ({ page, expectedConsoleErrors }) => {
  expectedConsoleErrors.push(answered(404, '/definitely-not-here'));
  await page.goto('/definitely-not-here');
  await expect(page.getByText("Oops! The page you're looking for isn't here.")).toBeVisible();
  await page.getByRole('link', { name: 'Back to homepage' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Available Parts in Our Stocks' })).toBeVisible();
});

test('the portfolio shows the seven skills out of 100', async ({ page }) => {
  await page.goto('/myPortfolio');
  for (const [skill, value] of [
    ['HTML', 95],
    ['CSS', 80],
    ['JavaScript', 65],
    ['React', 70],
    ['Node', 50],
    ['Express', 50],
    ['MongoDB', 49],
  ] as const) {
    await expect(
      page.getByRole('progressbar', { name: new RegExp(`^${skill}\\b`) }),
    ).toHaveAttribute('value', String(value));
  }
});

test('the blog answers the five questions', async ({ page }) => {
  await page.goto('/blogs');
  await expect(page.locator('article')).toHaveCount(5);
  for (const topic of [
    /state/i,
    /performance/i,
    /prototypal inheritance/i,
    /directly/i,
    /unit test/i,
  ]) {
    await expect(page.locator('article h2').filter({ hasText: topic }).first()).toBeVisible();
  }
});

test('every page comes rendered, with its own title; a private page sends a visitor to sign in', async ({
  request,
}) => {
  const pages: Record<string, { title: string; status: number; text: string }> = {
    '/': {
      title: 'Partsmith | PC parts and tools from the manufacturer',
      status: 200,
      text: 'Learn More',
    },
    '/login': { title: 'Login | Partsmith', status: 200, text: 'Create Account' },
    '/contact': { title: 'Contact | Partsmith', status: 200, text: 'Contact' },
    '/blogs': { title: 'Blogs | Partsmith', status: 200, text: 'prototypal inheritance' },
    '/myPortfolio': { title: 'My Portfolio | Partsmith', status: 200, text: 'Portfolio' },
    '/info/delivery': { title: 'Delivery | Partsmith', status: 200, text: 'Delivery' },
    '/no/such/page': { title: 'Page not found | Partsmith', status: 404, text: 'Back to homepage' },
    '/info/no-such-topic': {
      title: 'Page not found | Partsmith',
      status: 404,
      text: 'Back to homepage',
    },
  };
  for (const [path, { title, status, text }] of Object.entries(pages)) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(status);
    const html = await response.text();
    // Its own title from the start, once, and the page itself in its main.
    expect(html.match(/<title>[^<]*<\/title>/g), path).toEqual([`<title>${title}</title>`]);
    expect(html.match(/<main id="main"[^>]*>([\s\S]*)<\/main>/)?.[1], path).toContain(text);
  }
  // A signed-in page, opened by nobody: the server sends the visitor to sign in, and back after.
  const orders = await request.get('/dashboard/my-orders?page=2', { maxRedirects: 0 });
  expect(orders.status()).toBe(302);
  expect(orders.headers().location).toBe('/login?from=%2Fdashboard%2Fmy-orders%3Fpage%3D2');
});
