import {
  LOGIN_FAILURE_WINDOW_SECONDS,
  LOGIN_MAX_FAILURES_PER_ACCOUNT,
  LOGIN_MAX_FAILURES_PER_ADDRESS,
} from '@mall/shared/contract/account';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { clientKeyOf } from './client-address.ts';
import { tooManyRequests } from './errors.ts';
import { createFailureCounts, minutesText } from './failure-counts.ts';
import { sha256 } from './random-tokens.ts';

/**
 * Brute-force protection of the logins (members' and operators'): after LOGIN_MAX_FAILURES_PER_ACCOUNT failures for one
 * account, or LOGIN_MAX_FAILURES_PER_ADDRESS from one client address, within
 * LOGIN_FAILURE_WINDOW_SECONDS (a fixed window from the first failure), logins answer 429 with
 * Retry-After, even with the right password. A success clears the account's count.
 *
 * Each try is taken (counted) atomically BEFORE the password is checked, so parallel logins
 * cannot all pass the check: the sixth of a hundred parallel tries is already refused. A try
 * that turns out right is given back; one refused here is given back too (it checked nothing).
 * The counts live in Redis when REDIS_URL is set (shared by every process), else in memory
 * (lib/failure-counts.ts).
 */

export interface LoginTry {
  /** The password was right: the account's count is cleared and the address's try given back. */
  succeeded(): Promise<void>;
  /** The password could not be checked (the server was busy): the try is given back. */
  released(): Promise<void>;
}

export interface LoginGuard {
  /** Takes one try for the account and the address; 429 when either has used up its failures. */
  take(account: string, ip: string): Promise<LoginTry>;
  /** Clears the account's count (its password was just reset). */
  cleared(account: string): Promise<void>;
}

/** `keyPrefix`: what this app's Redis keys start with (config: REDIS_KEY_PREFIX). */
export const createLoginGuard = (
  redis: Redis | undefined,
  keyPrefix: string,
  log: FastifyBaseLogger,
): LoginGuard => {
  const prefix = `${keyPrefix}login-`;
  const counts = createFailureCounts(redis, log, 'login failure counts');
  const accountKey = (account: string) => `${prefix}a:${sha256(account.trim().toLowerCase())}`;
  const addressKey = (ip: string) => `${prefix}ip:${clientKeyOf(ip)}`;
  const windowMs = LOGIN_FAILURE_WINDOW_SECONDS * 1000;

  return {
    take: async (account, ip) => {
      const keys = [accountKey(account), addressKey(ip)];
      const [byAccount, byAddress] = await counts.hit(keys, windowMs);
      const waitMs = Math.max(
        byAccount!.count > LOGIN_MAX_FAILURES_PER_ACCOUNT ? byAccount!.ttlMs : 0,
        byAddress!.count > LOGIN_MAX_FAILURES_PER_ADDRESS ? byAddress!.ttlMs : 0,
      );
      if (waitMs > 0) {
        await counts.undo(keys);
        throw tooManyRequests(
          `Too many failed logins. Please try again in ${minutesText(waitMs)}.`,
          waitMs / 1000,
          'auth.locked',
        );
      }
      return {
        succeeded: async () => {
          await counts.clear(keys[0]!);
          await counts.undo([keys[1]!]);
        },
        released: () => counts.undo(keys),
      };
    },
    cleared: (account) => counts.clear(accountKey(account)),
  };
};
