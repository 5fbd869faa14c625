import type { MemberKind, OrderBadge } from '@mall/shared/contract/account';
import { useQuery } from '@tanstack/react-query';
import { useSession } from '../state/session-store.ts';
import { api } from './client.ts';

/**
 * The member's account reads several features share: their query keys (checkout and payment
 * refresh them when an order changes) and the orders-per-status badge (the account center and
 * My Order both show it).
 */
export const accountKeys = {
  all: ['account'] as const,
  member: (id: number) => ['account', id, 'member'] as const,
  info: (id: number, kind: MemberKind) => ['account', id, kind, 'info'] as const,
  badge: (id: number, kind: MemberKind) => ['account', id, kind, 'badge'] as const,
};

/** The member while signed in (a token and a stored member), else null. */
export const useSignedIn = () => {
  const member = useSession((s) => s.member);
  const token = useSession((s) => s.token);
  return token !== null && member ? member : null;
};

/** GET /api/{retail|wholesale}/customer/order/badge: the member's orders per status. */
export const useOrderBadge = () => {
  const member = useSignedIn();
  const kind = member?.kind ?? 'retail';
  return useQuery({
    queryKey: accountKeys.badge(member?.id ?? 0, kind),
    queryFn: () => api.get<OrderBadge>(`/api/${kind}/customer/order/badge`, { toast: false }),
    enabled: member !== null,
  });
};
