import { expect, it } from 'vitest';
import { OPERATOR_ROLES, type OperatorRole } from '../src/modules/admin/roles.ts';
import { bearer, registerMember } from './account-helpers.ts';
import type { TestServer } from './harness.ts';
import { signInOperator } from './operator-helpers.ts';

/** Who makes a call in the role matrix: an operator of a role, a signed-in member, or nobody. */
export type Who = OperatorRole | 'member' | 'nobody';
export const EVERYONE: readonly Who[] = ['nobody', 'member', ...OPERATOR_ROLES];

export interface MatrixCall {
  name: string;
  allowed: readonly OperatorRole[];
  /** A request that, when let through, answers `okStatus` (it names nothing that exists where that is enough). */
  request: () => {
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
    url: string;
    payload?: Record<string, unknown> | unknown[];
  };
  okStatus: number;
}

/** A signed-in operator of every role and a signed-in member, for the matrix and the tests beside it. */
export const signInEveryone = async (server: TestServer) => {
  const member = bearer(await registerMember(server, 'retail'));
  const as = {} as Record<OperatorRole, Awaited<ReturnType<typeof signInOperator>>>;
  for (const role of OPERATOR_ROLES) as[role] = await signInOperator(server, role);
  const headersOf = (who: Who): Record<string, string> =>
    who === 'nobody' ? {} : who === 'member' ? member : as[who].headers;
  return { member, as, headersOf };
};

/**
 * One test per call: each role in `allowed` is let through (answering `okStatus`); nobody and a
 * member get 401, other roles 403; and a refused call changes none of `counts`.
 */
export const roleMatrixTests = (
  calls: readonly MatrixCall[],
  ctx: () => { server: TestServer; headersOf: (who: Who) => Record<string, string> },
  counts: () => Promise<Record<string, number>>,
) => {
  for (const call of calls) {
    it(`${call.name}: lets ${call.allowed.join(', ')} through; 401 without an operator, 403 for other roles; a refusal changes nothing`, async () => {
      const { server, headersOf } = ctx();
      for (const who of EVERYONE) {
        const before = await counts();
        // Read as plain status and text: some calls answer a file (a spreadsheet), not an envelope.
        const res = await server.app.inject({ ...call.request(), headers: headersOf(who) });
        const allowed = who !== 'nobody' && who !== 'member' && call.allowed.includes(who);
        const expected = allowed ? call.okStatus : who === 'nobody' || who === 'member' ? 401 : 403;
        expect(res.statusCode, `${call.name} as ${who}: ${res.body.slice(0, 500)}`).toBe(expected);
        if (!allowed) expect(await counts()).toEqual(before);
      }
    });
  }
};
