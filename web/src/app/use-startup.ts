import type { Organisation } from '@mall/shared/contract/reference';
import { useEffect } from 'react';
import { api } from '../api/client.ts';
import { adoptStockOrgId } from '../state/query-client.ts';
import { useSession } from '../state/session-store.ts';

let asking: Promise<Organisation | null> | null = null;

/** The organisation stock call, one at a time: the start-up's and the layout's share it. */
const askStockOrganisation = () =>
  (asking ??= api.get<Organisation>('/api/sys/org/nz/stock', { toast: false }).finally(() => {
    asking = null;
  }));

/**
 * docs/accounts.md, startup: with no organisation id stored, main.tsx asks for one as the shop
 * starts, beside the page's code and data (the browser waits for them anyway), not after the
 * first render.
 */
export const askStockOrganisationAtStart = () => {
  if (useSession.getState().orgId !== null) return;
  askStockOrganisation().then(
    (org) => {
      if (org && useSession.getState().orgId === null) adoptStockOrgId(org.id);
    },
    () => {
      // Without an organisation the shop still browses; the layout's effect tries again.
    },
  );
};

/**
 * docs/accounts.md, startup: if no organisation id is stored at startup, one is obtained from the
 * organisation stock call (adopted without reading the catalogue again: state/query-client.ts).
 */
export const useStartup = () => {
  const orgId = useSession((s) => s.orgId);
  useEffect(() => {
    // The id may have arrived (main.tsx's call) since this render.
    if (orgId !== null || useSession.getState().orgId !== null) return;
    let cancelled = false;
    askStockOrganisation()
      .then((org) => {
        if (!cancelled && org) adoptStockOrgId(org.id);
      })
      .catch(() => {
        // Without an organisation the shop still browses; the next start tries again.
      });
    return () => {
      cancelled = true;
    };
  }, [orgId]);
};
