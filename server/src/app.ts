import { randomUUID } from 'node:crypto';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import websocket from '@fastify/websocket';
import { failureEnvelope } from '@mall/shared/envelope';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import { clientKeyOf } from './lib/client-address.ts';
import { fail } from './lib/envelope.ts';
import { registerErrorHandling } from './lib/error-handler.ts';
import { loadRedis } from './lib/libraries.ts';
import { createMailer, type Mailer } from './lib/mailer.ts';
import { limitPasswordHashing } from './lib/passwords.ts';
import { registerRequestContext } from './lib/request-context.ts';
import { createResponseSerializers } from './lib/response-serializer.ts';
import { registerSecurityHeaders } from './lib/security-headers.ts';
import { createOutboxSms, noSms, type SmsSender } from './lib/sms.ts';
import { registerSpa } from './lib/spa.ts';
import { createLocalStorage, type Storage } from './lib/storage.ts';
import { registerNulCheck } from './lib/validate.ts';
import { COMPRESSION } from './lib/written-answer.ts';
import { addressRoutes } from './modules/address/index.ts';
import { adminRoutes } from './modules/admin/index.ts';
import { adminMembersRoutes, authRoutes, registerAuth } from './modules/auth/index.ts';
import { cartRoutes } from './modules/cart/index.ts';
import { adminCatalogueRoutes, catalogueRoutes } from './modules/catalogue/index.ts';
import { chatHubOf, chatPicturesOf, chatRoutes } from './modules/chat/index.ts';
import { chatwootRoutes } from './modules/chatwoot/index.ts';
import { clubOrderPaid, clubRoutes } from './modules/club/index.ts';
import { adminContentRoutes, contentRoutes } from './modules/content/index.ts';
import { customerRoutes } from './modules/customer/index.ts';
import { dashboardRoutes } from './modules/dashboard/index.ts';
import { favouriteCount, favouriteRoutes } from './modules/favourite/index.ts';
import { createMailQueue, type MailQueue } from './modules/mail/index.ts';
import {
  adminOrdersRoutes,
  commentRoutes,
  type OrderLinks,
  orderDocumentRoutes,
  orderRoutes,
} from './modules/order/index.ts';
import { orderImportRoutes } from './modules/order-import/index.ts';
import { adminPaymentRoutes, paymentRoutes, paymentsOfOrder, stripeRoutes } from './modules/payment/index.ts';
import { referenceRoutes } from './modules/reference/index.ts';
import { addSuggestTermsOf, goodsIndexOf, searchRoutes, suggestionRoutes } from './modules/search/index.ts';
import { shippingRoutes } from './modules/shipping/index.ts';
import { systemRoutes } from './modules/system/index.ts';
import { adminWalletRoutes, checkoutWallet, walletBalancesOf, walletRoutes } from './modules/wallet/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    database: Database;
    config: Config;
    mailer: Mailer;
    /** Mails that must not be lost (notices): queued in the database, delivered and retried (modules/mail). */
    mailQueue: MailQueue;
    sms: SmsSender;
    storage: Storage;
    /** Compiles every route's answer writer now (else each is compiled on its route's first answer). */
    compileResponseSerializers(): void;
  }
}

export type App = FastifyInstance;

const PATH_TOO_LONG = 'A part of the address is too long.';
const PATH_NOT_VALID = 'The address is not valid.';

/** The routes the rate limit counts: the API and the legacy suggestion paths, by their route path. */
const isLimitedRoute = (routeUrl: string | undefined) =>
  routeUrl !== undefined && (routeUrl.startsWith('/api/') || routeUrl.startsWith('/search/'));
export type ZodApp = ReturnType<FastifyInstance['withTypeProvider']> & FastifyInstance;

export interface BuildOptions {
  config: Config;
  database: Database;
  /** Pino options override, e.g. `false` in tests. */
  logger?: boolean | object;
}

