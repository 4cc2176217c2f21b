// npm run payments:reconcile -- [--days N]
// Settles every payment that succeeded at the provider in the last N days (default 7): pays its
// unpaid order, or refunds it. Works on the configured database (DATABASE_URL, else the embedded
// one in DATA_DIR) and the configured provider (Stripe keys, else the test processor).
import { choosePaymentProvider, configuredStripe } from '../modules/payments/plugin.ts';
import { loadConfig } from '../config.ts';
import { openDatabaseForCli, runCommand } from './open-database.ts';
import { reconcilePayments } from '../modules/payments/reconcile.ts';
import type { PaymentLog } from '../modules/payments/service.ts';

const USAGE = 'usage: npm run payments:reconcile -- [--days N]';

function parseDays(argv: string[]): number | null {
  if (argv.length === 0) return 7;
  if (argv.length !== 2 || argv[0] !== '--days' || !/^[0-9]{1,4}$/.test(argv[1]!)) return null;
  const days = Number(argv[1]);
  return days >= 1 ? days : null;
}

const stderrLog = (level: string) => (obj: object, msg: string) =>
  process.stderr.write(`${level}: ${msg} ${JSON.stringify(obj)}\n`);
const log: PaymentLog = {
  info: () => {},
  warn: stderrLog('warn'),
  error: stderrLog('error'),
};

async function main(argv: string[]): Promise<number> {
  const days = parseDays(argv);
  if (days === null) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const config = loadConfig();
  const database = await openDatabaseForCli(config);
  if (!database) return 1;
  try {
    const provider = (await configuredStripe(config)) ?? choosePaymentProvider(config, database.db);
    if (!provider) {
      process.stderr.write('Card payments are not set up on this shop: nothing to reconcile.\n');
      return 1;
    }
    const report = await reconcilePayments({ db: database.db, provider, days, log });
    for (const line of report.lines) process.stdout.write(`${line}\n`);
    process.stdout.write(
      `${report.checked} payments checked, ${report.repaired} repaired, ${report.left} left to repair\n`,
    );
    return report.left > 0 ? 1 : 0;
  } finally {
    await database.close();
  }
}

runCommand(main);
