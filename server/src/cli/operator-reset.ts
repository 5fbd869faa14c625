import { parseArgs } from 'node:util';
import { openMigratedDatabase } from '../boot.ts';
import { loadConfig } from '../config.ts';
import { AppError } from '../lib/errors.ts';
import { operatorNamed, operatorNameSchema, resetOperatorAccess } from '../modules/admin/index.ts';
import { operatorPasswordFromEnv } from './operator-password.ts';

/**
 * Resets an operator's access on the server itself, for a shop's only owner who lost their
 * password or authenticator (docs/back-office.md: resetting access):
 *   OPERATOR_PASSWORD=... npm run operator:reset -- <name>
 * A new password (generated and printed once without OPERATOR_PASSWORD), two-factor off, their
 * logins ended; recorded in the audit log as done by the command.
 */
const { positionals } = parseArgs({ allowPositionals: true });
const name = operatorNameSchema.safeParse(positionals[0] ?? '');
if (positionals.length !== 1 || !name.success) {
  console.error('usage: OPERATOR_PASSWORD=<10+ characters> npm run operator:reset -- <name>');
  process.exit(2);
}
const { password, generated } = operatorPasswordFromEnv();
const database = await openMigratedDatabase(loadConfig());
try {
  const found = await operatorNamed(database.db, name.data);
  if (!found) {
    console.error(`No operator ${name.data}.`);
    process.exitCode = 1;
  } else {
    await resetOperatorAccess(database.db, null, found.id, password);
    console.log(
      `operator ${found.name}: new password, two-factor off, logins ended` +
        (generated ? `; password ${password} (shown once)` : ''),
    );
  }
} catch (err) {
  console.error(err instanceof AppError ? err.message : err);
  process.exitCode = 1;
} finally {
  await database.close();
}
