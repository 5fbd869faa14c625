/**
 * Live chat bench (docs/chat.md): 1,000 connected shoppers and 10 operators on one
 * server process (WORKERS=1) on PostgreSQL. Measures message delivery (a shopper's message to
 * the 10 operator sockets, an operator's reply over the back office's reply call to the shopper's
 * socket), the server's memory per connection, and the no-op route's latency in the same run
 * (no sockets, 1,010 idle sockets, and during the message load). Usage:
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1/mall_chatbench npm run bench:chat -w bench
 *   node_modules/.bin/node bench/chat.ts        # the same, with the default DATABASE_URL above
 *
 * The database of DATABASE_URL is created by the bench and dropped at the end (one named
 * mall_chatbench* left by an interrupted run is dropped first; any other that exists is refused),
 * as is the server's temporary data folder. The run stops itself after 15 minutes at most.
 * Settings (environment): CHAT_BENCH_SHOPPERS (1000), CHAT_BENCH_MEMBERS (300 of them members,
 * the rest guests), CHAT_BENCH_OPERATORS (10), CHAT_BENCH_RATES (the load phases' rates of
 * shoppers' messages a second in all, "50,200": each shopper every 20 s, then every 5 s; a rate
 * must stay under SHOPPERS for the limit of 10 messages in 10 s; the highest is run again with
 * the no-op route loaded), CHAT_BENCH_REPLY_RATE (operators' replies a second; a tenth of the
 * rate), CHAT_BENCH_SECONDS (a load phase, 20), BENCH_SECONDS (the no-op phases, 5), BENCH_PORT (3650;
 * the server's inspector listens on the next port, for a garbage collection before each memory
 * reading).
 *
 * Shoppers: one member registered through the API (its code read from the outbox); the other
 * members written in SQL as registration writes them, with its password hash (argon2id; every
 * 10th a wholesale member, every 4th a VIP), then signed in through the login call; 20 guests through the chat's opening call (its limit is 30 a
 * minute per address) and the others written in SQL as that call writes them (a random token,
 * stored as its SHA-256). Every shopper holds one socket; a member's conversation starts with
 * their first message (the warm-up phase sends one from every shopper). Operators: an owner and
 * a support operator made with the operator command, each signed in 5 times. The operators'
 * sockets behave like the desk (web/src/features/admin/chat/ChatDesk.tsx): an inbox frame
 * re-reads the inbox at most every 500 ms.
 *
 * Latency is measured in this process (send to arrival on the receiving socket), so it includes
 * this process's own event-loop delay, printed beside it. The no-op route is loaded by autocannon
 * in a worker thread (32 connections), so it does not stall the sockets' clients.
 *
 * Beside each phase: CPU per message of the server, its database backends and this process
 * (cpu.ts); the cores the whole machine kept busy and how many of them other processes used (this
 * machine is shared); the transactions that wrote per message (each a commit waiting for the WAL
 * to reach the disk); and what the database's backends were waiting for, sampled every 100 ms.
 * At the end the server is stopped (SIGTERM) with the 1,010 sockets still open, and timed.
 * CHAT_BENCH_PROFILE=file.cpuprofile records the server's CPU profile of the highest-rate phase.
 */
import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import autocannon from 'autocannon';
import pg from 'pg';
import { callApi, cartMembers } from './cart-members.ts';
import { cpuProbe, databaseNameOf } from './cpu.ts';
import { BROWSER_HEADERS } from './load.ts';
import { percentile, root, startBenchServer } from './server.ts';

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const SHOPPERS = env('CHAT_BENCH_SHOPPERS', 1000);
const MEMBERS = Math.min(SHOPPERS, env('CHAT_BENCH_MEMBERS', 300));
const OPEN_GUESTS = Math.min(SHOPPERS - MEMBERS, 20);
const OPERATORS = env('CHAT_BENCH_OPERATORS', 10);
/** The load phases' rates (shoppers' messages a second in all); the last is the main one. */
const RATES = (process.env.CHAT_BENCH_RATES ?? '50,200').split(',').map(Number);
const RATE = Math.max(...RATES);
const replyRateOf = (rate: number) => env('CHAT_BENCH_REPLY_RATE', rate / 10);
const SECONDS = env('CHAT_BENCH_SECONDS', 20);
const PING_SECONDS = env('BENCH_SECONDS', 5);
const port = env('BENCH_PORT', 3650);
const inspectorPort = port + 1;
const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1/mall_chatbench';
const database = databaseNameOf(databaseUrl);
if (!database)
  throw new Error('DATABASE_URL must be a postgres:// URL of a database for the bench to create.');
if (RATE >= SHOPPERS)
  throw new Error('CHAT_BENCH_RATES must stay under CHAT_BENCH_SHOPPERS (10 messages in 10 s).');
