import net from 'node:net';

/**
 * Client addresses (docs/limits.md: the server). Which proxies to believe is TRUST_PROXY: a hop
 * count or a list of proxy addresses, never "whoever the left-most X-Forwarded-For names" (a
 * client writes that itself). Limits count an IPv6 client per /64, the block one household or
 * server is given, so stepping through its own addresses does not reset a count.
 */

/** TRUST_PROXY as Fastify takes it: false, a hop count, or a list of addresses and CIDR ranges. */
export type TrustProxy = false | number | string[];

const TRUST_PROXY_HELP =
  'TRUST_PROXY is false, a number of proxy hops (1 for one reverse proxy) or a comma-separated list of proxy addresses or ranges (10.0.0.1,10.1.0.0/16); "true" would believe any client that writes its own X-Forwarded-For';

const isAddressOrRange = (s: string) => {
  const [address, bits, ...rest] = s.split('/');
  if (rest.length > 0 || !address || net.isIP(address) === 0) return false;
  if (bits === undefined) return true;
  const max = net.isIP(address) === 4 ? 32 : 128;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= max;
};

/** Parses TRUST_PROXY; answers a message naming what is wrong, or the value. */
export const parseTrustProxy = (
  raw: string | undefined,
): { ok: true; value: TrustProxy } | { ok: false; message: string } => {
  const v = (raw ?? '').trim();
  if (v === '' || v === 'false' || v === '0') return { ok: true, value: false };
  if (/^\d{1,2}$/.test(v)) return { ok: true, value: Number(v) };
  const list = v.split(',').map((s) => s.trim());
  if (list.every(isAddressOrRange)) return { ok: true, value: list };
  return { ok: false, message: TRUST_PROXY_HELP };
};

/** The 4 leading groups of an IPv6 address, written in full. */
const prefix64 = (ip: string) => {
  const [head = '', tail = ''] = ip.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  // An embedded IPv4 tail takes two groups.
  const tailCount = tailGroups.reduce((n, g) => n + (g.includes('.') ? 2 : 1), 0);
  const groups = ip.includes('::')
    ? [...headGroups, ...Array(Math.max(0, 8 - headGroups.length - tailCount)).fill('0'), ...tailGroups]
    : headGroups;
  return groups
    .slice(0, 4)
    .map((g) => g.toLowerCase().replace(/^0+(?=.)/, ''))
    .join(':');
};

/**
 * The key limits count a client by: an IPv4 address as it is (an IPv4-mapped IPv6 address as its
 * IPv4), an IPv6 address by its /64.
 */
export const clientKeyOf = (ip: string): string => {
  // Every request is counted, so the common IPv4 address is answered before any pattern runs.
  if (!ip.includes(':')) return ip;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (net.isIPv6(ip)) return `${prefix64(ip.split('%')[0]!)}::/64`;
  return ip;
};
