import { encode } from 'uqr';

/** The SVG path of a QR matrix: one 1x1 square per dark module. */
export const qrPath = (modules: readonly (readonly boolean[])[]): string => {
  let d = '';
  modules.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) d += `M${x} ${y}h1v1h-1z`;
    });
  });
  return d;
};

/**
 * A scannable QR code of `value` (uqr, error correction M), drawn as SVG: dark modules on
 * white inside the standard quiet zone of four modules.
 */
export function QrCode({ value, size = 200, label }: { value: string; size?: number; label: string }) {
  const { size: total, data } = encode(value, { ecc: 'M', border: 4 });
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
      <path d={qrPath(data)} fill="#14213d" />
    </svg>
  );
}