for (const u of [databaseUrl]) {
  const host = new URL(u).hostname;
  if (!['127.0.0.1', 'localhost', '::1', '[::1]'].includes(host)) throw new Error('loopback only');
}
/** The whole run is bounded: past this the bench cleans up and exits 1. */
const DEADLINE_MS = 15 * 60_000;

const PASSWORD = 'bench-cart-1'; // the registered member's (cart-members.ts); copied to the others
const OPERATOR_PASSWORD = 'bench-chat-operator-password-1';
const OPERATOR_NAMES = ['bench-chat-owner', 'bench-chat-support'];
const socketUrl = `ws://127.0.0.1:${port}/api/chat/socket`;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const stamp = () => new Date().toISOString().replace('T', ' ').slice(0, 16);

// ---------------------------------------------------------------- the database

const adminUrl = (() => {
  const u = new URL(databaseUrl);
  u.pathname = '/postgres';
  return u.toString();
})();

const createDatabase = async () => {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const exists = (await admin.query('select 1 from pg_database where datname = $1', [database])).rowCount;
    if (exists && !database.startsWith('mall_chatbench'))
      throw new Error(`database ${database} exists: the bench creates its own and drops it; name another`);
    if (exists) await admin.query(`drop database "${database}" with (force)`);
    await admin.query(`create database "${database}"`);
  } finally {
    await admin.end();
  }
};

const dropDatabase = async () => {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists "${database}" with (force)`);
  } finally {
    await admin.end();
  }
};

// ---------------------------------------------------------------- the server process

/** VmRSS of `pid` in kB. */
const rssKb = (pid: number) => {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) : Number.NaN;
};

/** A session on the server's inspector (opened with SIGUSR1 on the loopback port of --inspect-port). */
const inspect = async (pid: number) => {
  process.kill(pid, 'SIGUSR1');
  let target: string | undefined;
  for (let i = 0; i < 50 && !target; i++) {
    try {
      const list = (await (await fetch(`http://127.0.0.1:${inspectorPort}/json/list`)).json()) as {
        webSocketDebuggerUrl: string;
      }[];
      target = list[0]?.webSocketDebuggerUrl;
    } catch {
      await sleep(100);
    }
  }
  if (!target) throw new Error("the server's inspector did not open");
  const ws = new WebSocket(target);
  const answers = new Map<number, (v: unknown) => void>();
  ws.onmessage = (e) => {
    const m = JSON.parse(String(e.data)) as { id?: number; result?: unknown };
    if (m.id !== undefined) answers.get(m.id)?.(m.result);
  };
  await new Promise<void>((resolve, reject) => {
    ws.onopen = () => resolve();
    ws.onerror = () => reject(new Error('inspector socket failed'));
  });
  let id = 0;
  return {
    call: (method: string, params: object = {}) =>
      new Promise<unknown>((resolve) => {
        answers.set(++id, resolve);
        ws.send(JSON.stringify({ id, method, params }));
      }),
    close: () => ws.close(),
  };
};

/** A full garbage collection in the server, then its heap in use and its RSS. */
const collectAndMeasure = async (pid: number) => {
  const session = await inspect(pid);
  await session.call('HeapProfiler.collectGarbage');
  await session.call('HeapProfiler.collectGarbage');
  const heap = (await session.call('Runtime.getHeapUsage')) as { usedSize: number; totalSize: number };
  session.close();
  await sleep(1000);
  return { rssKb: rssKb(pid), heapUsedKb: heap.usedSize / 1024 };
};

/** CPU time the whole machine spent busy (not idle or waiting for I/O), and waiting for I/O, in ms, from /proc/stat. */
const machineMs = () => {
  const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
  const n = ticks.map(Number);
  // user nice system idle iowait irq softirq steal
  return { busy: (n[0]! + n[1]! + n[2]! + n[5]! + n[6]! + n[7]!) * 10, iowait: n[4]! * 10 };
};

/**
 * Samples what the server's database backends are doing every 100 ms (active ones: their wait
 * event, or "running"), until the returned function is called.
 */
const sampleWaits = (phase: Phase) => {
  const db = new pg.Client({ connectionString: databaseUrl });
  let stopped = false;
  const nextXid = async () =>
    Number(
      (await db.query<{ n: string }>('select pg_snapshot_xmax(pg_current_snapshot())::text as n')).rows[0]!.n,
    );
  let first = 0;
  const done = (async () => {
    await db.connect();
    first = await nextXid();
    while (!stopped) {
      const { rows } = await db.query<{ what: string }>(
        `select coalesce(wait_event_type || ':' || wait_event, 'running') as what from pg_stat_activity
         where datname = current_database() and backend_type = 'client backend' and state = 'active'
           and pid <> pg_backend_pid()`,
      );
      phase.samples++;
      for (const r of rows) phase.waits.set(r.what, (phase.waits.get(r.what) ?? 0) + 1);
      await sleep(100);
    }
  })();
  /** Stops; answers the transaction ids assigned since the start. */
  return async () => {
    stopped = true;
    await done;
    const n = (await nextXid()) - first;
    await db.end();
    return n;
  };
};

