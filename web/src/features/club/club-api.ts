import type { PaymentStart } from '@mall/shared/contract/order';
import type { ClubPlan, ClubStatus } from '@mall/shared/contract/wallet';
import { useQuery } from '@tanstack/react-query';
import { useSignedIn } from '../../api/account-queries.ts';
import { api } from '../../api/client.ts';

/**
 * The club's calls (docs/calls.md: wallet and club). The paths are WALLET_CALLS of the contract,
 * written out so the contract's zod schemas stay out of the page's bundle.
 */
export const CLUB_PLANS_API = '/api/club/member/price/app';
export const CLUB_STATUS_API = '/api/club/member/app';
export const clubPayApi = (planId: number) => `/api/club/member/pay/${planId}`;

/** The page shows failures itself. */
const quiet = { toast: false } as const;

export const clubKeys = {
  plans: ['club', 'plans'] as const,
  status: (memberId: number) => ['club', 'status', memberId] as const,
};

/** GET /api/club/member/price/app: the plans on sale, with the saving in plain words. */
export const useClubPlans = () =>
  useQuery({
    queryKey: clubKeys.plans,
    queryFn: ({ signal }) => api.get<ClubPlan[]>(CLUB_PLANS_API, { ...quiet, signal }),
  });

/** GET /api/club/member/app: the signed-in member's membership and history (always read afresh). */
export const useClubStatus = () => {
  const member = useSignedIn();
  return useQuery({
    queryKey: clubKeys.status(member?.id ?? 0),
    queryFn: ({ signal }) => api.get<ClubStatus>(CLUB_STATUS_API, { ...quiet, signal }),
    enabled: member !== null,
    staleTime: 0,
  });
};

/** GET /api/club/member/pay/{id}: the club order for the plan and where the browser goes to pay it. */
export const startClubPayment = (planId: number) => api.get<PaymentStart>(clubPayApi(planId), quiet);
