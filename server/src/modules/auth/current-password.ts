import type { Db } from '../../db/client.ts';
import { badRequest } from '../../lib/errors.ts';
import type { LoginGuard } from '../../lib/login-guard.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { findPasswordHash } from '../customer/index.ts';

export const CURRENT_PASSWORD_WRONG = 'The current password is not correct.';

/**
 * A signed-in member's current password, asked again before a change that could take the account
 * over (the password itself, the e-mail, the phone; docs/accounts.md: changing the e-mail or
 * phone). A wrong password is a failed login try: the login guard's try is taken before any hash
 * (429 once the account, i.e. its e-mail, or the client address has used up its failures), so a
 * stolen session cannot guess the password here faster than at the login. A right one clears the
 * account's count, as a login does; a change refused before the password was checked (a wrong
 * code, a taken address) gives the try back.
 *
 * `run` receives the check and calls it once its cheaper checks have passed (inside its
 * transaction, if it likes: the check reads nothing from the database).
 */
export const withCurrentPassword = async <T>(
  services: { db: Db; auth: { loginGuard: LoginGuard } },
  member: { id: number; email: string },
  ip: string,
  given: { field: string; password: string },
  run: (checkPassword: () => Promise<void>) => Promise<T>,
): Promise<T> => {
  const attempt = await services.auth.loginGuard.take(member.email, ip);
  const checked: { outcome: 'unchecked' | 'wrong' | 'right' } = { outcome: 'unchecked' };
  try {
    const stored = await findPasswordHash(services.db, member.id);
    const value = await run(async () => {
      const right = stored !== null && (await verifyPassword(stored, given.password));
      checked.outcome = right ? 'right' : 'wrong';
      if (!right) throw badRequest({ field: given.field, message: CURRENT_PASSWORD_WRONG });
    });
    await attempt.succeeded();
    return value;
  } catch (err) {
    // A wrong password keeps its try; anything else that stopped the change gives it back.
    if (checked.outcome !== 'wrong') await attempt.released();
    throw err;
  }
};
