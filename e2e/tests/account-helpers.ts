import type { Page } from '@playwright/test';

export const PASSWORD = 'workbench-2026';
export const unique = (name: string) =>
  `${name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

export async function openSignIn(page: Page) {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in instead' }).first().click();
  return page.locator('section[aria-labelledby="signin-heading"]');
}

export async function signUpThroughPage(page: Page, email: string, name = 'Riley Builder') {
  await page.goto('/login');
  const panel = page.locator('section[aria-labelledby="signup-heading"]');
  await panel.getByLabel('Your Name').fill(name);
  await panel.getByLabel('Email').fill(email);
  await panel.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await panel.getByRole('button', { name: 'Sign Up' }).click();
}
