import { DEBOUNCE_MS } from '@mall/shared/constants';
import type { OrderQuote } from '@mall/shared/contract/wallet';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type QuoteRequest, quoteOrder } from '../../api/wallet-api.ts';

export interface QuoteState {
  /** The latest answer shown, and the request it answers (its key). */
  data: OrderQuote | null;
  key: string | null;
  /** The latest call failed (its answer replaced nothing). */
  error: unknown;
  /** A call for the current choices is waiting or on its way. */
  pending: boolean;
}

/**
 * POST /api/sale/order/quote for checkout's current choices (docs/wallet.md: the order of
 * money). The first call goes at once; a change calls again once the choices have rested for
 * DEBOUNCE_MS (docs/limits.md), and a call still on its way is abandoned. Answers are numbered by
 * when their call was made, and one is shown only if no answer to a later call is shown already,
 * so a slow answer to an earlier choice never replaces a later one. `key` names the request
 * (with whatever else changes the order, e.g. the counts), so the view knows whether the amounts
 * shown are those of the choices on screen.
 */
export const useOrderQuote = (
  request: QuoteRequest | null,
  key: string,
): QuoteState & { retry: () => void } => {
  const [state, setState] = useState<QuoteState>({
    data: null,
    key: null,
    error: null,
    pending: request !== null,
  });
  const [round, setRound] = useState(0);
  const made = useRef(0);
  const shown = useRef(0);
  const latest = useRef(request);
  latest.current = request;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` names the request; `round` is a retry.
  useEffect(() => {
    const body = latest.current;
    if (!body) return;
    const call = ++made.current;
    const controller = new AbortController();
    setState((s) => ({ ...s, pending: true }));
    const timer = setTimeout(
      () => {
        quoteOrder(body, controller.signal).then(
          (data) => {
            if (controller.signal.aborted || call <= shown.current) return;
            shown.current = call;
            setState({ data, key, error: null, pending: call !== made.current });
          },
          (error: unknown) => {
            if (controller.signal.aborted || call <= shown.current) return;
            shown.current = call;
            setState((s) => ({ ...s, error, pending: call !== made.current }));
          },
        );
      },
      call === 1 ? 0 : DEBOUNCE_MS,
    );
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [key, round]);

  const retry = useCallback(() => setRound((r) => r + 1), []);
  return { ...state, retry };
};
