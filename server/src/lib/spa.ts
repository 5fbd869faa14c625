import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { injectAppConfig } from '@mall/shared/app-config';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { appConfigOf, type Config } from '../config.ts';
import { fail } from './envelope.ts';

const MISSING_BUILD = `<!doctype html><meta charset="utf-8"><title>Build missing</title>
<p>The web app has not been built. Run <code>npm start</code> (or <code>npm run build</code>).</p>`;

/**
 * Serves the built SPA with history-mode fallback, uploaded files at /uploads, and the
 * 404 envelope for unknown /api paths (never the SPA's HTML).
 */
export const registerSpa = async (app: FastifyInstance, config: Config) => {
  const indexPath = path.join(config.webDist, 'index.html');
  const hasBuild = existsSync(indexPath);
  const indexHtml = hasBuild
    ? injectAppConfig(readFileSync(indexPath, 'utf8'), appConfigOf(config))
    : MISSING_BUILD;

  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: config.webDist,
      index: false,
      wildcard: false,
      // Serves the .br/.gz files written at build time when the browser accepts them.
      preCompressed: true,
      setHeaders: (res, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header(
          'Cache-Control',
          immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
        );
      },
    });
  }
  mkdirSync(config.uploadsDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: config.uploadsDir,
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
    setHeaders: (res, filePath) => {
      // Member uploads get a new random name on every upload, so a copy never goes stale.
      const uploaded = filePath.includes(`${path.sep}avatars${path.sep}`);
      res.header('Cache-Control', uploaded ? 'public, max-age=31536000, immutable' : 'public, max-age=86400');
      // Served as the type of their extension, never guessed from the content.
      res.header('X-Content-Type-Options', 'nosniff');
    },
  });

  const sendIndex = (reply: FastifyReply) =>
    reply
      .status(hasBuild ? 200 : 503)
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .send(indexHtml);

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const url = request.url.split('?')[0] ?? '/';
    // The API's prefixes, and the other call paths it serves (legacy suggestions, the sandbox
    // gateway): an envelope, never the app shell.
    if (url === '/api' || /^\/(api|search|sandbox-gateway)\//.test(url)) {
      return reply.status(404).send(fail(404, `No API at ${request.method} ${url}.`));
    }
    // A missing upload is a missing file, never the app shell.
    if (url === '/uploads' || url.startsWith('/uploads/')) {
      return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
    }
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !path.extname(url);
    if (isPage) return sendIndex(reply);
    return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
  });
};
