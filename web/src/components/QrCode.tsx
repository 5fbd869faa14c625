/**
 * A deterministic QR-style symbol drawn as SVG from a text seed: finder squares in three corners,
 * timing rows, an alignment square and pseudo-random data modules. It is an illustration for
 * the follow-us dialog (the real code image comes with the shop's chat account), not a scannable code.
 */
const SIZE = 29; // modules per side (QR version 3)

const hash = (text: string) => {
  let h = 2166136261;
  for (const ch of text) {
    h ^= ch.codePointAt(0)!;
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
};

/** mulberry32: a small seeded generator, so the same seed always draws the same pattern. */
const random = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) >>> 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

export const qrModules = (seed: string): boolean[][] => {
  const grid: (boolean | null)[][] = Array.from({ length: SIZE }, () =>
    Array<boolean | null>(SIZE).fill(null),
  );
  const set = (r: number, c: number, v: boolean) => {
    if (r >= 0 && c >= 0 && r < SIZE && c < SIZE) grid[r]![c] = v;
  };
  const finder = (top: number, left: number) => {
    for (let r = -1; r <= 7; r++)
      for (let c = -1; c <= 7; c++) {
        const ring = Math.max(Math.abs(r - 3), Math.abs(c - 3));
        set(top + r, left + c, ring !== 2 && ring !== 4);
      }
  };
  finder(0, 0);
  finder(0, SIZE - 7);
  finder(SIZE - 7, 0);
  for (let i = 8; i < SIZE - 8; i++) {
    set(6, i, i % 2 === 0);
    set(i, 6, i % 2 === 0);
  }
  const a = SIZE - 9; // alignment pattern centre
  for (let r = -2; r <= 2; r++)
    for (let c = -2; c <= 2; c++) set(a + r, a + c, Math.max(Math.abs(r), Math.abs(c)) !== 1);
  const next = random(hash(seed));
  return grid.map((row) => row.map((v) => v ?? next() < 0.48));
};

export function QrCode({ seed, size = 200, label }: { seed: string; size?: number; label: string }) {
  const modules = qrModules(seed);
  let d = '';
  modules.forEach((row, r) => {
    row.forEach((on, c) => {
      if (on) d += `M${c + 4} ${r + 4}h1v1h-1z`;
    });
  });
  const total = SIZE + 8; // four modules of quiet zone on each side
  return (
    <svg
      width={size}
      height={size}
      viewBox={`0 0 ${total} ${total}`}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
      className="block"
    >
      <rect width={total} height={total} fill="#fff" />
      <path d={d} fill="#14213d" />
    </svg>
  );
}
