import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../server/node-flags.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3199);
export const OIDC_PORT = E2E_PORT - 1;

/**
 * Each project drives a shop of its own: its own server, embedded database and SMTP peer's mail
 * folder. The two projects run side by side (a worker each), and neither sees the other's
 * orders, stock, accounts or mail; within a project the tests run one at a time, as they were
 * written to.
 */
export const SHOPS = {
  desktop: {
    url: `http://127.0.0.1:${E2E_PORT}`,
    port: E2E_PORT,
    dataDir: path.join(root, '.data-test', 'e2e'),
    smtpPort: E2E_PORT - 2,
    mailDir: path.join(root, '.data-test', 'e2e-mail'),
  },
  mobile: {
    url: `http://127.0.0.1:${E2E_PORT + 1}`,
    port: E2E_PORT + 1,
    dataDir: path.join(root, '.data-test', 'e2e-mobile'),
    smtpPort: E2E_PORT - 3,
    mailDir: path.join(root, '.data-test', 'e2e-mail-mobile'),
  },
} as const;
export type ShopName = keyof typeof SHOPS;
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
  // One worker per project (each project's own limit below), each on its own shop.
  workers: 2,
  // A test that fails runs once more, recording its trace (below); one that passes then is
  // reported as flaky, by name, in `npm test`'s summary. Two side by side on two cores of a
  // shared machine, a test now and then misses a wait that it meets alone.
  retries: 1,
  // Two projects side by side on two cores: a test takes longer than alone, and longer again on a
  // slower machine of the same kind (the admin's catalogue-to-audit-log flow took 66 s at 375 px
  // on one whose whole end-to-end run took 22 minutes; it has 180 s of its own now).
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: 'list',
  use: {
    // A trace only on the retry: recording one for every test (its screencast, a DOM snapshot a
    // step) took a third of the browsers' and runner's CPU time (dashboards.spec.ts at 1280 px:
    // 92 s of CPU with traces, 62 s without).
    trace: 'on-first-retry',
    // The browser asks for reduced motion, as many customers' systems do: the pages then skip their
    // transitions, the carousel's autoplay and smooth scrolling, whose frames kept the two cores
    // busy (the whole run here: 5.6 minutes instead of 6.6 to 7.7). home.spec.ts keeps the
    // motion, to test the carousel and the smooth scroll as most visitors see them.
    reducedMotion: 'reduce',
    screenshot: 'only-on-failure',
    launchOptions,
  },
  projects: [
    {
      name: 'desktop',
      workers: 1,
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1280, height: 800 },
        baseURL: SHOPS.desktop.url,
        launchOptions,
      },
    },
    {
      name: 'mobile',
      workers: 1,
      use: {
        ...devices['Pixel 7'],
        viewport: { width: 375, height: 740 },
        baseURL: SHOPS.mobile.url,
        launchOptions,
      },
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
        SHOPS: JSON.stringify(Object.values(SHOPS)),
        OIDC_CLIENT_ID: OIDC_CLIENT.id,
        OIDC_CLIENT_SECRET: OIDC_CLIENT.secret,
      },
    },
    // The real built shop, one per project, each on a fresh embedded database (the demo
    // catalogue seeded on start).
    ...Object.values(SHOPS).map((shop) => ({
      command: `node ${SERVER_NODE_FLAGS.join(' ')} ${path.join(root, 'e2e', 'start-server.mjs')}`,
      url: `${shop.url}/api/readyz`,
      reuseExistingServer: false,
      timeout: 90_000,
      stdout: 'pipe' as const,
      env: {
        ...SERVER_ENV,
        PORT: String(shop.port),
        DATA_DIR: shop.dataDir,
        PUBLIC_URL: shop.url,
        LOG_LEVEL: 'warn',
        NODE_ENV: 'test',
        // Every test signs up from 127.0.0.1: one project's run passes 30 sign-ups a minute.
        SIGN_UP_LIMIT: '600',
        SMTP_URL: `smtp://127.0.0.1:${shop.smtpPort}`,
        GOOGLE_CLIENT_ID: OIDC_CLIENT.id,
        GOOGLE_CLIENT_SECRET: OIDC_CLIENT.secret,
        GOOGLE_ISSUER: `http://127.0.0.1:${OIDC_PORT}`,
        // admin@example.com and phone-admin@example.com: the admin flow's accounts at 1280 and at
        // 375 px; moderator@example.com: the review moderation tests' admin (both projects sign
        // in); the accessibility and keyboard tests' admins.
        ADMIN_EMAILS: [
          'admin@example.com',
          'phone-admin@example.com',
          'moderator@example.com',
          'a11y-admin@example.com',
          'a11y-phone-admin@example.com',
          'keyboard-admin@example.com',
          'keyboard-phone-admin@example.com',
          'owner-admin@example.com',
          'owner-phone-admin@example.com',
          'company-admin@example.com',
          'company-phone-admin@example.com',
        ].join(','),
      },
    })),
  ],
});
