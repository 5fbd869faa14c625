import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  CASH_CARD_FAILURE_WINDOW_SECONDS,
  CASH_CARD_FREE_FAILURES_PER_CARD,
  CASH_CARD_MAX_FAILURES_PER_ADDRESS,
  CASH_CARD_MAX_FAILURES_PER_MEMBER,
  CASH_CARD_SLOWDOWN_MAX_SECONDS,
} from '@mall/shared/contract/wallet';
import { clientKeyOf } from '../../lib/client-address.ts';
import { tooManyRequests } from '../../lib/errors.ts';
import { type FailureCounts, minutesText } from '../../lib/failure-counts.ts';

/**
 * Guessing protection of cash card secrets (docs/wallet.md: cash cards):
 * - per member and per client address: a try counts before the secret is checked (so a burst of
 *   parallel tries cannot pass the limit), and a success takes its count back; past the limit,
 *   429 with Retry-After until the window ends;
 * - per card: never a refusal, only a slower answer that grows with the wrong tries of the last
 *   hour (1 s, 2 s, 4 s ... up to CASH_CARD_SLOWDOWN_MAX_SECONDS), so guessing one card from many
 *   accounts and addresses is slow while its real holder still gets in.
 */

export interface CardTry {
  failed(): Promise<void>;
  succeeded(): Promise<void>;
}

export interface CardGuard {
  /** Counts a try of `cardNo` by the member from `ip`, or 429; then waits the card's slowdown. */
  begin(memberId: number, ip: string, cardNo: string): Promise<CardTry>;
}

const CARD_WINDOW_MS = 3_600_000;

/** The wait, in seconds, before answering a try of a card that had `failures` wrong tries. */
export const slowdownSeconds = (failures: number): number =>
  failures < CASH_CARD_FREE_FAILURES_PER_CARD
    ? 0
    : Math.min(2 ** (failures - CASH_CARD_FREE_FAILURES_PER_CARD), CASH_CARD_SLOWDOWN_MAX_SECONDS);

const digest = (s: string) => createHash('sha256').update(s).digest('hex');

export const createCardGuard = (
  counts: FailureCounts,
  options: {
    /** What this app's Redis keys start with (config: REDIS_KEY_PREFIX). */
    keyPrefix: string;
    secondMs: number;
    wait?: (ms: number) => Promise<unknown>;
  },
): CardGuard => {
  const prefix = `${options.keyPrefix}card-`;
  const wait = options.wait ?? sleep;
  const windowMs = CASH_CARD_FAILURE_WINDOW_SECONDS * 1000;
  return {
    begin: async (memberId, ip, cardNo) => {
      const limited = [`${prefix}m:${memberId}`, `${prefix}ip:${clientKeyOf(ip)}`];
      const cardKey = `${prefix}c:${digest(cardNo)}`;
      const [byMember, byAddress] = await counts.hit(limited, windowMs);
      const waitMs = Math.max(
        byMember!.count > CASH_CARD_MAX_FAILURES_PER_MEMBER ? byMember!.ttlMs : 0,
        byAddress!.count > CASH_CARD_MAX_FAILURES_PER_ADDRESS ? byAddress!.ttlMs : 0,
      );
      if (waitMs > 0) {
        await counts.undo(limited);
        throw tooManyRequests(
          `Too many wrong card numbers or secrets. Please try again in ${minutesText(waitMs)}.`,
          waitMs / 1000,
        );
      }
      const [byCard] = await counts.read([cardKey]);
      const slow = slowdownSeconds(byCard!.count) * options.secondMs;
      if (slow > 0) await wait(slow);
      return {
        failed: async () => void (await counts.hit([cardKey], CARD_WINDOW_MS)),
        succeeded: async () => {
          await counts.undo(limited);
          await counts.clear(cardKey);
        },
      };
    },
  };
};
