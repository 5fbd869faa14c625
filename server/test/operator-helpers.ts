import { randomBytes } from 'node:crypto';
import { createOperator } from '../src/modules/admin/operators.ts';
import type { OperatorRole } from '../src/modules/admin/roles.ts';
import type { TestServer } from './harness.ts';

export const OPERATOR_TEST_PASSWORD = 'operator-password-0123';

/** A new operator of `role` (made on the database, as the command does) and the headers of their login. */
export const signInOperator = async (server: TestServer, role: OperatorRole, name?: string) => {
  const chosen = name ?? `${role}-${randomBytes(4).toString('hex')}`;
  const created = await createOperator(server.database.db, null, {
    name: chosen,
    password: OPERATOR_TEST_PASSWORD,
    role,
  });
  const res = await server.call<{ token: string }>({
    method: 'POST',
    url: '/api/admin/login',
    payload: { name: chosen, password: OPERATOR_TEST_PASSWORD },
  });
  if (res.status !== 200) throw new Error(`operator login answered ${res.status}: ${res.body.message}`);
  return { id: created.id, name: chosen, headers: { authorization: `Bearer ${res.body.data.token}` } };
};