export const buildApp = async ({ config, database, logger }: BuildOptions): Promise<FastifyInstance> => {
  const app = Fastify({
    logger: logger ?? {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers["x-refresh-token"]', 'req.headers.cookie'],
    },
    bodyLimit: config.bodyLimit,
    // A hop count trusts that many proxies from the socket inwards (Fastify's own reading of a number).
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    // maxParamLength: a path parameter may hold 100 comma-separated ids (/api/good/category/p/ids/{ids}).
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 1100 },
    // Errors found while routing (a path part over maxParamLength, a malformed %-escape): the
    // failure envelope naming the path, like every other refusal.
    frameworkErrors: (error, _request, reply) => {
      const message = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? PATH_TOO_LONG : PATH_NOT_VALID;
      return (reply as unknown as FastifyReply)
        .status(400)
        .send(fail(400, `path: ${message}`, [{ field: 'path', message }]));
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  const serializers = createResponseSerializers();
  app.setSerializerCompiler(serializers.compiler);
  app.decorate('compileResponseSerializers', serializers.compileAll);
  if (config.env === 'production') app.addHook('onReady', async () => serializers.compileAll());
  limitPasswordHashing(config.passwordHashing);
  app.decorate('db', database.db);
  app.decorate('database', database);
  app.decorate('config', config);
  const mailer = createMailer(
    { smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: config.outboxDir },
    app.log,
  );
  const mailQueue = createMailQueue({
    db: database.db,
    mailer,
    log: app.log,
    pollMs: config.mailQueuePollMs,
  });
  app.addHook('onReady', async () => mailQueue.start());
  app.addHook('onClose', async () => {
    await mailQueue.stop();
    mailer.close();
  });
  app.decorate('mailer', mailer);
  app.decorate('mailQueue', mailQueue);
  // No SMS provider exists yet: the outbox serves a shop in development; a live shop sends none.
  app.decorate('sms', config.live ? noSms : createOutboxSms(config.outboxDir, app.log));
  app.decorate('storage', createLocalStorage(config.uploadsDir));
  registerSecurityHeaders(app, {
    hsts: config.env === 'production' && Boolean(config.publicUrl?.startsWith('https:')),
    chatOrigin: config.chat.provider === 'chatwoot' ? config.chat.baseUrl : null,
  });

  registerErrorHandling(app);
  registerNulCheck(app);
  registerRequestContext(app, config.mode);

  // API JSON and the HTML shell are compressed on the fly at the fastest levels (COMPRESSION);
  // built assets are served from their .br/.gz files made at build time (see registerSpa), and
  // answers written once from the catalogue's cached reads are compressed once (written-answer.ts).
  // Request bodies are taken as sent: no client of ours compresses them, and a route that
  // inflated them would run @fastify/compress's decompression hook on every request (2% of a
  // cheap read's CPU) and accept bodies that grow once inflated. A compressed body is refused as
  // the unreadable body it is. Added before the plugin, so its own onRoute hook sees it.
  app.addHook('onRoute', (route) => {
    route.decompress ??= false;
  });
  await app.register(compress, {
    global: true,
    // Up to 64 kB (every API answer but exports) in one synchronous call: on a 2-core machine the
    // plugin's default sends answers over 8 kB (a page of orders, search results, favourites)
    // through a stream pipeline, whose machinery cost about 1 ms a request, more than the
    // compression itself.
    syncThreshold: 65_536,
    ...COMPRESSION,
  });
  const redis = config.redisUrl
    ? new (await loadRedis())(config.redisUrl, {
        connectTimeout: 500,
        maxRetriesPerRequest: 1,
        lazyConnect: false,
      })
    : undefined;
  if (redis) app.addHook('onClose', async () => void redis.quit());
  await app.register(rateLimit, {
    max: config.rateLimitPerMinute,
    timeWindow: 60_000,
    ...(redis ? { redis, nameSpace: `${config.redisKeyPrefix}rl-` } : {}),
    skipOnError: true,
    // The counts go out with a refusal only (429 with Retry-After and the x-ratelimit headers).
    // On every other answer they were three more headers to set and send and for the client to
    // read: goods detail cost 7% less CPU without them (bench/api.ts), and no client
    // of ours reads them.
    addHeadersOnExceeding: {
      'x-ratelimit-limit': false,
      'x-ratelimit-remaining': false,
      'x-ratelimit-reset': false,
    },
    // The client address, an IPv6 one by its /64, as every other limit counts it. The plugin's
    // own key came to the same but tested each address with a pattern (5% of a list answer's CPU).
    keyGenerator: (request) => clientKeyOf(request.ip),
    // Decided from the matched route, never the raw URL: `/%61pi/...` reaches the `/api/...`
    // route and is counted like it.
    allowList: (request) => !isLimitedRoute(request.routeOptions.url),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      success: false,
      code: 429,
      message: `Too many requests. Please try again in ${Math.ceil(context.ttl / 1000)} s.`,
      data: null,
    }),
  });
  // After the rate limit, so a flood is turned away before any token is looked up.
  registerAuth(app, redis);

  await app.register(swagger, {
    openapi: {
      info: { title: `${config.brand} API`, version: '1.0.0', description: 'Storefront API of the mall.' },
    },
    // Every route may refuse: its 4xx answers are the failure envelope, fields named in data.errors.
    transform: ({ schema, ...route }) =>
      jsonSchemaTransform({
        ...route,
        schema: schema && { ...schema, response: { '4XX': failureEnvelope, ...(schema.response as object) } },
      }),
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    // Swagger UI sets a few inline styles; scripts stay locked to its own files.
    transformStaticCSP: (header) => header.replace(/style-src [^;]*/, "style-src 'self' 'unsafe-inline'"),
  });

  const goodsIndex = goodsIndexOf(app);
  const chatHub = chatHubOf(app);
  await app.register(systemRoutes, {
    prefix: '/api',
    searchIndex: () => (goodsIndex === null ? 'off' : (goodsIndex.index?.count ?? 'filling')),
    chatSockets: chatHub.sockets,
  });
  await app.register(authRoutes, { prefix: '/api' });
  await app.register(customerRoutes, {
    prefix: '/api',
    balancesOf: async (db: Db, memberId: number) => {
      const [wallet, favourites] = await Promise.all([
        walletBalancesOf(db, memberId),
        favouriteCount(db, memberId),
      ]);
      return { ...wallet, favourites };
    },
    // The pictures members sent in the chat are uploads in use (docs/chat.md: pictures).
    picturesInUse: chatPicturesOf,
  });
  await app.register(referenceRoutes, { prefix: '/api' });
  await app.register(contentRoutes, { prefix: '/api' });
  await app.register(catalogueRoutes, { prefix: '/api', goodsChanges: goodsIndex });
  await app.register(searchRoutes, { prefix: '/api', goodsIndex });
  await app.register(cartRoutes, { prefix: '/api' });
  await app.register(addressRoutes, { prefix: '/api' });
  await app.register(shippingRoutes, { prefix: '/api' });
  // What the order module uses of the modules built on it (order/links.ts): an order's payments
  // from the payment module, and what else happens when an order of a kind becomes paid.
  const orderLinks: OrderLinks = {
    paymentsOf: paymentsOfOrder,
    paid: {
      club: async (tx, order) => {
        await clubOrderPaid(tx, order);
        // The database announces the change to every process once it commits
        // (auth/session-cache.ts); this process also drops the member's sessions now, so its next
        // request after the payment is read afresh, at club prices, without waiting for that.
        app.auth.forgetMember(order.memberId);
      },
    },
  };
  await app.register(orderRoutes, { prefix: '/api', wallet: checkoutWallet, links: orderLinks });
  // The back office: the operators' own calls, then each area's (docs/back-office.md).
  await app.register(adminRoutes, { prefix: '/api' });
  await app.register(dashboardRoutes, { prefix: '/api' });
  await app.register(adminCatalogueRoutes, { prefix: '/api', goodNamed: addSuggestTermsOf });
  await app.register(adminOrdersRoutes, { prefix: '/api', paymentsOf: orderLinks.paymentsOf });
  await app.register(adminPaymentRoutes, { prefix: '/api' });
  await app.register(adminMembersRoutes, { prefix: '/api' });
  await app.register(adminWalletRoutes, { prefix: '/api' });
  await app.register(adminContentRoutes, { prefix: '/api' });
  await app.register(orderDocumentRoutes, { prefix: '/api', paymentsOf: orderLinks.paymentsOf });
  await app.register(commentRoutes, { prefix: '/api' });
  await app.register(orderImportRoutes, { prefix: '/api' });
  await app.register(clubRoutes, { prefix: '/api' });
  await app.register(walletRoutes, { prefix: '/api', redis });
  await app.register(favouriteRoutes, { prefix: '/api' });
  // Live chat's socket: a frame is refused past CHAT_FRAME_MAX with an error frame; past this the
  // socket is closed (1009) before the frame is even held in memory.
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  await app.register(chatRoutes, { prefix: '/api', hub: chatHub });
  if (config.chat.provider === 'chatwoot') await app.register(chatwootRoutes, { prefix: '/api' });
  // Payment calls and the sandbox gateway's pages (not under /api) give their own paths.
  await app.register(paymentRoutes, { paid: orderLinks.paid });
  await app.register(stripeRoutes, { paid: orderLinks.paid });
  await app.register(suggestionRoutes, { prefix: '/api' });
  // The legacy suggestions helper is also called without /api; registered before the SPA fallback.
  await app.register(suggestionRoutes);

  await registerSpa(app, config);
  return app;
};
