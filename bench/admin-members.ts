/**
 * Back-office members bench (docs/back-office-members.md): member search and detail at 100,000
 * members on PostgreSQL, 8 operators at once, beside the no-op route in the same run. The
 * database of DATABASE_URL is filled with 100,000 members (once; `bench.m<n>@...`) and an owner
 * `bench-owner`. Every search is one never sent before (another prefix, another page). Usage:
 *   DATABASE_URL=postgres://.../bench_members BENCH_PORT=3631 node bench/admin-members.ts
 */
import { spawnSync } from 'node:child_process';
import pg from 'pg';
import { percentile, root, startBenchServer } from './server.ts';

const port = Number(process.env.BENCH_PORT ?? 3631);
const MEMBERS = 100_000;
const OPERATORS = 8;
const PER_OPERATOR = Number(process.env.BENCH_REQUESTS ?? 250);
const OWNER = { name: 'bench-owner', password: 'bench-owner-password-0123' };
const url = `http://127.0.0.1:${port}`;
if (!process.env.DATABASE_URL) throw new Error('Set DATABASE_URL to a PostgreSQL database for the bench.');

/** 100,000 members, made in SQL (the bench measures reading them, not registering them). */
const fill = async () => {
  const db = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await db.connect();
  const have = Number((await db.query<{ n: string }>('select count(*) as n from member')).rows[0]!.n);
  if (have < MEMBERS) {
    await db.query(
      `insert into member (kind, email, phone, password_hash, user_name)
       select 'retail', 'bench.m' || g || '@example.co.nz', '02' || lpad(g::text, 8, '0'), 'x',
              (array['Aroha','Hemi','Kiri','Mere','Nikau','Tama','Wiremu','Ana'])[1 + g % 8] || '_' || g
       from generate_series($1::int, $2::int) g`,
      [have + 1, MEMBERS],
    );
    await db.query('analyze member');
  }
  await db.end();
  const created = spawnSync(process.execPath, ['server/src/cli/operator-create.ts', OWNER.name], {
    cwd: root,
    env: { ...process.env, OPERATOR_PASSWORD: OWNER.password },
    encoding: 'utf8',
  });
  if (created.status !== 0 && !/taken|exists/i.test(`${created.stdout}${created.stderr}`))
    throw new Error(`operator:create failed: ${created.stderr}`);
};

const main = async () => {
  const server = await startBenchServer(port, { SEED_DEMO: 'false' });
  try {
    await fill();
    const login = await fetch(`${url}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(OWNER),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const headers = { authorization: `Bearer ${token}` };

    let n = 0;
    /** Never the same query twice: another prefix (and page) each time. */
    const nextQuery = () => {
      const i = n++;
      const m = 1 + ((i * 7919) % MEMBERS);
      switch (i % 4) {
        case 0:
          return `email=bench.m${m}&pageNum=1`;
        case 1:
          return `phone=02${String(m).padStart(8, '0').slice(0, 6)}&pageNum=${1 + (i % 3)}`;
        case 2:
          return `name=${['aroha', 'hemi', 'kiri', 'mere'][i % 4]}_${m}`;
        default:
          return `memberNo=R${String(m).padStart(6, '0')}`;
      }
    };
    const time = async (path: string) => {
      const t = performance.now();
      const res = await fetch(`${url}${path}`, { headers });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`${path}: ${res.status}`);
      return performance.now() - t;
    };
    const run = async (paths: () => string) => {
      const times: number[] = [];
      await Promise.all(
        Array.from({ length: OPERATORS }, async () => {
          for (let i = 0; i < PER_OPERATOR; i++) times.push(await time(paths()));
        }),
      );
      return times;
    };
    await run(() => `/api/admin/members?${nextQuery()}`); // warm
    const ping = await run(() => '/api/sys/ping');
    const search = await run(() => `/api/admin/members?${nextQuery()}`);
    const detail = await run(() => `/api/admin/members/${1 + ((n++ * 104_729) % MEMBERS)}`);
    const ping2 = await run(() => '/api/sys/ping');
    const ms = (x: number) => `${x.toFixed(1)} ms`;
    const line = (what: string, xs: number[]) =>
      console.log(`| ${what} | ${xs.length} | ${ms(percentile(xs, 50))} | ${ms(percentile(xs, 99))} |`);
    console.log(
      `back-office members bench: ${MEMBERS.toLocaleString('en-US')} members, PostgreSQL, ${OPERATORS} operators at once`,
    );
    console.log('| call | requests | p50 | p99 |');
    console.log('|---|---|---|---|');
    line('no-op /api/sys/ping, same run', [...ping, ...ping2]);
    line('GET /api/admin/members (never-repeated e-mail/phone/name/number prefix)', search);
    line('GET /api/admin/members/{id} (profile, orders, wallet)', detail);
  } finally {
    server.stop();
  }
};

await main();
