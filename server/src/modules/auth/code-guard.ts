import { CODE_ADDRESS_WINDOW_SECONDS, CODE_WRONG_MAX_PER_ADDRESS } from '@mall/shared/contract/account';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { clientKeyOf } from '../../lib/client-address.ts';
import { tooManyRequests } from '../../lib/errors.ts';
import { createFailureCounts, minutesText } from '../../lib/failure-counts.ts';

/**
 * Wrong verification codes per client address (docs/accounts.md: verification codes): each code
 * check takes a try before the code is compared, given back when the code is right; past
 * CODE_WRONG_MAX_PER_ADDRESS within CODE_ADDRESS_WINDOW_SECONDS the address's code checks answer
 * 429 until the window ends. (Per target: codes.ts.) Counted in Redis when configured, else in memory.
 */

export interface CodeAddressGuard {
  take(ip: string): Promise<{ succeeded(): Promise<void> }>;
}

export const createCodeAddressGuard = (
  redis: Redis | undefined,
  keyPrefix: string,
  log: FastifyBaseLogger,
): CodeAddressGuard => {
  const counts = createFailureCounts(redis, log, 'wrong code counts');
  const windowMs = CODE_ADDRESS_WINDOW_SECONDS * 1000;
  return {
    take: async (ip) => {
      const key = `${keyPrefix}code-ip:${clientKeyOf(ip)}`;
      const [after] = await counts.hit([key], windowMs);
      if (after!.count > CODE_WRONG_MAX_PER_ADDRESS) {
        await counts.undo([key]);
        throw tooManyRequests(
          `Too many wrong verification codes were tried from your network. Please try again in ${minutesText(after!.ttlMs)}.`,
          after!.ttlMs / 1000,
        );
      }
      return { succeeded: () => counts.undo([key]) };
    },
  };
};
