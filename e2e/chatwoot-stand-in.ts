import http from 'node:http';

/**
 * A stand-in Chatwoot server for the journeys (docs/chat.md: Chatwoot), on CHATWOOT_PORT: its
 * widget script at /packs/js/sdk.js and the widget's frame at /widget. The script keeps Chatwoot's
 * SDK calls (chatwootSDK.run, then window.$chatwoot's setUser, setCustomAttributes, setLabel,
 * toggle, and reset, noted in local storage as the page reloads after it), records each in `window.__chatwootCalls`, opens the widget's frame from its
 * own origin, as Chatwoot does, and says `chatwoot:ready`.
 */
export const CHATWOOT_PORT = Number(process.env.E2E_CHATWOOT_PORT ?? 3214);
export const CHATWOOT_WEBSITE_TOKEN = 'E2eWebsiteToken';
export const CHATWOOT_HMAC_TOKEN = 'e2e-chatwoot-hmac-token-0123';
export const chatwootBaseUrl = () => `http://127.0.0.1:${CHATWOOT_PORT}`;

const SDK = `(() => {
  const base = document.currentScript.src.replace(/\\/packs\\/js\\/sdk\\.js$/, '');
  window.__chatwootCalls = [];
  const record = (name) => (...args) => window.__chatwootCalls.push([name, ...args]);
  window.chatwootSDK = {
    run({ websiteToken, baseUrl }) {
      window.__chatwootCalls.push(['run', { websiteToken, baseUrl }]);
      const frame = document.createElement('iframe');
      frame.title = 'Chatwoot widget';
      frame.src = base + '/widget?website_token=' + encodeURIComponent(websiteToken);
      frame.style.cssText = 'position:fixed;right:24px;bottom:90px;width:360px;height:480px;border:1px solid #ccc;background:#fff';
      document.body.append(frame);
      window.$chatwoot = {
        hasLoaded: true,
        setUser: record('setUser'),
        setCustomAttributes: record('setCustomAttributes'),
        setLabel: record('setLabel'),
        toggle: record('toggle'),
        // Chatwoot's reset forgets its contact (its cookies); the stand-in notes it where it
        // outlives the shop's reload after signing out.
        reset: () => localStorage.setItem('chatwoot-stand-in:reset', String(Date.now())),
      };
      window.dispatchEvent(new Event('chatwoot:ready'));
    },
  };
})();`;

const WIDGET = '<!doctype html><html><body><h1>Chatwoot widget (stand-in)</h1></body></html>';

/** Starts the stand-in; answers a stop. */
export const startChatwootStandIn = async (): Promise<() => Promise<void>> => {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', chatwootBaseUrl());
    if (url.pathname === '/packs/js/sdk.js') {
      res.writeHead(200, { 'content-type': 'text/javascript' }).end(SDK);
    } else if (url.pathname === '/widget') {
      res.writeHead(200, { 'content-type': 'text/html' }).end(WIDGET);
    } else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(CHATWOOT_PORT, '127.0.0.1', resolve));
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
};
