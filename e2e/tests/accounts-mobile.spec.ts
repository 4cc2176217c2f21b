import { expect, test } from './fixtures.ts';
import { signUpThroughPage, unique } from './account-helpers.ts';

test.describe('signed in on a phone', () => {
  test.skip(({ isMobile }) => !isMobile, 'the drawer is the phone layout');
  test('the drawer gains Dashboard and Sign Out, never BLOGS', async ({ page }) => {
    await signUpThroughPage(page, unique('phone'));
    await expect(page).toHaveURL(/\/$/);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect(drawer.getByRole('button', { name: 'Sign Out' })).toBeVisible();
    await expect(drawer.getByRole('link', { name: 'BLOGS' })).toHaveCount(0);
    await expect(drawer.getByRole('link', { name: 'Login' })).toHaveCount(0);
    await drawer.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page.getByText('You are signed out.')).toBeVisible();
  });
});
