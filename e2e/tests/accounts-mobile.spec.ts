import { expect, expectNoA11yViolations, test } from './fixtures.ts';
import {
  apiCustomer,
  apiReview,
  confirmationLink,
  MODERATOR,
  signInOrSignUp,
  signUpThroughPage,
  unique,
} from './account-helpers.ts';
import { fillPurchase, openPurchasePage, THERMAL_PASTE } from './shop-helpers.ts';

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

  // The unconfirmed buyer and the review moderation run at desktop width in their own files;
  // their pages are audited at 375 px here.
  test('at 375 px: the purchase page with the confirm notice, and My Orders with an unpaid order', async ({
    page,
  }) => {
    const email = unique('phone-buyer');
    await signUpThroughPage(page, email, 'Pia Phone', { confirm: false });
    const purchasePath = await openPurchasePage(page, THERMAL_PASTE);
    const notice = page.getByRole('region', { name: 'Please confirm your e-mail address' });
    await expect(notice).toBeVisible();
    await expect(notice.getByRole('button', { name: 'Send the link again' })).toBeVisible();
    await expectNoA11yViolations(page);

    await page.goto(await confirmationLink(email));
    await page.goto(purchasePath);
    await expect(page.getByRole('form', { name: 'Purchase' })).toBeVisible();
    await expect(notice).toHaveCount(0);
    await fillPurchase(page, 10);
    await expect(page.getByRole('heading', { name: 'My Orders: 1' })).toBeVisible();
    // Audited without the toast: sonner's rich colours fail contrast (reported, web/).
    await page.reload();
    await expect(page.getByText(/^Expires .+/)).toBeVisible();
    await expectNoA11yViolations(page);
  });

  test('at 375 px: Manage Reviews with a hidden review', async ({ page }) => {
    const author = await apiCustomer('phone-critic', 'Phil Critic');
    const text = await apiReview(author, `Hard to read on a phone (${Date.now()}).`);
    await signInOrSignUp(page, MODERATOR, 'Mo Derator');
    await page.goto('/dashboard/manage-reviews');
    const row = page.getByRole('row').filter({ hasText: text });
    await row.getByRole('button', { name: /^Hide\b.*Phil Critic/ }).click();
    await expect(row).toContainText('Hidden');
    // Audited without the toast: sonner's rich colours fail contrast (reported, web/).
    await page.reload();
    await expect(row).toContainText('Hidden');
    await expectNoA11yViolations(page);
    await author.api.dispose();
  });
});
