import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * The strict CSP of documents: scripts only from our origin, no eval, no plugins, no framing.
 * With Chatwoot's widget (`chatOrigin`), exactly its server's origin too: its script, the frame
 * it opens and what it loads (docs/chat.md).
 */
const contentSecurityPolicyOf = (chatOrigin: string | null) => {
  const chat = chatOrigin ? [chatOrigin] : [];
  return {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", ...chat],
      // Radix's scroll lock and the toast library insert <style> elements, as does Chatwoot's
      // script; styles cannot run script.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', ...chat],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'", ...chat],
      frameSrc: ["'self'", ...chat],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      // The agreement dialog shows our own terms page in a frame; nobody else may frame the shop.
      frameAncestors: ["'self'"],
      upgradeInsecureRequests: null,
    },
  };
};

type Headers = Record<string, string>;

/** The headers helmet's middleware sets (it sets the same ones on every response), read once. */
const headersOf = (middleware: ReturnType<typeof helmet>): Headers => {
  const headers: Headers = {};
  const res = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = value;
    },
    removeHeader: () => {},
  };
  middleware({} as never, res as never, () => {});
  return headers;
};

/**
 * Security headers of every answer, computed once at start:
 * - documents (the HTML shell, files, invoices, the payment sandbox's pages, API docs): helmet's
 *   full set with the strict CSP above;
 * - JSON answers: the set OWASP's REST Security Cheat Sheet gives for APIs (a CSP that allows
 *   nothing and forbids framing, no sniffing, no framing, HSTS where on), plus
 *   Cross-Origin-Resource-Policy so no other site can load them. The document-only headers (what
 *   a page may load, opener and agent-cluster isolation, prefetch, download and Flash policies)
 *   have nothing to act on in a JSON answer; leaving them out saves about 500 bytes of every answer.
 * Each answer also carries its request id.
 */
export const registerSecurityHeaders = (
  app: FastifyInstance,
  { hsts, chatOrigin = null }: { hsts: boolean; chatOrigin?: string | null },
) => {
  const document = headersOf(
    helmet({
      contentSecurityPolicy: contentSecurityPolicyOf(chatOrigin),
      crossOriginEmbedderPolicy: false,
      strictTransportSecurity: hsts,
    }),
  );
  const json: Headers = {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'cross-origin-resource-policy': 'same-origin',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    ...(document['strict-transport-security']
      ? { 'strict-transport-security': document['strict-transport-security'] }
      : {}),
  };
  const documentEntries = Object.entries(document);
  app.addHook('onSend', (request, reply, payload, done) => {
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && type.startsWith('application/json')) reply.headers(json);
    else {
      // A document may bring its own policy (the API docs' CSP, set by their plugin's hook).
      for (const [name, value] of documentEntries) if (!reply.hasHeader(name)) reply.header(name, value);
    }
    reply.header('x-request-id', request.id);
    done(null, payload);
  });
};
