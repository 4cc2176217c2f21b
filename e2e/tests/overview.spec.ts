import { expect, expectNoA11yViolations, test } from './fixtures.ts';
import { apiPaidOrder, MODERATOR, signInOrSignUp } from './account-helpers.ts';
import { openDashboardPage } from './shop-helpers.ts';

// At 1280 and at 375 px (the mobile project): the charts fit the phone's width and their tables
// stay readable there.

test('an admin opens the overview: the figures, the charts with their tables, the low stock and the CSV export', async ({
  page,
}) => {
  await signInOrSignUp(page, MODERATOR, 'Mo Derator');
  await page.goto('/');
  // A paid order of today, so the revenue chart and the orders by state have something to show:
  // the admin buys it (through the API, with the page's own session; a new customer per run
  // would spend the sign-ups the rest of the suite needs from this one address).
  const { orderId, partName } = await apiPaidOrder({ api: page.request }, 5);

  await openDashboardPage(page, 'Sales & Stock');
  await expect(page).toHaveURL(/\/dashboard\/overview$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sales & stock' })).toBeVisible();
  await expect(page).toHaveTitle('Sales & Stock | Partsmith');

  // The headline figures.
  const figures = page.locator('dl').filter({ hasText: 'Average order' });
  await expect(figures.getByText('Revenue')).toBeVisible();
  await expect(figures.getByText('Paid orders')).toBeVisible();
  await expect(figures.getByText('Parts low in stock')).toBeVisible();

  // Each chart is an image named by what it shows, drawn by the chart library (a canvas).
  const revenueChart = page.getByRole('img', { name: /Line chart of the revenue by day/ });
  const statesChart = page.getByRole('img', { name: /Bar chart of the orders placed/ });
  await expect(revenueChart).toBeVisible();
  await expect(statesChart).toBeVisible();
  await expect(revenueChart).toHaveJSProperty('tagName', 'CANVAS');
  expect((await revenueChart.boundingBox())!.width).toBeGreaterThan(200);

  // The same numbers as tables: the orders by state in view, the days behind a disclosure.
  const states = page.getByRole('table', { name: /by state/ });
  await expect(states.getByRole('row')).toHaveCount(4);
  await expect(states.getByRole('row', { name: /To ship|Shipped/ }).first()).toBeVisible();
  await page.getByText('Show the revenue of each day as a table').click();
  const days = page.getByRole('table', { name: /Revenue of the paid orders by day/ });
  await expect(days).toBeVisible();
  await expect(days.getByRole('row')).toHaveCount(31);
  await expect(page.getByRole('table', { name: /parts that brought the most/ })).toContainText(
    partName,
  );
  await expect(page.getByRole('heading', { name: 'Low stock' })).toBeVisible();
  await expectNoA11yViolations(page);

  // The 90-day span: kept in the address, every day listed.
  await page.getByRole('button', { name: 'Last 90 days' }).click();
  await expect(page).toHaveURL(/\?days=90$/);
  await expect(page.getByRole('button', { name: 'Last 90 days' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(days.getByRole('row')).toHaveCount(91);

  // The CSV export of today's orders downloads a file holding the paid order.
  const today = new Date().toISOString().slice(0, 10);
  await page.getByLabel('From', { exact: true }).fill(today);
  await page.getByLabel('To', { exact: true }).fill(today);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`partsmith-orders-${today}-to-${today}.csv`);
  const csv = await (await page.request.get(download.url())).text();
  expect(csv.split('\r\n')[0]).toContain('order_id,created_at,paid');
  expect(csv).toContain(orderId);
});
