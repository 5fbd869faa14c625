import {
  LOGIN_FAILURE_WINDOW_SECONDS,
  LOGIN_MAX_FAILURES_PER_ACCOUNT,
  LOGIN_MAX_FAILURES_PER_ADDRESS,
} from '@mall/shared/contract/account';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { tooManyRequests } from '../../lib/errors.ts';
import { createFailureCounts, minutesText } from '../../lib/failure-counts.ts';
import { sha256 } from './tokens.ts';

/**
 * Brute-force protection of the logins: after LOGIN_MAX_FAILURES_PER_ACCOUNT failures for one
 * account, or LOGIN_MAX_FAILURES_PER_ADDRESS from one client address, within
 * LOGIN_FAILURE_WINDOW_SECONDS (a fixed window from the first failure), logins answer 429 with
 * Retry-After, even with the right password. A success clears the account's count.
 * The counts live in Redis when REDIS_URL is set (shared by every process), else in memory
 * (lib/failure-counts.ts).
 */

export interface LoginGuard {
  /** 429 when the account or the address has used up its failures. */
  check(account: string, ip: string): Promise<void>;
  failed(account: string, ip: string): Promise<void>;
  succeeded(account: string): Promise<void>;
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
  const addressKey = (ip: string) => `${prefix}ip:${ip}`;
  const windowMs = LOGIN_FAILURE_WINDOW_SECONDS * 1000;

  return {
    check: async (account, ip) => {
      const [byAccount, byAddress] = await counts.read([accountKey(account), addressKey(ip)]);
      const blocked = [
        byAccount!.count >= LOGIN_MAX_FAILURES_PER_ACCOUNT ? byAccount!.ttlMs : 0,
        byAddress!.count >= LOGIN_MAX_FAILURES_PER_ADDRESS ? byAddress!.ttlMs : 0,
      ];
      const waitMs = Math.max(...blocked);
      if (waitMs > 0) {
        throw tooManyRequests(
          `Too many failed logins. Please try again in ${minutesText(waitMs)}.`,
          waitMs / 1000,
        );
      }
    },
    failed: async (account, ip) => void (await counts.hit([accountKey(account), addressKey(ip)], windowMs)),
    succeeded: (account) => counts.clear(accountKey(account)),
  };
};
