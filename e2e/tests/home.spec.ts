import { expect, isMobile, test } from './fixtures.ts';

// The home page as most visitors see it: with its motion (the carousel's autoplay, the smooth
// scroll to the parts); the other specs run with reduced motion (playwright.config.ts).
test.use({ reducedMotion: 'no-preference' });

test('the home page shows its sections in the specified order', async ({ page }) => {
  await page.goto('/');
  const headings = [
    'Available Parts in Our Stocks',
    'TEAM. CUSTOMER. COMMUNITY',
    'Dependably Creative',
    'Work Feedback',
    'Upcoming Our Services',
    'Contact Us',
  ];
  const tops: number[] = [];
  for (const name of headings) {
    const heading = page.getByRole('heading', { name, exact: false }).first();
    await expect(heading, name).toBeAttached();
    tops.push(await heading.evaluate((el) => el.getBoundingClientRect().top + window.scrollY));
  }
  expect([...tops].sort((a, b) => a - b)).toEqual(tops);
  await expect(page.getByText('Collect Your Favourite Tools')).toBeVisible();
  await expect(page.getByText('What our valuable customer says')).toBeAttached();
  for (const stat of ['50+', '300+', '99+'])
    await expect(page.getByText(stat, { exact: false }).first()).toBeAttached();
});

test('the parts grid lists the seeded catalogue with cards that lead to the purchase page', async ({
  page,
}) => {
  await page.goto('/');
  const section = page.locator('#parts');
  const cards = section.getByRole('link', { name: /Add To Cart/i });
  await expect(cards.first()).toBeVisible();
  expect(await cards.count()).toBeGreaterThanOrEqual(12);
  const first = section.locator('article').first();
  await expect(first).toContainText(/Min Order Quantity: \d+/);
  await expect(first).toContainText(/Available Quantity: \d+/);
  await expect(first).toContainText(/Price: \$\d+\.\d{2}/);
  await expect(first.getByRole('img')).toHaveAttribute('alt', /.+/);
  const href = await cards.first().getAttribute('href');
  expect(href).toMatch(/^\/purchase\/[0-9a-f-]{36}$/);

  // The grid is 1, 2 or 3 columns by width: the cards in the first row (its tops within a pixel;
  // sub-pixel lefts once rounded apart and counted a 375 px grid as two columns).
  const firstRow = () =>
    section.locator('article').evaluateAll((els) => {
      const top = els[0]!.getBoundingClientRect().top;
      return els.filter((e) => Math.abs(e.getBoundingClientRect().top - top) < 1).length;
    });
  await expect.poll(firstRow).toBe(isMobile(page) ? 1 : 3);
});

test('the reviews slider loads when reached, with stars by rating', async ({ page }) => {
  await page.goto('/');
  const reviews = page.locator('section', {
    has: page.getByRole('heading', { name: 'Work Feedback' }),
  });
  await reviews.scrollIntoViewIfNeeded();
  await expect(reviews.getByText('Maria Gonzalez').first()).toBeAttached();
  await expect(reviews.getByLabel(/Rated 5 out of 5/).first()).toBeAttached();
  // A clickable pagination dot and a pause button for the autoplay.
  await expect(reviews.getByRole('button', { name: /pause|play/i })).toBeVisible();
});

test("'Learn More' scrolls to the parts and REQUEST For QUOTE asks a visitor to sign in for a quote", async ({
  page,
}) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Learn More' }).click();
  await expect(page).toHaveURL(/#parts$/);
  // The smooth scroll ends first: a tap while the page still moves can land beside the link.
  const scrolledAndStill = () =>
    page.evaluate(
      () =>
        new Promise<boolean>((done) => {
          const y = window.scrollY;
          setTimeout(() => done(y > 0 && window.scrollY === y), 150);
        }),
    );
  await expect.poll(scrolledAndStill).toBe(true);
  await page.getByRole('link', { name: /REQUEST For QUOTE/i }).click();
  // The quote request is a signed-in customer's page: a visitor signs in first and comes back.
  await expect(page).toHaveURL(/\/login/);
});

test('below the first screen the page is laid out as it nears the viewport, at about its real height', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.locator('#parts article').first()).toBeAttached();
  // Far below the fold, the footer's content is skipped (content-visibility: auto,
  // docs/decisions/038).
  const footer = page.locator('footer > *').first();
  expect(await footer.evaluate((el) => el.checkVisibility({ contentVisibilityAuto: true }))).toBe(
    false,
  );
  const estimated = await page.evaluate(() => document.documentElement.scrollHeight);
  // Scrolled through, every part is laid out at its real height.
  for (let y = 0; y < estimated + 800; y += 700) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await page.waitForTimeout(20);
  }
  await expect
    .poll(() => footer.evaluate((el) => el.checkVisibility({ contentVisibilityAuto: true })))
    .toBe(true);
  const real = await page.evaluate(() => document.documentElement.scrollHeight);
  // The estimates (--fold-size) are close enough that scrollbar and restored positions hold.
  expect(Math.abs(real - estimated) / real).toBeLessThan(0.04);
});
