/**
 * One load phase with autocannon: `connections` clients for `seconds`, each cycling through its
 * own list of requests. The back-office benches send every client a list of requests never sent
 * before, longer than it can get through, so no request repeats. autocannon's clients cost far
 * less than `fetch` (about 1 ms of CPU a request on this machine, which the server under test
 * would otherwise share its two cores with), and it counts response bytes without decoding them.
 */
import autocannon, { type Request } from 'autocannon';
import type { CpuPerRequest, cpuProbe } from './cpu.ts';

/** What a browser sends: the server pays for compressing as it does for a real operator. */
export const BROWSER_HEADERS = { 'accept-encoding': 'br, gzip' };

export interface PhaseResult {
  requests: number;
  perSecond: number;
  p50: number;
  p99: number;
  max: number;
  failed: number;
  /** CPU ms per request of the server and of its database's backends, when a probe was given. */
  cpuMs?: CpuPerRequest;
}

export const loadPhase = async (
  url: string,
  connections: number,
  seconds: number,
  requestsOf: (client: number) => Request[],
  cpu?: ReturnType<typeof cpuProbe>,
): Promise<PhaseResult> => {
  // Every connection's requests are made before the clock starts: made as each connection
  // opened, a list that took long to make (the orders bench's never-repeated supplier queries,
  // about 5 s) stalled the bench's own event loop and showed as one request of 4-6 s.
  const lists = Array.from({ length: connections }, (_, i) => requestsOf(i));
  let client = 0;
  const measured = cpu?.available ? cpu.start() : null;
  const r = await autocannon({
    url,
    connections,
    duration: seconds,
    requests: lists[0]!,
    setupClient: (c: autocannon.Client) => c.setRequests(lists[client++ % connections]!),
  });
  const cpuMs = measured?.(r.requests.total);
  return {
    ...(cpuMs ? { cpuMs } : {}),
    requests: r.requests.total,
    perSecond: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    max: r.latency.max,
    failed: r.non2xx + r.errors + r.timeouts,
  };
};

/** One line of a phase's figures. */
export const phaseLine = (label: string, r: PhaseResult) =>
  `${label.padEnd(40)} ${String(r.requests).padStart(7)} requests ${r.perSecond.toFixed(0).padStart(6)}/s  p50 ${r.p50.toFixed(1).padStart(6)} ms  p99 ${r.p99.toFixed(1).padStart(6)} ms  max ${r.max.toFixed(1).padStart(6)} ms${r.cpuMs ? `  cpu ${r.cpuMs.server.toFixed(2)} + ${r.cpuMs.db.toFixed(2)} ms` : ''}${r.failed ? `  FAILED ${r.failed}` : ''}`;
