import { expect, expectNoA11yViolations, outbox, test } from './fixtures.ts';
import { MODERATOR, mailedLink, signInOrSignUp } from './account-helpers.ts';

const SUBSCRIBE_ANSWER =
  'Thank you: check your inbox for the link that confirms your subscription.';
const CONFIRMED = 'Your newsletter subscription is confirmed.';
const UNSUBSCRIBED = 'You are unsubscribed from the newsletter.';

test('the contact page form validates, sends, and the shop receives the mail', async ({ page }) => {
  await page.goto('/contact');
  const form = page.locator('form', { has: page.getByLabel(/message/i) }).first();
  await form.getByRole('button', { name: /send|contact us/i }).click();
  await expect(form.getByText('Email is Required')).toBeVisible();
  await form.getByLabel(/email/i).fill('not-an-email');
  await form.getByRole('button', { name: /send|contact us/i }).click();
  await expect(form.getByText('Provide a Valid Email')).toBeVisible();

  const subject = `Bulk RAM order ${Date.now()}`;
  await form.getByLabel(/email/i).fill('buyer@example.com');
  await form.getByLabel(/subject/i).fill(subject);
  await form.getByLabel(/message/i).fill('We would like 200 Forge DDR5 kits for our lab.');
  await form.getByRole('button', { name: /send|contact us/i }).click();
  await expect(page.getByText(/Your message reached our team/)).toBeVisible();
  await expect(form.getByLabel(/subject/i)).toHaveValue('');
  await expect
    .poll(() =>
      outbox().some((m) => m.includes(subject) && m.includes('Reply-To: buyer@example.com')),
    )
    .toBe(true);
});

test('an admin reads the message in Messages, answers by mail and marks it handled', async ({
  page,
}) => {
  const subject = `Lead time for 40 PSUs ${Date.now()}`;
  await page.goto('/contact');
  const form = page.locator('form', { has: page.getByLabel(/message/i) }).first();
  await form.getByLabel(/email/i).fill('lead.time@example.com');
  await form.getByLabel(/subject/i).fill(subject);
  await form.getByLabel(/message/i).fill('How soon could you ship 40 Bastion 850 W supplies?');
  await form.getByRole('button', { name: /send|contact us/i }).click();
  await expect(page.getByText(/Your message reached our team/)).toBeVisible();

  await signInOrSignUp(page, MODERATOR, 'Mo Derator');
  // The dashboard's first screen counts the new messages (this one among them) and leads to them.
  await page.goto('/dashboard');
  const waiting = page.getByRole('region', { name: 'Waiting for you' });
  await waiting.getByRole('link', { name: /^[\d,]+ new messages?$/ }).click();
  await expect(page).toHaveURL(/\/dashboard\/messages\?handled=false$/);
  await expect(page.getByLabel('State')).toHaveValue('false');
  await expect(page.getByRole('article', { name: subject })).toBeVisible();

  await page.goto('/dashboard/messages');
  await expect(page.getByRole('heading', { level: 1, name: /^Messages: \d+$/ })).toBeVisible();
  const search = page.getByRole('searchbox', { name: 'Search the messages' });
  await search.fill(subject);
  await search.press('Enter');
  const message = page.getByRole('article', { name: subject });
  await expect(message).toBeVisible();
  await expect(page.getByText(`1 message matches “${subject}”. Showing 1–1 of 1.`)).toBeVisible();
  await expect(message.getByText('lead.time@example.com')).toBeVisible();
  await expect(message.getByText('New', { exact: true })).toBeVisible();
  await expect(message.getByRole('link', { name: `Reply by e-mail: ${subject}` })).toHaveAttribute(
    'href',
    `mailto:lead.time@example.com?subject=${encodeURIComponent(`Re: ${subject}`)}`,
  );
  await expectNoA11yViolations(page);

  await message.getByRole('button', { name: `Mark as handled: ${subject}` }).click();
  await expect(message.getByText('Handled', { exact: true }).first()).toBeVisible();
  // Among the handled ones now, not the new ones: the filter is in the address.
  await page.getByLabel('State').selectOption('New');
  await expect(page).toHaveURL(/handled=false/);
  await expect(page.getByText(`No messages match “${subject}” with these filters.`)).toBeVisible();
  await page.getByLabel('State').selectOption('Handled');
  await expect(page.getByRole('article', { name: subject })).toBeVisible();
});

test('the home page banner sends a message too', async ({ page }) => {
  await page.goto('/#contact');
  const banner = page.locator('#contact');
  const subject = `Banner question ${Date.now()}`;
  // The form loads when the banner comes near; the parts arriving above it after the jump to
  // #contact can push it away again (on a phone), so scroll to it once they are in, as a
  // visitor would.
  await expect(page.getByText('Loading parts', { exact: true })).toHaveCount(0);
  await banner.scrollIntoViewIfNeeded();
  await banner.getByLabel(/email/i).fill('visitor@example.com');
  await banner.getByLabel(/subject/i).fill(subject);
  await banner.getByLabel(/message/i).fill('Do you ship the Z790 board to Canada?');
  await banner.getByRole('button', { name: /contact us|send/i }).click();
  await expect(page.getByText(/Your message reached our team/)).toBeVisible();
  await expect.poll(() => outbox().some((m) => m.includes(subject))).toBe(true);
});

test('the newsletter is double opt-in: the mailed link confirms, the other unsubscribes', async ({
  page,
}, info) => {
  await page.goto('/');
  const footer = page.locator('footer');
  const email = `reader-${info.project.name}-${Date.now()}@example.com`;
  // The form loads when the footer comes near the viewport, as it does for a reader scrolling.
  await footer.scrollIntoViewIfNeeded();
  await footer.getByRole('button', { name: 'Subscribe' }).click();
  await expect(footer.getByText('Email is Required')).toBeVisible();
  await footer.getByLabel(/email/i).fill(email);
  await footer.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.getByText(SUBSCRIBE_ANSWER)).toBeVisible();
  await expect(footer.getByLabel(/email/i)).toHaveValue('');

  await page.goto(await mailedLink(email, '/api/newsletter/confirm'));
  await expect(page).toHaveURL(/\/contact\?newsletter=confirmed$/);
  await expect(page.getByRole('status').filter({ hasText: CONFIRMED })).toBeVisible();
  await expectNoA11yViolations(page);

  // A repeat, even once confirmed, gets the same answer: it tells no one who is on the list.
  await footer.scrollIntoViewIfNeeded();
  await footer.getByLabel(/email/i).fill(email.toUpperCase());
  await footer.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.getByText(SUBSCRIBE_ANSWER)).toBeVisible();

  await page.goto(await mailedLink(email, '/api/newsletter/unsubscribe'));
  await expect(page).toHaveURL(/\/contact\?newsletter=unsubscribed$/);
  await expect(page.getByRole('status').filter({ hasText: UNSUBSCRIBED })).toBeVisible();
  await expect(page.getByText(CONFIRMED)).toHaveCount(0);
});
