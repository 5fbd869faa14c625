import {
  CASH_CARD_FREE_FAILURES_PER_CARD,
  CASH_CARD_SLOWDOWN_MAX_SECONDS,
} from '@mall/shared/contract/wallet';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createFailureCounts } from '../../src/lib/failure-counts.ts';
import { createCardGuard, slowdownSeconds } from '../../src/modules/wallet/card-guard.ts';

/** docs/wallet.md: cash cards. The per-card slowdown grows with wrong tries, up to a cap, and never refuses. */
describe('cash card guessing guard', () => {
  it('slows a card down 1 s, 2 s, 4 s ... after its free wrong tries, never past the cap', () => {
    const free = CASH_CARD_FREE_FAILURES_PER_CARD;
    expect(Array.from({ length: free }, (_, i) => slowdownSeconds(i))).toEqual(Array(free).fill(0));
    expect([free, free + 1, free + 2, free + 3].map(slowdownSeconds)).toEqual([1, 2, 4, 8]);
    expect(slowdownSeconds(free + 40)).toBe(CASH_CARD_SLOWDOWN_MAX_SECONDS);
  });

  it('waits before each try of a card by its wrong tries, from any member and address, and a success resets it', async () => {
    const waits: number[] = [];
    const guard = createCardGuard(
      createFailureCounts(undefined, { warn: () => {} } as unknown as FastifyBaseLogger, 'test'),
      {
        keyPrefix: 'test-',
        secondMs: 1000,
        wait: async (ms) => void waits.push(ms),
      },
    );
    for (let i = 0; i < CASH_CARD_FREE_FAILURES_PER_CARD + 3; i++)
      await (await guard.begin(100 + i, `10.0.0.${i}`, '6000000000000001')).failed();
    expect(waits).toEqual([1000, 2000, 4000]);
    // Another card is not slowed.
    await (await guard.begin(1, '10.1.0.1', '6000000000000002')).failed();
    expect(waits).toHaveLength(3);
    // The holder still gets an answer (after the wait), and their success resets the card.
    await (await guard.begin(999, '10.2.0.1', '6000000000000001')).succeeded();
    expect(waits).toEqual([1000, 2000, 4000, 8000]);
    await guard.begin(998, '10.2.0.2', '6000000000000001');
    expect(waits).toHaveLength(4);
  });
});