const waitGone = async (pid: number) => {
  for (let i = 0; i < 200 && existsSync(`/proc/${pid}`); i++) await sleep(100);
  if (existsSync(`/proc/${pid}`)) process.kill(pid, 'SIGKILL');
};

// ---------------------------------------------------------------- no-op route

interface PingResult {
  perSecond: number;
  p50: number;
  p99: number;
  max: number;
  failed: number;
  /** The server's CPU ms per request. */
  cpuMs?: number;
}

/** The no-op route, 32 connections, from a worker thread (the sockets' clients keep this one). */
const ping = async (url: string, seconds: number, cpu?: ReturnType<typeof cpuProbe>): Promise<PingResult> => {
  const spent = cpu?.available ? cpu.start() : null;
  const r = await autocannon({
    url: `${url}/api/sys/ping`,
    connections: 32,
    duration: seconds,
    workers: 1,
    headers: BROWSER_HEADERS,
  });
  return {
    perSecond: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    max: r.latency.max,
    failed: r.non2xx + r.errors + r.timeouts,
    ...(spent ? { cpuMs: spent(r.requests.total).server } : {}),
  };
};

// ---------------------------------------------------------------- sockets

type Frame =
  | { type: 'ready'; conversationId: number | null; operatorsOnline: boolean }
  | {
      type: 'message';
      message: { id: number; conversationId: number; sender: 'shopper' | 'operator'; text: string };
    }
  | { type: 'inbox'; conversationId: number }
  | { type: 'sent'; ref: string | null; id: number; offline: boolean }
  | { type: 'pong' }
  | { type: 'error'; message: string; ref?: string | null };

interface Peer {
  ws: WebSocket;
  conversationId: number | null;
}

let closing = false;
let unexpectedCloses = 0;
const openSockets: WebSocket[] = [];

/** Opens a socket, says hello and waits for `ready`; every frame (from `ready` on) goes to `onFrame`. */
const connect = (hello: object, onFrame: (f: Frame, peer: Peer) => void) =>
  new Promise<Peer>((resolve, reject) => {
    const ws = new WebSocket(socketUrl);
    const peer: Peer = { ws, conversationId: null };
    let ready = false;
    const timer = setTimeout(() => reject(new Error('no ready frame within 20 s')), 20_000);
    ws.onopen = () => ws.send(JSON.stringify(hello));
    ws.onmessage = (e) => {
      const f = JSON.parse(String(e.data)) as Frame;
      if (f.type === 'ready' && !ready) {
        ready = true;
        clearTimeout(timer);
        peer.conversationId = f.conversationId;
        openSockets.push(ws);
        resolve(peer);
      }
      onFrame(f, peer);
    };
    ws.onclose = (e) => {
      clearTimeout(timer);
      if (!ready) reject(new Error(`socket closed before ready: ${e.code} ${e.reason}`));
      else if (!closing) unexpectedCloses++;
    };
  });

/** Runs `fn` over `items`, `width` at a time. */
const inParallel = async <T, R>(items: T[], width: number, fn: (item: T, i: number) => Promise<R>) => {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i]!, i);
      }
    }),
  );
  return out;
};

// ---------------------------------------------------------------- what is measured

/** A phase's figures. Messages carry their number in their text ("bench 123 ..."). */
interface Phase {
  name: string;
  first: number;
  last: number;
  firstReply: number;
  lastReply: number;
  toOperators: number[];
  /** The sender's own socket gets its message too (the panel in its other tabs). */
  echo: number[];
  /** `sent`: stored and acknowledged to the sender. */
  ack: number[];
  reply: number[];
  replyHttp: number[];
  replyFailed: number;
  errors: Map<string, number>;
  inboxReads: number[];
  /** Deliveries to operators by the second (of the phase) their message was sent in. */
  bySecond: number[][];
  start: number;
  cpu?: { server: number; db: number };
  /** This process's CPU ms per message (the sockets' clients). */
  clientCpu?: number;
  /** Cores busy on the whole machine during the phase, and of them, other processes' (not the server, its database backends or this bench). */
  machine?: { busy: number; others: number; iowait: number };
  /** What the database's backends were doing, sampled every 100 ms: state or wait event → samples. */
  waits: Map<string, number>;
  samples: number;
  /**
   * Transaction ids assigned per message (shopper's or reply): transactions that wrote, each a
   * commit that waits for the WAL to reach the disk. Counted on the whole PostgreSQL cluster
   * (other databases' writes in the same time add to it).
   */
  commits?: number;
  loopP99?: number;
}

