import { HEADER, INVALID_TOKEN } from '@mall/shared/constants';
import type { MemberKind } from '@mall/shared/contract/account';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import type { Db } from '../../db/client.ts';
import { type RequestMember, SESSION_EXPIRED } from '../../lib/auth.ts';
import { createLoginGuard, type LoginGuard } from '../../lib/login-guard.ts';
import { type CodeAddressGuard, createCodeAddressGuard } from './code-guard.ts';
import { createSessionCache, memberPayload, SESSION_CHANNEL, sessionPayload } from './session-cache.ts';
import { createSession, liveSessionMember, type SessionMember, useRefreshToken } from './sessions.ts';
import { createAccessVerifier, loadTokenKey, signAccessToken } from './tokens.ts';

export interface TokenPair {
  accessToken: string;
  refreshToken: string;
}

/** The browser or app a member signs in from, kept with the session. */
export interface Client {
  ip: string;
  userAgent: string | undefined;
}

export const clientOf = (request: FastifyRequest): Client => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'],
});

/** What the account modules share: the token key, session start and the login guard. */
export interface AuthRuntime {
  /** Starts a session for the member (in `db`, which may be a transaction) and signs its first tokens. */
  signIn(db: Db, member: { id: number; kind: MemberKind }, client: Client): Promise<TokenPair>;
  loginGuard: LoginGuard;
  /** Wrong verification codes per client address. */
  codeGuard: CodeAddressGuard;
  /** Drops revoked sessions from this process's cache at once (others hear the announcement). */
  forgetSession(sessionId: string): void;
  forgetMember(memberId: number): void;
  /** The member of a valid access token whose session is live, else null (the chat socket's hello). */
  memberOfAccessToken(token: string): Promise<RequestMember | null>;
}

declare module 'fastify' {
  interface FastifyInstance {
    auth: AuthRuntime;
  }
}

const MAX_TOKEN_LENGTH = 2048;

const headerValue = (v: string | string[] | undefined) => {
  const s = Array.isArray(v) ? v[0] : v;
  const t = s?.trim();
  return t && t.length <= MAX_TOKEN_LENGTH && t !== INVALID_TOKEN ? t : null;
};

const bearerOf = (v: string | string[] | undefined) => {
  const s = headerValue(v);
  const m = s ? /^Bearer\s+(\S+)$/i.exec(s) : null;
  return m && m[1] !== INVALID_TOKEN ? m[1]! : null;
};

const requestMemberOf = (s: SessionMember): RequestMember => ({
  id: s.memberId,
  kind: s.kind,
  sessionId: s.sessionId,
  vip: s.vip,
});

/**
 * Verifies the tokens of every /api request (docs/accounts.md: tokens and sessions) and sets `request.member`:
 * - a valid access token whose session is live: that member;
 * - otherwise a refresh token that is live: that member, and a new pair goes back in the
 *   X-Access-Token and X-Refresh-Token response headers (the old refresh token is used up);
 * - a refresh token rotated a moment ago (REFRESH_REUSE_GRACE_MS; the browser's parallel
 *   requests): that member, no new pair;
 * - a refresh token rotated earlier: reuse, the whole session is revoked;
 * - anything else: a guest, with `authProblem` set so calls that need a member answer 401.
 * Verified access tokens and live sessions are kept in memory; a revocation is announced to every
 * server process (session-cache.ts), so logout and password changes take effect at once everywhere.
 */
