import { parseArgs } from 'node:util';
import { openMigratedDatabase } from '../boot.ts';
import { loadConfig } from '../config.ts';
import { AppError } from '../lib/errors.ts';
import {
  createOperator,
  OPERATOR_ROLES,
  type OperatorRole,
  operatorNameSchema,
} from '../modules/admin/index.ts';
import { operatorPasswordFromEnv } from './operator-password.ts';

/**
 * Creates an operator, e.g. the first owner (docs/back-office.md):
 *   OPERATOR_PASSWORD=... npm run operator:create -- <name> [--role owner]
 * Without OPERATOR_PASSWORD a password is generated and printed once. Opens the configured
 * database (DATABASE_URL, or the embedded one while the shop is stopped). Recorded in the audit
 * log as done by the new operator.
 */
const { positionals, values } = parseArgs({
  options: { role: { type: 'string', default: 'owner' } },
  allowPositionals: true,
});
const name = operatorNameSchema.safeParse(positionals[0] ?? '');
const role = values.role as OperatorRole;
if (positionals.length !== 1 || !name.success || !OPERATOR_ROLES.includes(role)) {
  console.error(
    `usage: OPERATOR_PASSWORD=<10+ characters> npm run operator:create -- <name> [--role ${OPERATOR_ROLES.join('|')}]\n` +
      '(a name is 2 to 40 lower-case letters, digits, dots, dashes or underscores)',
  );
  process.exit(2);
}
const { password, generated } = operatorPasswordFromEnv();
const database = await openMigratedDatabase(loadConfig());
try {
  const created = await createOperator(database.db, null, { name: name.data, password, role });
  console.log(
    `operator ${created.name} (${created.role}) is created` +
      (generated ? `; password ${password} (shown once)` : ''),
  );
} catch (err) {
  console.error(err instanceof AppError ? err.message : err);
  process.exitCode = 1;
} finally {
  await database.close();
}