const MAX_MESSAGES = SHOPPERS + RATE * (RATES.length * SECONDS + PING_SECONDS + 10) * 2;
const MAX_REPLIES = replyRateOf(RATE) * (RATES.length * SECONDS + PING_SECONDS + 10) * 2 + 100;
const sentAt = new Float64Array(MAX_MESSAGES);
const phaseOf = new Array<Phase | undefined>(MAX_MESSAGES);
const operatorGot = new Uint8Array(MAX_MESSAGES * OPERATORS);
const echoGot = new Uint8Array(MAX_MESSAGES);
const replySentAt = new Float64Array(MAX_REPLIES);
const replyPhase = new Array<Phase | undefined>(MAX_REPLIES);
const replyTo = new Int32Array(MAX_REPLIES).fill(-1);
const replyGot = new Uint8Array(MAX_REPLIES);
let messages = 0;
let replies = 0;
let misdelivered = 0;
let inboxFrames = 0;
let current: Phase | null = null;

const numberIn = (text: string, word: string) =>
  text.startsWith(`${word} `) ? Number(text.slice(word.length + 1, text.indexOf(' ', word.length + 1))) : -1;

const onShopperFrame = (shopper: number) => (f: Frame, peer: Peer) => {
  const now = performance.now();
  if (f.type === 'message') {
    peer.conversationId = f.message.conversationId;
    if (f.message.sender === 'shopper') {
      const seq = numberIn(f.message.text, 'bench');
      if (seq >= 0 && ++echoGot[seq]! === 1) phaseOf[seq]?.echo.push(now - sentAt[seq]!);
    } else {
      const r = numberIn(f.message.text, 'reply');
      if (r < 0) return;
      if (replyTo[r] !== shopper) misdelivered++;
      else if (++replyGot[r]! === 1) replyPhase[r]?.reply.push(now - replySentAt[r]!);
    }
  } else if (f.type === 'sent') {
    const seq = Number(f.ref);
    phaseOf[seq]?.ack.push(now - sentAt[seq]!);
  } else if (f.type === 'error') {
    const phase = f.ref ? phaseOf[Number(f.ref)] : current;
    if (phase) phase.errors.set(f.message, (phase.errors.get(f.message) ?? 0) + 1);
  }
};

const operatorTokens: string[] = [];
let appUrl = '';

/**
 * As the desk (ChatDesk.tsx): an inbox frame re-reads the inbox 500 ms later, at most one read
 * every 500 ms however many frames come (a throttle; a debounce never read while shoppers wrote).
 */
const onOperatorFrame = (op: number) => {
  let reload: NodeJS.Timeout | undefined;
  return (f: Frame) => {
    const now = performance.now();
    if (f.type === 'message' && f.message.sender === 'shopper') {
      const seq = numberIn(f.message.text, 'bench');
      if (seq < 0) return;
      const phase = phaseOf[seq];
      if (++operatorGot[seq * OPERATORS + op]! === 1 && phase) {
        phase.toOperators.push(now - sentAt[seq]!);
        const second = Math.floor((sentAt[seq]! - phase.start) / 1000);
        phase.bySecond[second] ??= [];
        phase.bySecond[second].push(now - sentAt[seq]!);
      }
    } else if (f.type === 'inbox') {
      inboxFrames++;
      if (reload) return;
      reload = setTimeout(() => {
        reload = undefined;
        const phase = current;
        const t = performance.now();
        void fetch(`${appUrl}/api/admin/chat/conversations`, {
          headers: { authorization: `Bearer ${operatorTokens[op]}`, ...BROWSER_HEADERS },
        })
          .then((res) => res.arrayBuffer())
          .then(() => phase?.inboxReads.push(performance.now() - t))
          .catch(() => {});
      }, 500);
    }
  };
};

const newPhase = (name: string): Phase => ({
  name,
  first: messages,
  last: messages,
  firstReply: replies,
  lastReply: replies,
  toOperators: [],
  echo: [],
  ack: [],
  reply: [],
  replyHttp: [],
  replyFailed: 0,
  errors: new Map(),
  inboxReads: [],
  bySecond: [],
  start: 0,
  waits: new Map(),
  samples: 0,
});

const TEXT_PAD = ' Kia ora, is the manuka honey 500g back in stock, and can it ship to Dunedin?';

/**
 * Shoppers send at `rate` a second in all for `seconds` (each in turn, in a shuffled order);
 * operators reply at `replyRate` a second to conversations picked in turn. Then waits (at most
 * 10 s) for what was sent to arrive.
 */
