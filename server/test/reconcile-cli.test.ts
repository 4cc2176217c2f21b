import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { testPayments } from '../src/db/schema/index.ts';
import { openDatabase } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { tempDir } from './helpers.ts';
import { insertOrders } from './order-rows.ts';

const cli = fileURLToPath(new URL('../src/cli/reconcile.ts', import.meta.url));
const tsx = path.resolve(fileURLToPath(new URL('../../node_modules/.bin/tsx', import.meta.url)));

function runReconcile(dataDir: string, ...args: string[]) {
  return spawnSync(tsx, [cli, ...args], {
    encoding: 'utf8',
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      STRIPE_SECRET_KEY: '',
      STRIPE_PUBLISHABLE_KEY: '',
      NODE_ENV: 'development',
      LOG_LEVEL: 'silent',
    },
    timeout: 60_000,
  });
}

describe('npm run payments:reconcile on the embedded database', () => {
  it('repairs a lost success once, then nothing; stops with a clear message while the shop runs', async () => {
    const dataDir = tempDir();
    const database = await openDatabase({ dataDir });
    await runMigrations(database);
    const [order] = await insertOrders(database.db, {
      userId: null,
      partId: null,
      name: 'Torque Driver',
      image: '/images/torque-driver.webp',
      description: 'A precise driver',
      unitPriceCents: 1000,
      quantity: 1,
      userEmail: 'buyer@example.com',
      userName: 'Buyer',
      address: '1 Main Street',
      phone: '+1 555 0100',
      stockAfter: 10,
    });
    await database.db.insert(testPayments).values({
      id: 'pi_test_lost',
      clientSecret: 'pi_test_lost_secret_x',
      idempotencyKey: `order-${order!.id}-1000`,
      orderId: order!.id,
      amountCents: 1000,
      currency: 'usd',
      status: 'succeeded',
    });

    const refused = runReconcile(dataDir);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('stop it, run this command, then start it again');
    await database.close();

    expect(runReconcile(dataDir, '--days', 'x').status).toBe(2);
    const first = runReconcile(dataDir, '--days', '3');
    expect(first.stderr).toBe('');
    expect(first.stdout).toBe(
      `paid order ${order!.id} with payment pi_test_lost\n1 payments checked, 1 repaired, 0 left to repair\n`,
    );
    const second = runReconcile(dataDir);
    expect(second.status).toBe(0);
    expect(second.stdout).toBe('1 payments checked, 0 repaired, 0 left to repair\n');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 180_000);
});
