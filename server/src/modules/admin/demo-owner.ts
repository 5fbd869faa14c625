import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { createOperator, operatorNamed } from './operators.ts';

export const DEMO_OWNER_NAME = 'owner';

/**
 * The embedded demo's first owner (docs/back-office.md): made at the first start, with
 * DEMO_OWNER_PASSWORD or a generated password; answers the password only when it made the owner.
 */
export const ensureDemoOwner = async (db: Db, password: string | undefined) => {
  if (await operatorNamed(db, DEMO_OWNER_NAME)) return null;
  const chosen = password ?? randomBytes(12).toString('base64url');
  await createOperator(db, null, { name: DEMO_OWNER_NAME, password: chosen, role: 'owner' });
  return chosen;
};
