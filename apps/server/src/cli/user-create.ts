// npm run user:create -- --email ada@example.com --password '…' [--role admin] [--first Ada] [--last Lovelace]
// Creates an account (or gives an existing one the role and, when given, the new password).
// The password may also come from the VISAGE_USER_PASSWORD environment variable, out of shell history.
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { role as roleSchema } from '@visage/contracts';
import { loadConfig } from '../config.ts';
import { createDatabase, migrateToLatest } from '../infra/db/database.ts';
import { AppError } from '../http/errors.ts';
import { createAuthModule } from '../modules/auth/module.ts';
import { createUsersService } from '../modules/users/index.ts';

const USAGE = 'Usage: npm run user:create -- --email <e-mail> [--password <password>] [--role user|operator|admin] [--first <name>] [--last <name>]';

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      role: { type: 'string', default: 'user' },
      first: { type: 'string' },
      last: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help || !values.email) {
    console.error(USAGE);
    return values.help ? 0 : 2;
  }
  if (!z.email().safeParse(values.email.trim()).success) {
    console.error(`--email must be an e-mail address.\n${USAGE}`);
    return 2;
  }
  const role = roleSchema.safeParse(values.role);
  if (!role.success) {
    console.error(`--role must be user, operator or admin.\n${USAGE}`);
    return 2;
  }
  const config = loadConfig();
  const { db } = createDatabase(config.databaseUrl);
  try {
    await migrateToLatest(db);
    // The same factories as the server's composition (services.ts), without the rest of the app.
    const auth = createAuthModule(config, db, createUsersService(db)).service;
    const { user, created } = await auth.upsertAccount({
      email: values.email,
      password: values.password ?? process.env.VISAGE_USER_PASSWORD,
      role: role.data,
      firstName: values.first,
      lastName: values.last,
    });
    console.log(`${created ? 'Created' : 'Updated'} ${user.email} (uid ${user.uid}) with role ${role.data}.`);
    return 0;
  } catch (err) {
    if (err instanceof AppError) {
      console.error(err.message);
      return 1;
    }
    throw err;
  } finally {
    await db.destroy();
  }
}

process.exitCode = await main();