export const registerAuth = (app: FastifyInstance, redis: Redis | undefined) => {
  const { config } = app;
  let key: Promise<Uint8Array> | undefined;
  const tokenKey = () => {
    key ??= loadTokenKey(app.db, config.tokenSecret).catch((err: unknown) => {
      key = undefined;
      throw err;
    });
    return key;
  };
  const signAccess = async (member: { id: number; kind: MemberKind }, sessionId: string) =>
    signAccessToken(
      await tokenKey(),
      { memberId: member.id, kind: member.kind, sessionId },
      config.accessTokenTtlMs,
    );

  const sessions = createSessionCache();
  const verifyAccess = createAccessVerifier(tokenKey);
  /** The live session `sessionId`, from memory or the database. */
  const liveSession = (sessionId: string) =>
    sessions.through(sessionId, () => liveSessionMember(app.db, sessionId));

  const runtime: AuthRuntime = {
    signIn: async (db, member, client) => {
      const { sessionId, refreshToken } = await createSession(
        db,
        member.id,
        config.refreshTokenTtlMs,
        client,
      );
      return { accessToken: await signAccess(member, sessionId), refreshToken };
    },
    loginGuard: createLoginGuard(redis, config.redisKeyPrefix, app.log),
    codeGuard: createCodeAddressGuard(redis, config.redisKeyPrefix, app.log),
    forgetSession: (sessionId) => sessions.message(sessionPayload(sessionId)),
    forgetMember: (memberId) => sessions.message(memberPayload(memberId)),
    memberOfAccessToken: async (token) => {
      if (token.length > MAX_TOKEN_LENGTH || token === INVALID_TOKEN) return null;
      const check = await verifyAccess(token);
      if (!check.ok) return null;
      const live = await liveSession(check.claims.sessionId);
      return live && live.memberId === check.claims.memberId ? requestMemberOf(live) : null;
    },
  };
  app.decorate('auth', runtime);
  // Loaded before the first request: signing happens inside transactions (register), which on
  // PGlite's single connection must not wait for a query outside them.
  let stopListening: (() => Promise<void>) | undefined;
  app.addHook('onReady', async () => {
    await tokenKey();
    stopListening = await app.database.listen(SESSION_CHANNEL, sessions);
  });
  app.addHook('onClose', async () => stopListening?.());
  app.decorateRequest('member', null);
  app.decorateRequest('authProblem', null);

  const sendPair = (reply: FastifyReply, pair: TokenPair) => {
    reply.header(HEADER.accessToken, pair.accessToken);
    reply.header(HEADER.refreshToken, pair.refreshToken);
    reply.header('Access-Control-Expose-Headers', `${HEADER.accessToken}, ${HEADER.refreshToken}`);
  };

  app.addHook('onRequest', async (request, reply) => {
    // The matched route, not the raw URL (`/%61pi/...` reaches an `/api/...` route too).
    const route = request.routeOptions.url;
    // The back office's calls carry operators' tokens, checked by those calls (modules/admin).
    if (!route?.startsWith('/api/') || route.startsWith('/api/admin/')) return;
    const access = bearerOf(request.headers.authorization);
    const refresh = headerValue(request.headers['x-refresh-token']);
    if (!access && !refresh) return;

    if (access) {
      const check = await verifyAccess(access);
      if (check.ok) {
        const live = await liveSession(check.claims.sessionId);
        if (live && live.memberId === check.claims.memberId) {
          request.member = requestMemberOf(live);
          return;
        }
      }
    }
    if (refresh) {
      const outcome = await useRefreshToken(
        app.db,
        refresh,
        config.refreshTokenTtlMs,
        config.refreshReuseGraceMs,
      );
      if (outcome.status === 'rotated' || outcome.status === 'grace') {
        request.member = requestMemberOf(outcome.member);
        if (outcome.status === 'rotated') {
          const accessToken = await signAccess(
            { id: outcome.member.memberId, kind: outcome.member.kind },
            outcome.member.sessionId,
          );
          sendPair(reply, { accessToken, refreshToken: outcome.refreshToken });
        }
        return;
      }
      if (outcome.status === 'reused') {
        runtime.forgetSession(outcome.sessionId);
        request.log.warn('a used refresh token came back: its session is revoked');
      }
    }
    request.authProblem = SESSION_EXPIRED;
  });

  // Answers that carry tokens are never stored by a cache.
  app.addHook('onSend', async (_request, reply, payload) => {
    if (reply.hasHeader(HEADER.refreshToken)) reply.header('Cache-Control', 'no-store');
    return payload;
  });
};
