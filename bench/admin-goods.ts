/**
 * Back-office goods list bench (docs/back-office-catalogue.md): GET /api/admin/goods with a text
 * filter, on the database of DATABASE_URL (e.g. after `seed.ts --goods 100000`), by `operators`
 * concurrent operators each with their own login, for `seconds`. Every request filters by a word
 * never sent before: a run of 4 to 6 letters cut from a random good's name at a random place
 * (mostly matching a few goods, sometimes many), or a SKU code start. Prints p50/p99 beside the
 * no-op route /api/sys/ping measured the same way in the same run. Usage:
 *   DATABASE_URL=postgres://... BENCH_PORT=3630 node bench/admin-goods.ts [operators] [seconds]
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import type { Request } from 'autocannon';
import pg from 'pg';
import { cpuProbe, databaseNameOf } from './cpu.ts';
import { BROWSER_HEADERS, loadPhase, phaseLine } from './load.ts';
import { root, startBenchServer } from './server.ts';

const operators = Number(process.argv[2] ?? 8);
const seconds = Number(process.argv[3] ?? 20);
const port = Number(process.env.BENCH_PORT ?? 3630);
if (!process.env.DATABASE_URL) throw new Error('Set DATABASE_URL to the 100,000-goods catalogue.');

const PASSWORD = 'bench-operator-password-0123';

const main = async () => {
  const db = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await db.connect();
  const goods = Number((await db.query('select count(*)::int as n from goods')).rows[0].n);
  const names: string[] = (
    await db.query('select name_norm from goods order by random() limit 20000')
  ).rows.map((r: { name_norm: string }) => r.name_norm);
  const codes: string[] = (await db.query('select code from sku order by random() limit 5000')).rows.map(
    (r: { code: string }) => r.code,
  );
  await db.end();

  const name = `bench-${randomBytes(3).toString('hex')}`;
  execFileSync(process.execPath, ['server/src/cli/operator-create.ts', name, '--role', 'catalogue'], {
    cwd: root,
    env: { ...process.env, OPERATOR_PASSWORD: PASSWORD },
    stdio: 'ignore',
  });
  const server = await startBenchServer(port);
  const cpu = cpuProbe(server.pid, databaseNameOf(process.env.DATABASE_URL));
  const tokens: string[] = [];
  for (let i = 0; i < operators; i++) {
    const res = await fetch(`${server.url}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name, password: PASSWORD }),
    });
    const body = (await res.json()) as { data: { token: string } };
    tokens.push(body.data.token);
  }

  const sent = new Set<string>();
  /**
   * A filter never sent before in this run, as an operator types one: the start (3 letters or
   * more) of a word of a random good's name, often with the start of the next word; or the start
   * of a SKU code.
   */
  const pick = (k: number) => Math.floor(Math.random() * k);
  const nextFilter = (): string => {
    for (let tries = 0; ; tries++) {
      if (tries === 10_000) throw new Error(`only ${sent.size} different filters could be made`);
      let q: string;
      if (pick(10) === 0) {
        q = codes[pick(codes.length)]!.slice(0, 5 + pick(5));
      } else {
        const words = names[pick(names.length)]!.split(/[^a-z0-9]+/).filter((w) => w.length >= 3);
        const at = pick(Math.max(1, words.length));
        const first = words[at] ?? 'kauri';
        const next = words[at + 1];
        q = first.slice(0, Math.max(3, first.length - pick(3)));
        if (next && pick(2) === 0) q += ` ${next.slice(0, 1 + pick(next.length))}`;
      }
      if (!sent.has(q)) {
        sent.add(q);
        return q;
      }
    }
  };

  const auth = (i: number) => ({ ...BROWSER_HEADERS, authorization: `Bearer ${tokens[i % operators]}` });
  /** Each operator's own list of requests, longer than a phase gets through. */
  const perOperator = Math.max(500, seconds * 100);
  const filtered = (extra: string) => (i: number) =>
    Array.from({ length: perOperator }, () => ({
      method: 'GET' as const,
      path: `/api/admin/goods?q=${encodeURIComponent(nextFilter())}${extra}&pageSize=20`,
      headers: auth(i),
    }));
  const ping = () => [{ method: 'GET' as const, path: '/api/sys/ping', headers: BROWSER_HEADERS }];
  const phase = async (label: string, requestsOf: (i: number) => Request[]) =>
    console.log(phaseLine(label, await loadPhase(server.url, operators, seconds, requestsOf, cpu)));

  console.log(`${goods.toLocaleString('en-US')} goods, ${operators} operators, ${seconds} s a phase`);
  try {
    // Warm up the connections and plans (not counted).
    await loadPhase(server.url, operators, 2, filtered(''));
    await phase('GET /api/sys/ping (no-op)', ping);
    await phase('GET /api/admin/goods?q=<new text>', filtered(''));
    await phase('  ... and &published=true', filtered('&published=true'));
    console.log(`(${sent.size} different filters made)`);
    await phase('GET /api/admin/goods (no filter, page n)', (i) =>
      Array.from({ length: 50 }, (_, k) => ({
        method: 'GET' as const,
        path: `/api/admin/goods?pageNum=${1 + ((k * 13 + i) % 50)}&pageSize=20`,
        headers: auth(i),
      })),
    );
    await phase('GET /api/sys/ping (no-op, again)', ping);
  } finally {
    server.stop();
  }
};

await main();
