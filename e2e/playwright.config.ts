import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';
import { SERVER_NODE_FLAGS } from '../server/node-flags.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3199);
export const E2E_DATA_DIR = path.join(root, '.data-test', 'e2e');
export const BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
export const OIDC_PORT = E2E_PORT - 1;
export const SMTP_PORT = E2E_PORT - 2;
/** Where the loopback SMTP server keeps the mail the shop sent. */
export const MAIL_DIR = path.join(root, '.data-test', 'e2e-mail');
const OIDC_CLIENT = { id: 'partsmith-e2e', secret: 'partsmith-e2e-client-secret' };

// Debian's Chromium, never a downloaded browser; flags for a closed network and a root user.
const launchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

export default defineConfig({
  testDir: './tests',
  outputDir: path.join(root, 'test-results', 'e2e'),
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: 'list',
  use: {
    baseURL: BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions,
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions },
    },
    {
      name: 'mobile',
      use: { ...devices['Pixel 7'], viewport: { width: 375, height: 740 }, launchOptions },
    },
  ],
  webServer: [
    {
      // The shop's third parties as real peers on loopback: OpenID Connect provider and SMTP.
      command: `node ${path.join(root, 'e2e', 'peers.mjs')}`,
      url: `http://127.0.0.1:${OIDC_PORT}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: {
        OIDC_PORT: String(OIDC_PORT),
        SMTP_PORT: String(SMTP_PORT),
        SHOP_URL: BASE_URL,
        MAIL_DIR,
        OIDC_CLIENT_ID: OIDC_CLIENT.id,
        OIDC_CLIENT_SECRET: OIDC_CLIENT.secret,
      },
    },
    // The real built shop on a fresh embedded database (demo catalogue seeded on start).
    {
      command: `node ${SERVER_NODE_FLAGS.join(' ')} ${path.join(root, 'e2e', 'start-server.mjs')}`,
      url: `${BASE_URL}/api/readyz`,
      reuseExistingServer: false,
      timeout: 90_000,
      stdout: 'pipe',
      env: {
        PORT: String(E2E_PORT),
        DATA_DIR: E2E_DATA_DIR,
        PUBLIC_URL: BASE_URL,
        LOG_LEVEL: 'warn',
        NODE_ENV: 'test',
        SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
        GOOGLE_CLIENT_ID: OIDC_CLIENT.id,
        GOOGLE_CLIENT_SECRET: OIDC_CLIENT.secret,
        GOOGLE_ISSUER: `http://127.0.0.1:${OIDC_PORT}`,
        // admin@example.com and phone-admin@example.com: the admin flow's accounts at 1280 and at
        // 375 px (each signs up once per run); moderator@example.com: the review moderation
        // tests' admin (both projects sign in); the accessibility and keyboard tests' admins.
        ADMIN_EMAILS: [
          'admin@example.com',
          'phone-admin@example.com',
          'moderator@example.com',
          'a11y-admin@example.com',
          'a11y-phone-admin@example.com',
          'keyboard-admin@example.com',
          'keyboard-phone-admin@example.com',
        ].join(','),
      },
    },
  ],
});
