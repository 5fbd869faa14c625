import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { AppError } from '../lib/errors.ts';

/**
 * How the operator commands (order:ship, order:refund) act as a named operator
 * (docs/back-office.md: commands); never as anyone unnamed:
 * - with `--url`: they log in to the running shop as OPERATOR_NAME with OPERATOR_PASSWORD (and
 *   `--code` when two-factor is on), and call the back office, which checks the role;
 * - without: they open the database and act as OPERATOR_NAME (or `--operator`), who must be an
 *   enabled owner.
 */

export const OPERATOR_OPTIONS = {
  url: { type: 'string' },
  operator: { type: 'string' },
  code: { type: 'string' },
} as const;

const fail = (message: string): never => {
  console.error(message);
  process.exit(2);
};

export const operatorNameOf = (values: { operator?: string | undefined }) =>
  values.operator?.trim().toLowerCase() ||
  process.env.OPERATOR_NAME?.trim().toLowerCase() ||
  fail('Name the operator: OPERATOR_NAME=<name> or --operator <name> (an owner; docs/back-office.md)');

/**
 * Opens the configured database and acts there as the enabled owner named (`act` gets the owner's
 * id); a refusal is printed and the command fails. The server's modules load only on this way:
 * the `--url` way needs none of them, and loading them took 3 of its 4 s of CPU.
 */
export const actOnDatabase = async (
  name: string,
  act: (db: Db, config: Config, operatorId: number) => Promise<void>,
) => {
  const [{ loadConfig }, { openMigratedDatabase }, { operatorNamed }] = await Promise.all([
    import('../config.ts'),
    import('../boot.ts'),
    import('../modules/admin/index.ts'),
  ]);
  const config = loadConfig();
  const database = await openMigratedDatabase(config);
  try {
    const me = await operatorNamed(database.db, name);
    if (!me || me.disabled) return fail(`No enabled operator ${name}.`);
    if (me.role !== 'owner') return fail(`Operator ${name} is not an owner.`);
    await act(database.db, config, me.id);
  } catch (err) {
    console.error(err instanceof AppError ? err.message : err);
    process.exitCode = 1;
  } finally {
    await database.close();
  }
};

/** Logs in to the shop at `url` and makes one back-office call; answers the envelope's data or fails. */
export const callAsOperator = async <T>(
  url: string,
  name: string,
  code: string | undefined,
  path: string,
  body: unknown,
): Promise<T> => {
  const password = process.env.OPERATOR_PASSWORD ?? fail('OPERATOR_PASSWORD must be set to use --url');
  const post = async (p: string, b: unknown, token?: string) => {
    const res = await fetch(new URL(p, url), {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(b),
    });
    const envelope = (await res.json().catch(() => ({ message: `HTTP ${res.status}` }))) as {
      message: string;
      data: unknown;
    };
    if (!res.ok) {
      console.error(envelope.message);
      process.exit(1);
    }
    return envelope.data;
  };
  const login = (await post('/api/admin/login', { name, password, ...(code ? { code } : {}) })) as {
    codeRequired: boolean;
    token: string | null;
  };
  if (!login.token) return fail('Two-factor is on for this operator: add --code <the 6-digit code>.');
  try {
    return (await post(path, body, login.token)) as T;
  } finally {
    await post('/api/admin/logout', {}, login.token).catch(() => {});
  }
};
