import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** From the `store` header: 'store' (1, retail audience) or 'supplier' (0, wholesale audience). */
    channel: 'store' | 'supplier';
    /** From the `orgId` header when it is a positive integer; which organisation's stock the shopper sees. */
    orgId: number | null;
  }
}

/** Parses the storefront's context headers (docs/calls.md: what every call sends) once per request. */
export const registerRequestContext = (app: FastifyInstance, defaultChannel: 'store' | 'supplier') => {
  app.decorateRequest('channel', defaultChannel);
  app.decorateRequest('orgId', null);
  app.addHook('onRequest', async (request) => {
    const store = request.headers.store;
    if (store === '1') request.channel = 'store';
    else if (store === '0') request.channel = 'supplier';
    const org = request.headers.orgid;
    const n = typeof org === 'string' && /^\d{1,9}$/.test(org) ? Number(org) : 0;
    request.orgId = n > 0 ? n : null;
  });
};