const runLoad = async (
  phase: Phase,
  shoppers: Peer[],
  order: number[],
  seconds: number,
  rate: number,
  replyRate: number,
  cpu: ReturnType<typeof cpuProbe>,
) => {
  current = phase;
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const spent = cpu.available ? cpu.start() : null;
  const clientCpu = process.cpuUsage();
  const machineBefore = machineMs();
  const stopSampling = sampleWaits(phase);
  const start = performance.now();
  phase.start = start;
  const total = Math.round(seconds * rate);
  const totalReplies = Math.round(seconds * replyRate);
  let sent = 0;
  let replied = 0;
  const pending = new Set<Promise<void>>();
  let turn = 0;
  while (sent < total || replied < totalReplies) {
    const elapsed = performance.now() - start;
    for (const due = Math.min(total, Math.floor((elapsed * rate) / 1000)); sent < due; sent++) {
      const shopper = order[(phase.first + sent) % order.length]!;
      const seq = messages++;
      phaseOf[seq] = phase;
      sentAt[seq] = performance.now();
      shoppers[shopper]!.ws.send(
        JSON.stringify({ type: 'send', text: `bench ${seq}${TEXT_PAD}`, ref: String(seq) }),
      );
    }
    for (
      const due = Math.min(totalReplies, Math.floor((elapsed * replyRate) / 1000));
      replied < due;
      replied++
    ) {
      // A conversation that has started (every guest's; a member's after their first message).
      let shopper = -1;
      for (let tries = 0; tries < shoppers.length && shopper < 0; tries++) {
        const s = order[(turn++ * 7) % order.length]!;
        if (shoppers[s]!.conversationId !== null) shopper = s;
      }
      if (shopper < 0) continue;
      const r = replies++;
      replyPhase[r] = phase;
      replyTo[r] = shopper;
      const op = r % OPERATORS;
      const t = performance.now();
      replySentAt[r] = t;
      const p = fetch(
        `${appUrl}/api/admin/chat/conversations/${shoppers[shopper]!.conversationId}/messages`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${operatorTokens[op]}` },
          body: JSON.stringify({
            text: `reply ${r} Kia ora! Yes, it is back in stock and ships anywhere in NZ.`,
          }),
        },
      )
        .then(async (res) => {
          const body = (await res.json()) as { success: boolean; data?: { mailed: boolean } };
          if (!body.success || body.data?.mailed) phase.replyFailed++;
          else phase.replyHttp.push(performance.now() - t);
        })
        .catch(() => {
          phase.replyFailed++;
        })
        .finally(() => pending.delete(p));
      pending.add(p);
    }
    await sleep(2);
  }
  await Promise.all(pending);
  phase.last = messages;
  phase.lastReply = replies;
  // Everything sent arrives, or 10 s pass.
  for (let i = 0; i < 100; i++) {
    if (
      phase.toOperators.length >= (phase.last - phase.first) * OPERATORS &&
      phase.reply.length >= phase.replyHttp.length
    )
      break;
    await sleep(100);
  }
  const handled = phase.last - phase.first + phase.lastReply - phase.firstReply;
  phase.cpu = spent?.(handled);
  const used = process.cpuUsage(clientCpu);
  phase.clientCpu = (used.user + used.system) / 1000 / Math.max(1, handled);
  const wall = performance.now() - start;
  const machineAfter = machineMs();
  const busy = machineAfter.busy - machineBefore.busy;
  const ours = phase.cpu ? (phase.cpu.server + phase.cpu.db) * handled + (used.user + used.system) / 1000 : 0;
  phase.machine = {
    busy: busy / wall,
    others: Math.max(0, busy - ours) / wall,
    iowait: (machineAfter.iowait - machineBefore.iowait) / wall,
  };
  phase.commits = (await stopSampling()) / Math.max(1, handled);
  loop.disable();
  phase.loopP99 = loop.percentile(99) / 1e6;
  current = null;
};

/** Lost and duplicated deliveries of a phase, counted per receiving socket. */
const losses = (phase: Phase) => {
  let lost = 0;
  let dup = 0;
  for (let seq = phase.first; seq < phase.last; seq++)
    for (let op = 0; op < OPERATORS; op++) {
      const n = operatorGot[seq * OPERATORS + op]!;
      if (n === 0) lost++;
      if (n > 1) dup += n - 1;
    }
  let replyLost = 0;
  let replyDup = 0;
  for (let r = phase.firstReply; r < phase.lastReply; r++) {
    if (replyGot[r] === 0) replyLost++;
    if (replyGot[r]! > 1) replyDup += replyGot[r]! - 1;
  }
  let echoLost = 0;
  for (let seq = phase.first; seq < phase.last; seq++) if (echoGot[seq] === 0) echoLost++;
  return { lost, dup, replyLost, replyDup, echoLost };
};

const ms = (xs: number[]) =>
  xs.length
    ? `${percentile(xs, 50).toFixed(1)} / ${percentile(xs, 99).toFixed(1)} / ${Math.max(...xs).toFixed(1)}`
    : '-';

// ---------------------------------------------------------------- the run

const main = async () => {
  const began = stamp();
  const loadAverage = os.loadavg()[0]!.toFixed(2);
  await createDatabase();
  const server = await startBenchServer(port, {
    DATABASE_URL: databaseUrl,
    WORKERS: '1',
    SEED_DEMO: 'false',
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --inspect-port=127.0.0.1:${inspectorPort}`.trim(),
  });
  appUrl = server.url;
  const pid = server.pid!;
  const cpu = cpuProbe(pid, database);
  /** Stops the server with the sockets still open (as a restart would), then closes what is left. */
  const cleanup = async () => {
    closing = true;
    const open = openSockets.filter((ws) => ws.readyState === WebSocket.OPEN).length;
    const t = performance.now();
    server.stop();
    await waitGone(pid);
    console.log(
      `server stopped (SIGTERM) with ${fmt(open)} sockets open in ${((performance.now() - t) / 1000).toFixed(1)} s`,
    );
    for (const ws of openSockets) ws.close();
    await dropDatabase();
    // The data folder startBenchServer made (its outbox), unless DATA_DIR named one.
    if (!process.env.DATA_DIR && server.dataDir) rmSync(server.dataDir, { recursive: true, force: true });
  };
  const deadline = setTimeout(() => {
    console.error(`the bench ran past ${DEADLINE_MS / 60_000} minutes: stopping`);
    void cleanup().finally(() => process.exit(1));
  }, DEADLINE_MS);
  try {
    // Operators: an owner and a support operator, each signed in half the times.
    for (const [i, name] of OPERATOR_NAMES.entries())
      execFileSync(
        process.execPath,
        ['server/src/cli/operator-create.ts', name, '--role', i ? 'support' : 'owner'],
        {
          cwd: root,
          env: { ...process.env, DATABASE_URL: databaseUrl, OPERATOR_PASSWORD },
          stdio: 'ignore',
        },
      );
    for (let i = 0; i < OPERATORS; i++) {
      const login = await callApi<{ token: string }>(appUrl, 'POST', '/api/admin/login', {
        name: OPERATOR_NAMES[i % 2],
        password: OPERATOR_PASSWORD,
      });
      if (!login.success) throw new Error(`operator login: ${login.message}`);
      operatorTokens.push(login.data.token);
    }

    // Members: one registered through the API, the others as registration writes them.
    const setup = performance.now();
    const [first] = await cartMembers(appUrl, server.dataDir, 1);
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    await db.query(
      `insert into member (kind, email, phone, password_hash, user_name, vip, company_trading_name, company_number, nzbn)
       select case when i % 10 = 0 then 'wholesale' else 'retail' end, 'bench-chat-' || i || '@bench.kauri.test', '',
              (select password_hash from member where email = 'bench-cart-0@bench.kauri.test'),
              'Shopper ' || i, i % 4 = 0,
              case when i % 10 = 0 then 'Bench Trading ' || i end,
              case when i % 10 = 0 then (1000000 + i)::text end,
              case when i % 10 = 0 then '9429' || lpad(i::text, 9, '0') end
       from generate_series(1, $1::int) i`,
      [MEMBERS - 1],
    );
    const memberTokens = [first!.authorization!.slice('Bearer '.length)];
    memberTokens.push(
      ...(await inParallel(
        Array.from({ length: MEMBERS - 1 }, (_, i) => i + 1),
        2,
        async (i) => {
          const kind = i % 10 === 0 ? 'wholesale' : 'retail';
          const login = await callApi<{ accessToken: string }>(
            appUrl,
            'POST',
            `/api/sys/auth/${kind}/login`,
            {
              account: `bench-chat-${i}@bench.kauri.test`,
              password: PASSWORD,
            },
          );
          if (!login.success) throw new Error(`login ${i}: ${login.message}`);
          return login.data.accessToken;
        },
      )),
    );
    // Guests: some through the opening call, the others as it writes them.
    const guestTokens: string[] = [];
    for (let i = 0; i < OPEN_GUESTS; i++) {
      const open = await callApi<{ guestToken: string }>(appUrl, 'POST', '/api/chat/conversation', {
        pagePath: '/',
        guest: { name: `Guest ${i}`, email: `guest-${i}@bench.kauri.test` },
      });
      if (!open.success) throw new Error(`guest open: ${open.message}`);
      guestTokens.push(open.data.guestToken);
    }
    const sqlGuests = SHOPPERS - MEMBERS - OPEN_GUESTS;
    const made = Array.from({ length: sqlGuests }, () => randomBytes(32).toString('base64url'));
    await db.query(
      `insert into chat_conversation (guest_token_hash, details)
       select h, jsonb_build_object('kind', 'guest', 'name', 'Guest ' || n, 'email', 'guest-' || n || '@bench.kauri.test',
         'phone', null, 'memberNo', null, 'organisation', null, 'labels', '[]'::jsonb, 'mode', 'store',
         'pagePath', '/', 'cartCount', null, 'lastOrder', null)
       from unnest($1::text[], $2::int[]) as t(h, n)`,
      [made.map((t) => createHash('sha256').update(t).digest('hex')), made.map((_, i) => OPEN_GUESTS + i)],
    );
    guestTokens.push(...made);
    await db.end();
    const setupSeconds = (performance.now() - setup) / 1000;

    // The no-op route with no socket open (after a warm-up).
    await ping(appUrl, 2);
    const pingBare = await ping(appUrl, PING_SECONDS, cpu);
    const before = await collectAndMeasure(pid);

    // 1,010 sockets.
    const t0 = performance.now();
    await inParallel(
      Array.from({ length: OPERATORS }, (_, i) => i),
      OPERATORS,
      (i) => connect({ type: 'hello', as: 'operator', token: operatorTokens[i] }, onOperatorFrame(i)),
    );
    const shoppers = await inParallel(
      Array.from({ length: SHOPPERS }, (_, i) => i),
      50,
      (i) =>
        connect(
          {
            type: 'hello',
            as: i < MEMBERS ? 'member' : 'guest',
            token: i < MEMBERS ? memberTokens[i] : guestTokens[i - MEMBERS],
            context: { pagePath: `/goods/${1 + (i % 500)}`, cartCount: i % 6, mode: 'store' },
          },
          onShopperFrame(i),
        ),
    );
    const openSeconds = (performance.now() - t0) / 1000;
    // Idle through at least one heartbeat (CHAT_HEARTBEAT_MS, 10 s).
    const idleCpu = cpu.available ? cpu.start() : null;
    await sleep(12_000);
    const idleCpuMs = idleCpu?.(1);
    const idle = await collectAndMeasure(pid);
    const pingIdle = await ping(appUrl, PING_SECONDS, cpu);

    // Warm-up: every shopper sends one message (a member's conversation starts with it).
    const order = Array.from({ length: SHOPPERS }, (_, i) => i).sort(() => Math.random() - 0.5);
    const warm = newPhase('warm-up: one message from every shopper');
    await runLoad(warm, shoppers, order, SHOPPERS / Math.min(RATE, 100), Math.min(RATE, 100), 0, cpu);
    const loads: Phase[] = [];
    for (const rate of RATES) {
      await sleep(2000);
      const load = newPhase(`load: ${rate} messages/s, ${replyRateOf(rate)} replies/s, ${SECONDS} s`);
      loads.push(load);
      const profiling = process.env.CHAT_BENCH_PROFILE && rate === RATE ? await inspect(pid) : null;
      if (profiling) {
        await profiling.call('Profiler.enable');
        await profiling.call('Profiler.setSamplingInterval', { interval: 500 });
        await profiling.call('Profiler.start');
      }
      await runLoad(load, shoppers, order, SECONDS, rate, replyRateOf(rate), cpu);
      if (profiling) {
        const { profile } = (await profiling.call('Profiler.stop')) as { profile: unknown };
        writeFileSync(process.env.CHAT_BENCH_PROFILE!, JSON.stringify(profile));
        profiling.close();
      }
    }
    await sleep(2000);
    // The same load with the no-op route measured in its middle.
    const withPing = newPhase(`load: ${RATE} messages/s with the no-op route loaded`);
    // (Its CPU is not per message: the server serves the no-op route too.)
    const loading = runLoad(withPing, shoppers, order, PING_SECONDS + 4, RATE, replyRateOf(RATE), cpu);
    await sleep(2000);
    const pingLoad = await ping(appUrl, PING_SECONDS);
    await loading;
    await sleep(2000);
    withPing.cpu = undefined;
    const after = await collectAndMeasure(pid);
    const closesDuringRun = unexpectedCloses;
    // What the heartbeats and messages wrote to the conversations (shopper_seen_at each heartbeat).
    const stats = new pg.Client({ connectionString: databaseUrl });
    await stats.connect();
    const [written] = (
      await stats.query<{ upd: string; hot: string; dead: string; size: string }>(
        `select n_tup_upd as upd, n_tup_hot_upd as hot, n_dead_tup as dead,
                pg_size_pretty(pg_total_relation_size('chat_conversation')) as size
         from pg_stat_user_tables where relname = 'chat_conversation'`,
      )
    ).rows;
    await stats.end();

    // ------------------------------------------------------------ the table
    const mb = (kb: number) => `${fmt(kb / 1024, 1)} MB`;
    const perConn = (a: number, b: number) =>
      `${fmt(((b - a) * 1024) / (OPERATORS + SHOPPERS) / 1024, 1)} kB`;
    console.log(
      `\nchat bench, ${began} UTC: ${fmt(SHOPPERS)} shoppers (${MEMBERS} members, ${SHOPPERS - MEMBERS} guests) and ${OPERATORS} operators on one server process (WORKERS=1), PostgreSQL ${database}; load average ${loadAverage} at the start (${os.cpus().length} cores)`,
    );
    console.log(
      `setup (members signed in, guests opened) ${setupSeconds.toFixed(1)} s; ${fmt(OPERATORS + SHOPPERS)} sockets opened in ${openSeconds.toFixed(1)} s (50 at a time); sockets closed by the server during the run: ${closesDuringRun}\n`,
    );
    console.log('| server memory (after a full GC) | RSS | JS heap used |');
    console.log('|---|---|---|');
    console.log(`| before the sockets | ${mb(before.rssKb)} | ${mb(before.heapUsedKb)} |`);
    console.log(
      `| ${fmt(OPERATORS + SHOPPERS)} sockets open, idle | ${mb(idle.rssKb)} | ${mb(idle.heapUsedKb)} |`,
    );
    console.log(
      `| per connection | ${perConn(before.rssKb, idle.rssKb)} | ${perConn(before.heapUsedKb, idle.heapUsedKb)} |`,
    );
    console.log(`| after the message load, sockets open | ${mb(after.rssKb)} | ${mb(after.heapUsedKb)} |`);
    if (idleCpuMs)
      console.log(
        `\nidle sockets, 12 s (one heartbeat or more): CPU ${fmt(idleCpuMs.server)} ms server + ${fmt(idleCpuMs.db)} ms PostgreSQL`,
      );
    if (written)
      console.log(
        `chat_conversation rows updated in the run: ${fmt(Number(written.upd))} (${fmt(Number(written.hot))} HOT), ${fmt(Number(written.dead))} dead rows, table ${written.size}`,
      );
    console.log(
      '\n| no-op GET /api/sys/ping, 32 connections | req/s | p50 ms | p99 ms | max ms | server CPU ms a request |',
    );
    console.log('|---|---|---|---|---|---|');
    for (const [label, r] of [
      ['no sockets', pingBare],
      [`${fmt(OPERATORS + SHOPPERS)} sockets idle`, pingIdle],
      [`during the message load (${RATE} + ${replyRateOf(RATE)}/s)`, pingLoad],
    ] as const)
      console.log(
        `| ${label} | ${fmt(r.perSecond)} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.max.toFixed(1)} | ${r.cpuMs === undefined ? '-' : r.cpuMs.toFixed(3)} |${r.failed ? ` FAILED ${r.failed}` : ''}`,
      );
    console.log(
      '\n| delivery, ms p50 / p99 / max | sent | shopper → each operator socket | stored (sent ack) | own socket (echo) | operator reply → shopper socket | reply call (HTTP) | lost / duplicated | CPU per message, server + PostgreSQL (+ this process) | cores busy (of them, other processes; waiting for I/O) | write transactions per message | this process event loop p99 |',
    );
    console.log('|---|---|---|---|---|---|---|---|---|---|---|---|');
    for (const p of [warm, ...loads, withPing]) {
      const l = losses(p);
      const n = p.last - p.first;
      const nr = p.lastReply - p.firstReply;
      console.log(
        `| ${p.name} | ${fmt(n)} messages${nr ? `, ${fmt(nr)} replies` : ''} | ${ms(p.toOperators)} (${fmt(p.toOperators.length)} deliveries) | ${ms(p.ack)} | ${ms(p.echo)} | ${nr ? ms(p.reply) : '-'} | ${nr ? ms(p.replyHttp) : '-'} | to operators ${l.lost} / ${l.dup}, replies ${l.replyLost} / ${l.replyDup}, echo lost ${l.echoLost}${p.replyFailed ? `, replies failed or mailed ${p.replyFailed}` : ''} | ${p.cpu ? `${p.cpu.server.toFixed(2)} + ${p.cpu.db.toFixed(2)} ms (+ ${p.clientCpu?.toFixed(2)})` : '-'} | ${p.machine ? `${p.machine.busy.toFixed(2)} (${p.machine.others.toFixed(2)}; ${p.machine.iowait.toFixed(2)})` : '-'} | ${p.commits?.toFixed(2)} | ${p.loopP99?.toFixed(1)} ms |`,
      );
    }
    for (const p of [warm, ...loads, withPing])
      console.log(
        `database backends at work, on average (${p.name}): ${[...p.waits]
          .sort((a, b) => b[1] - a[1])
          .map(([what, n]) => `${what} ${(n / Math.max(1, p.samples)).toFixed(2)}`)
          .join(', ')}`,
      );
    for (const load of loads)
      console.log(
        `\nshopper → operators by the second the message was sent in (${load.name}), p99 / max ms: ${load.bySecond
          .map((xs, i) => `${i}s ${percentile(xs, 99).toFixed(0)}/${Math.max(...xs).toFixed(0)}`)
          .join(', ')}`,
      );
    for (const p of [warm, ...loads, withPing])
      for (const [message, n] of p.errors) console.log(`error frames (${p.name}): ${n} × ${message}`);
    console.log(
      `\noperator sockets: ${fmt(inboxFrames)} inbox frames; the desk's re-reads (at most one every 500 ms): ${[warm, ...loads, withPing].map((p) => `${p.name.replace(/,.*/, '')} ${p.inboxReads.length}${p.inboxReads.length ? ` (${ms(p.inboxReads)} ms)` : ''}`).join('; ')}`,
    );
    if (misdelivered) console.log(`REPLIES ON ANOTHER SHOPPER'S SOCKET: ${misdelivered}`);
  } finally {
    clearTimeout(deadline);
    await cleanup();
  }
};

await main();
