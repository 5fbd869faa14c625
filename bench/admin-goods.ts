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
import { build } from 'hdr-histogram-js';
import pg from 'pg';
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
  let n = 0;
  /**
   * A filter never sent before in this run, as an operator types one: the start (3 letters or
   * more) of a word of a random good's name, often with the start of the next word; or the start
   * of a SKU code.
   */
  const nextFilter = (): string => {
    for (;;) {
      n += 1;
      const r = Math.floor(Math.random() * 1_000_000);
      let q: string;
      if (r % 10 === 0) {
        const code = codes[r % codes.length]!;
        q = code.slice(0, 5 + (r % 5));
      } else {
        const words = names[r % names.length]!.split(/[^a-z0-9]+/).filter((w) => w.length >= 3);
        const at = r % Math.max(1, words.length);
        const first = words[at] ?? 'kauri';
        const next = words[at + 1];
        q = first.slice(0, Math.max(3, first.length - (r % 3)));
        if (next && r % 2 === 0) q += ` ${next.slice(0, 1 + (r % next.length))}`;
      }
      if (!sent.has(q)) {
        sent.add(q);
        return q;
      }
    }
  };

  const run = async (label: string, request: (i: number) => Promise<Response>) => {
    const histogram = build({
      lowestDiscernibleValue: 1,
      highestTrackableValue: 60_000_000,
      numberOfSignificantValueDigits: 3,
    });
    let count = 0;
    let failed = 0;
    const until = performance.now() + seconds * 1000;
    await Promise.all(
      tokens.map(async (_, i) => {
        while (performance.now() < until) {
          const t = performance.now();
          const ok = await request(i).then(
            async (res) => {
              await res.arrayBuffer();
              return res.ok;
            },
            () => false,
          );
          histogram.recordValue(Math.round((performance.now() - t) * 1000));
          count += 1;
          if (!ok) failed += 1;
        }
      }),
    );
    const ms = (p: number) => (histogram.getValueAtPercentile(p) / 1000).toFixed(1);
    console.log(
      `${label.padEnd(34)} ${String(count).padStart(6)} requests  ${(count / seconds).toFixed(0).padStart(5)}/s  p50 ${ms(50).padStart(6)} ms  p99 ${ms(99).padStart(6)} ms  max ${ms(100).padStart(6)} ms${failed ? `  FAILED ${failed}` : ''}`,
    );
  };

  console.log(`${goods.toLocaleString('en-US')} goods, ${operators} operators, ${seconds} s a phase`);
  try {
    // Warm up the connections and plans (not counted).
    for (let i = 0; i < 20; i++)
      await fetch(`${server.url}/api/admin/goods?q=warm${i}`, {
        headers: { authorization: `Bearer ${tokens[0]}` },
      });
    await run('GET /api/sys/ping (no-op)', () => fetch(`${server.url}/api/sys/ping`));
    await run('GET /api/admin/goods?q=<new word>', (i) =>
      fetch(`${server.url}/api/admin/goods?q=${encodeURIComponent(nextFilter())}&size=20`, {
        headers: { authorization: `Bearer ${tokens[i]}` },
      }),
    );
    await run('  ... and &published=true', (i) =>
      fetch(`${server.url}/api/admin/goods?q=${encodeURIComponent(nextFilter())}&published=true&size=20`, {
        headers: { authorization: `Bearer ${tokens[i]}` },
      }),
    );
    console.log(`(${sent.size} different filters sent)`);
    await run('GET /api/admin/goods (no filter, page n)', (i) =>
      fetch(`${server.url}/api/admin/goods?page=${1 + ((n++ * 13) % 50)}&size=20`, {
        headers: { authorization: `Bearer ${tokens[i]}` },
      }),
    );
    await run('GET /api/sys/ping (no-op, again)', () => fetch(`${server.url}/api/sys/ping`));
  } finally {
    server.stop();
  }
};

await main();
