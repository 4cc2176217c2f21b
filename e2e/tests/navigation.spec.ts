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
