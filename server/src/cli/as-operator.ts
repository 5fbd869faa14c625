import type { Db } from '../db/client.ts';
import { operatorNamed } from '../modules/admin/index.ts';

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

/** The enabled owner named, on the database itself. */
export const ownerOnDatabase = async (db: Db, name: string) => {
  const me = await operatorNamed(db, name);
  if (!me || me.disabled) return fail(`No enabled operator ${name}.`);
  if (me.role !== 'owner') return fail(`Operator ${name} is not an owner.`);
  return me;
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
