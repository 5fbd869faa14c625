import type { Organisation } from '@mall/shared/contract/reference';
import { useEffect } from 'react';
import { api } from '../api/client.ts';
import { useSession } from '../state/session-store.ts';

/** docs/accounts.md, startup: if no organisation id is stored at startup, one is obtained from the organisation stock call. */
export const useStartup = () => {
  const orgId = useSession((s) => s.orgId);
  const setOrgId = useSession((s) => s.setOrgId);
  useEffect(() => {
    if (orgId !== null) return;
    let cancelled = false;
    api
      .get<Organisation>('/api/sys/org/nz/stock', { toast: false })
      .then((org) => {
        if (!cancelled && org) setOrgId(org.id);
      })
      .catch(() => {
        // Without an organisation the shop still browses; the next start tries again.
      });
    return () => {
      cancelled = true;
    };
  }, [orgId, setOrgId]);
};
