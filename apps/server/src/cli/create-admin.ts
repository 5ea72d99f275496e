/**
 * Creates the admin account: `npm run create-admin -- admin@example.com 'a long password'`
 * (or ADMIN_EMAIL / ADMIN_PASSWORD in the environment). Uses DATABASE_URL or DATA_DIR like the server,
 * and refuses to run while a server holds the embedded database.
 */
import { emailSchema } from '@coride/domain';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { lockDataDir } from '../lib/data-dir-lock';
import { createAccountsService } from '../modules/accounts/service';

const config = loadConfig();
const email = process.argv[2] ?? config.admin?.email;
const password = process.argv[3] ?? config.admin?.password;
const parsedEmail = emailSchema.safeParse(email);
if (!parsedEmail.success || !password || password.length < 8) {
  process.stderr.write('Usage: npm run create-admin -- <email> <password of 8+ characters>\n');
  process.exit(2);
}

try {
  const lock = config.databaseUrl ? undefined : lockDataDir(config.dataDir);
  const database = await openDatabase(config);
  try {
    const outcome = await createAccountsService({ db: database.db, config }).ensureAdmin(parsedEmail.data, password);
    process.stdout.write(outcome === 'created' ? `Admin ${parsedEmail.data} created.\n` : `Admin ${parsedEmail.data} already exists.\n`);
  } finally {
    await database.close();
    lock?.release();
  }
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
