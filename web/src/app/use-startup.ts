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
 * docs/accounts.md, startup: with no organisation id stored, asks the organisation stock call for
 * one and adopts it unless an id arrived meanwhile (adopted without reading the catalogue again:
 * state/query-client.ts). main.tsx calls it as the shop starts, beside the page's code and data
 * (the browser waits for them anyway), not after the first render; the layout calls it again
 * while there is still no id.
 */
export const askStockOrganisationAtStart = () => {
  if (useSession.getState().orgId !== null) return;
  askStockOrganisation().then(
    (org) => {
      if (org && useSession.getState().orgId === null) adoptStockOrgId(org.id);
    },
    () => {
      // Without an organisation the shop still browses; the next start tries again.
    },
  );
};

/** The layout's share of the start-up: the organisation id, while none is stored. */
export const useStartup = () => {
  const orgId = useSession((s) => s.orgId);
  useEffect(() => {
    if (orgId === null) askStockOrganisationAtStart();
  }, [orgId]);
};
