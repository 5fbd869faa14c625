/**
 * Shoppers for the cart benchmark: one signed-in member per connection, so each connection
 * changes its own cart (as real shoppers do; 32 connections on one cart would measure only the
 * member's cart lock). The members `bench-cart-{i}@bench.kauri.test` are registered through the
 * API the first time (the code read from the server's mail outbox) and signed in afterwards.
 * Without an outbox (BENCH_URL) every connection shares the demo member.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const PASSWORD = 'bench-cart-1';
const DEMO = { account: 'aroha@example.co.nz', password: 'kauri-demo-1' };

interface Envelope<T> {
  success: boolean;
  code: number;
  message: string;
  data: T;
}

export const callApi = async <T>(
  url: string,
  method: string,
  p: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Envelope<T>> => {
  const res = await fetch(`${url}${p}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return (await res.json()) as Envelope<T>;
};

const must = <T>(e: Envelope<T>, what: string): T => {
  if (!e.success) throw new Error(`${what}: ${e.code} ${e.message}`);
  return e.data;
};

const login = async (url: string, account: string, password: string) =>
  callApi<{ accessToken: string }>(url, 'POST', '/api/sys/auth/retail/login', { account, password });

const codeFrom = async (outbox: string, email: string): Promise<string> => {
  for (let i = 0; i < 100; i++) {
    if (existsSync(outbox)) {
      const file = readdirSync(outbox)
        .filter((f) => f.includes(`-${email}-`) && f.endsWith('.eml'))
        .sort()
        .at(-1);
      const m =
        file &&
        /verification code is (\d{4})\b/.exec(
          readFileSync(path.join(outbox, file), 'utf8').replace(/=\r?\n/g, ''),
        );
      if (m) return m[1]!;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no code for ${email} in ${outbox}`);
};

/** Bearer headers of `n` members (registered or signed in); all the demo member's without an outbox. */
export const cartMembers = async (
  url: string,
  dataDir: string | null,
  n: number,
): Promise<Record<string, string>[]> => {
  if (!dataDir) {
    const token = must(await login(url, DEMO.account, DEMO.password), 'demo login').accessToken;
    return Array.from({ length: n }, () => ({ authorization: `Bearer ${token}` }));
  }
  const outbox = path.join(dataDir, 'outbox');
  const members: Record<string, string>[] = [];
  for (let i = 0; i < n; i++) {
    const email = `bench-cart-${i}@bench.kauri.test`;
    const sent = await callApi(
      url,
      'PATCH',
      `/api/sys/message/send/code/${encodeURIComponent(email)}?purpose=register`,
    );
    let token: string;
    if (sent.success) {
      const code = await codeFrom(outbox, email);
      const reg = await callApi<{ accessToken: string }>(url, 'POST', '/api/retail/customer/register', {
        userName: `Bench${i}`,
        userAccount: email,
        password: PASSWORD,
        code,
      });
      token = must(reg, `register ${email}`).accessToken;
    } else {
      // Registered by an earlier run on this database.
      token = must(await login(url, email, PASSWORD), `login ${email}`).accessToken;
    }
    members.push({ authorization: `Bearer ${token}` });
  }
  return members;
};

interface Card {
  id: number;
  self: boolean;
}
interface Sku {
  id: number;
  stock: number;
  maxCount: number | null;
}

/**
 * `n` SKUs any member may add many times: not of the own supplier (no mixing refusals), no
 * purchase limit and at least 300 in stock.
 */
export const cartSkus = async (url: string, n: number): Promise<number[]> => {
  const list = must(
    await callApi<{ records: Card[] }>(
      url,
      'GET',
      '/api/org/sale/good/search?keyword=all&sort=sales&pageSize=100',
    ),
    'goods list',
  );
  const out: number[] = [];
  for (const card of list.records.filter((c) => !c.self)) {
    const detail = must(
      await callApi<{ skus: Sku[] }>(url, 'GET', `/api/sale/good/detail/${card.id}`),
      'detail',
    );
    for (const s of detail.skus) if (s.maxCount === null && s.stock >= 300 && out.length < n) out.push(s.id);
    if (out.length >= n) return out;
  }
  if (out.length === 0) throw new Error('no SKU fit for the cart benchmark');
  return out;
};
