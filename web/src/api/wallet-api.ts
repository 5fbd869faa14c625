import {
  type CashCard,
  type CashCardAdd,
  type ClubStatus,
  type cashCardPageSchema,
  type Discount,
  type DiscountState,
  type discountPageSchema,
  type OrderQuote,
  type pointPageSchema,
  WALLET_CALLS,
  type WalletUse,
} from '@mall/shared/contract/wallet';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { accountKeys, useSignedIn } from './account-queries.ts';
import { api } from './client.ts';

/**
 * The member's wallet calls (docs/wallet.md): points, cash cards, discount cards and coupons,
 * the club's status, and checkout's quote. Pages show failures themselves: no toasts. Their
 * query keys sit under `accountKeys.all`, so whatever refreshes the account (an order placed,
 * paid or cancelled) refreshes the wallet too.
 */
const quiet = { toast: false } as const;
const path = (call: string) => `/api${call}`;

export const WALLET_PAGE_SIZE = 10;

export const walletKeys = {
  all: (memberId: number) => [...accountKeys.all, memberId, 'wallet'] as const,
  points: (memberId: number, pageNum: number) => [...walletKeys.all(memberId), 'points', pageNum] as const,
  cashCards: (memberId: number) => [...walletKeys.all(memberId), 'cash-cards'] as const,
  discounts: (memberId: number, source: 'card' | 'coupon', pageNum: number, state: DiscountState | null) =>
    [...walletKeys.all(memberId), 'discounts', source, pageNum, state] as const,
  club: (memberId: number) => [...walletKeys.all(memberId), 'club'] as const,
};

export type PointPage = z.infer<typeof pointPageSchema>;
export type CashCardPage = z.infer<typeof cashCardPageSchema>;
export type DiscountPage = z.infer<typeof discountPageSchema>;

const useMemberId = () => useSignedIn()?.id ?? null;

/** GET /api/customer/point/record: the member's points, newest movement first, and the balance. */
export const usePointRecords = (pageNum: number) => {
  const memberId = useMemberId();
  return useQuery({
    queryKey: walletKeys.points(memberId ?? 0, pageNum),
    queryFn: () =>
      api.get<PointPage>(path(WALLET_CALLS.pointRecords), {
        ...quiet,
        query: { pageNum, pageSize: WALLET_PAGE_SIZE },
      }),
    enabled: memberId !== null,
    placeholderData: keepPreviousData,
  });
};

/** The most cash cards one member holds in practice: the page lists them all at once. */
export const CASH_CARDS_PAGE_SIZE = 100;

/** GET /api/cash/card/app: the member's cash cards with their movements, and their total balance. */
export const useCashCards = () => {
  const memberId = useMemberId();
  return useQuery({
    queryKey: walletKeys.cashCards(memberId ?? 0),
    queryFn: () =>
      api.get<CashCardPage>(path(WALLET_CALLS.cashCards), {
        ...quiet,
        query: { pageNum: 1, pageSize: CASH_CARDS_PAGE_SIZE },
      }),
    enabled: memberId !== null,
  });
};

/** POST /api/cash/card: the number and secret printed on a card; answers the card added. */
export const addCashCard = (body: CashCardAdd) =>
  api.post<CashCard>(path(WALLET_CALLS.cashCardAdd), body, quiet);

/**
 * GET /api/cutomer/discount/card/app (the discount cards, the path as the specification spells
 * it) or GET /api/customer/coupon/app (the coupons claimed), optionally of one state.
 */
export const useDiscounts = (source: 'card' | 'coupon', pageNum: number, state: DiscountState | null) => {
  const memberId = useMemberId();
  return useQuery({
    queryKey: walletKeys.discounts(memberId ?? 0, source, pageNum, state),
    queryFn: () =>
      api.get<DiscountPage>(path(source === 'card' ? WALLET_CALLS.discountCards : WALLET_CALLS.coupons), {
        ...quiet,
        query: { pageNum, pageSize: WALLET_PAGE_SIZE, state: state ?? undefined },
      }),
    enabled: memberId !== null,
    placeholderData: keepPreviousData,
  });
};

/** POST /api/customer/coupon/claim: the code the member typed; answers the coupon claimed. */
export const claimCoupon = (code: string) =>
  api.post<Discount>(path(WALLET_CALLS.couponClaim), { code: code.trim() }, quiet);

/** GET /api/club/member/app: whether the member is in the club, and until when. */
export const useClubStatus = (enabled = true) => {
  const member = useSignedIn();
  return useQuery({
    queryKey: walletKeys.club(member?.id ?? 0),
    queryFn: () => api.get<ClubStatus>(path(WALLET_CALLS.clubStatus), quiet),
    enabled: enabled && member !== null && member.kind === 'retail',
  });
};

/** What checkout asks a quote for: the order's lines and address, and the wallet's part. */
export interface QuoteRequest extends WalletUse {
  cartItemIds: number[];
  addressId: number;
}

/** POST /api/sale/order/quote: what the order would cost with these choices, and what the wallet offers. */
export const quoteOrder = (body: QuoteRequest, signal?: AbortSignal) =>
  api.post<OrderQuote>(path(WALLET_CALLS.orderQuote), body, { ...quiet, ...(signal ? { signal } : {}) });
