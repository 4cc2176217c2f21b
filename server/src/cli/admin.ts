// npm run admin -- grant <email> | revoke <email> | list
// Changes roles on the configured database (DATABASE_URL, else the embedded one in DATA_DIR).
import { eq } from 'drizzle-orm';
import { EmailField } from '@partsmith/contract';
import { loadConfig } from '../config.ts';
import { openDatabaseForCli, runCommand } from './open-database.ts';
import { users } from '../db/schema/index.ts';
import { findUserByEmail, LastAdminError, setRoleByEmail } from '../modules/users/service.ts';

const USAGE = 'usage: npm run admin -- grant <email> | revoke <email> | list';

async function main(argv: string[]): Promise<number> {
  const [command, rawEmail] = argv;
  if (command !== 'list' && ((command !== 'grant' && command !== 'revoke') || !rawEmail)) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const email = rawEmail ? EmailField.safeParse(rawEmail) : undefined;
  if (email && !email.success) {
    process.stderr.write(`"${rawEmail}" is not an e-mail address.\n`);
    return 2;
  }

  const config = loadConfig();
  const database = await openDatabaseForCli(config);
  if (!database) return 1;
  try {
    if (command === 'list') {
      const admins = await database.db
        .select({ email: users.email })
        .from(users)
        .where(eq(users.role, 'admin'));
      process.stdout.write(
        admins.length ? `${admins.map((a) => a.email).join('\n')}\n` : 'No administrators yet.\n',
      );
      return 0;
    }
    const address = email!.data!;
    const user = await findUserByEmail(database.db, address);
    if (!user) {
      process.stderr.write(`No account uses ${address}. The person must sign up first.\n`);
      return 1;
    }
    const role = command === 'grant' ? 'admin' : 'customer';
    const changed = await setRoleByEmail(database.db, address, role);
    process.stdout.write(
      changed
        ? `${address} is now ${role === 'admin' ? 'an administrator' : 'a customer'}; their sessions were ended.\n`
        : `${address} already was ${role === 'admin' ? 'an administrator' : 'a customer'}; nothing changed.\n`,
    );
    return 0;
  } catch (error) {
    if (error instanceof LastAdminError) {
      process.stderr.write(`${error.message}\n`);
      return 1;
    }
    throw error;
  } finally {
    await database.close();
  }
}

runCommand(main);
