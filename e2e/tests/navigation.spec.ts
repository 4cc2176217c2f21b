import { expect, isMobile, test } from './fixtures.ts';

test('the top bar links every public page; BLOGS on desktop only', async ({ page }) => {
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  if (isMobile(page)) {
    await expect(nav.getByRole('link', { name: 'BLOGS' })).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    const labels = await drawer.getByRole('link').allInnerTexts();
    expect(labels.map((l) => l.trim()).filter((l) => l !== 'Partsmith')).toEqual([
      'Home',
      'My Portfolio',
      'Contact',
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

test('no link on the public pages is a dead end', async ({ page }) => {
  for (const path of ['/', '/myPortfolio', '/blogs', '/contact']) {
    await page.goto(path);
    const hrefs = await page
      .locator('a')
      .evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(
      hrefs.filter((h) => !h || h === '#' || h.startsWith('javascript:')),
      path,
    ).toEqual([]);
  }
});

test("a page's own code is found by the browser while the app starts, and preloaded when a link opens a page", async ({
  page,
}) => {
  // Every <link rel=modulepreload> a script adds to the page, and whether the app had taken the
  // page over by then (docs/decisions/027, 030).
  await page.addInitScript(() => {
    const added: { href: string; takenOver: boolean }[] = [];
    Object.assign(window, { preloadsAdded: added });
    document.addEventListener('DOMContentLoaded', () => {
      new MutationObserver((records) => {
        const takenOver = document.documentElement.dataset.app === 'ready';
        for (const record of records)
          for (const node of Array.from(record.addedNodes))
            if (node instanceof HTMLLinkElement && node.rel === 'modulepreload')
              added.push({ href: node.href, takenOver });
      }).observe(document.head, { childList: true });
    });
  });
  const added = (takenOver: boolean) =>
    page.evaluate(
      (wanted) =>
        (
          window as unknown as { preloadsAdded: { href: string; takenOver: boolean }[] }
        ).preloadsAdded
          .filter((p) => p.takenOver === wanted)
          .map((p) => p.href),
      takenOver,
    );
  // /login's page is loaded on demand, with the form libraries it imports: the browser finds
  // them in its imports.
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Create Account' })).toBeVisible();
  expect(await added(false)).toEqual([]);
  // Once the app has the page, a page opened from a link asks for all its chunks at once.
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
  await expect
    .poll(() => added(true))
    .toContainEqual(expect.stringMatching(/\/assets\/contact-page-[\w-]+\.js$/));
});
