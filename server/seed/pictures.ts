import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Deterministic SVG pictures for the demo data: banners, promo tiles and supplier logos.
 * No network, no external fonts, no scripts: plain shapes, gradients and system-ui text that is
 * measured (conservatively) so it never runs past its box.
 */

/** The mall's palette. */
export const PALETTE = {
  kauri: '#1f6f4a',
  kauriDeep: '#123f2a',
  fern: '#5f9e6e',
  pohutukawa: '#c8102e',
  pohutukawaDeep: '#7d0a1d',
  sand: '#f4ede1',
  sandDeep: '#e3d5bd',
  navy: '#14213d',
  navySoft: '#24385f',
  ocean: '#0f6f86',
  oceanDeep: '#0b4a5e',
  kowhai: '#f2b705',
  pounamu: '#2a9d8f',
  dusk: '#6d3b6e',
  ink: '#1b1b1b',
  white: '#ffffff',
} as const;

export const MOTIFS = [
  'mountains',
  'waves',
  'koru',
  'leaves',
  'gadget',
  'bottles',
  'gift',
  'box',
  'sun',
] as const;
export type Motif = (typeof MOTIFS)[number];

export interface Theme {
  /** Gradient start (top left) and end (bottom right). */
  from: string;
  to: string;
  /** Buttons, badges and the eyebrow. */
  accent: string;
  /** Text on the accent. */
  onAccent: string;
  /** Main text colour on the background. */
  text: string;
}

export const THEMES = {
  kauri: {
    from: PALETTE.kauri,
    to: PALETTE.kauriDeep,
    accent: PALETTE.kowhai,
    onAccent: PALETTE.ink,
    text: PALETTE.white,
  },
  pohutukawa: {
    from: PALETTE.pohutukawa,
    to: PALETTE.pohutukawaDeep,
    accent: PALETTE.sand,
    onAccent: PALETTE.pohutukawaDeep,
    text: PALETTE.white,
  },
  navy: {
    from: PALETTE.navySoft,
    to: PALETTE.navy,
    accent: PALETTE.pohutukawa,
    onAccent: PALETTE.white,
    text: PALETTE.white,
  },
  ocean: {
    from: PALETTE.ocean,
    to: PALETTE.oceanDeep,
    accent: PALETTE.sand,
    onAccent: PALETTE.oceanDeep,
    text: PALETTE.white,
  },
  sand: {
    from: PALETTE.sand,
    to: PALETTE.sandDeep,
    accent: PALETTE.kauri,
    onAccent: PALETTE.white,
    text: PALETTE.navy,
  },
  dusk: {
    from: PALETTE.dusk,
    to: PALETTE.navy,
    accent: PALETTE.kowhai,
    onAccent: PALETTE.ink,
    text: PALETTE.white,
  },
} as const satisfies Record<string, Theme>;
export type ThemeName = keyof typeof THEMES;

const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

/** Escapes text for SVG content and attribute values. */
export const escapeXml = (s: string): string =>
  s
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');

const NARROW = new Set([..."ijlI.,:;'!|·"]);
const SEMI = new Set([...'frt()[]{}-']);
const WIDE = new Set([...'mwMW@%&']);

/**
 * Estimated advance width of `text` in px. Deliberately generous (it assumes a wide sans such as
 * DejaVu Sans, the system-ui of many Linux desktops) so the real rendering is never wider.
 */
export const textWidth = (
  text: string,
  size: number,
  opts: { bold?: boolean; spacing?: number } = {},
): number => {
  let em = 0;
  for (const ch of text) {
    if (ch === ' ') em += 0.35;
    else if (NARROW.has(ch)) em += 0.34;
    else if (SEMI.has(ch)) em += 0.46;
    else if (WIDE.has(ch)) em += 0.96;
    else if (ch >= 'A' && ch <= 'Z') em += 0.76;
    else if (ch >= '0' && ch <= '9') em += 0.66;
    else em += 0.64;
  }
  const bold = opts.bold ? 1.06 : 1;
  return em * size * bold + (opts.spacing ?? 0) * [...text].length;
};

export interface FittedText {
  lines: string[];
  size: number;
}

const splitBalanced = (text: string): [string, string] | null => {
  const words = text.split(' ');
  if (words.length < 2) return null;
  let best: [string, string] | null = null;
  let bestDiff = Number.POSITIVE_INFINITY;
  for (let i = 1; i < words.length; i++) {
    const a = words.slice(0, i).join(' ');
    const b = words.slice(i).join(' ');
    const diff = Math.abs(a.length - b.length);
    if (diff < bestDiff) {
      bestDiff = diff;
      best = [a, b];
    }
  }
  return best;
};

const ellipsise = (text: string, size: number, maxWidth: number, bold: boolean): string => {
  let t = text;
  while (t.length > 1 && textWidth(`${t}…`, size, { bold }) > maxWidth) t = t.slice(0, -1).trimEnd();
  return `${t}…`;
};

/**
 * The largest size from `size` down to `minSize` at which `text` fits `maxWidth` on one line,
 * else on two balanced lines (when `maxLines` is 2), else shortened with an ellipsis.
 */
export const fitText = (
  text: string,
  opts: { maxWidth: number; size: number; minSize: number; bold?: boolean; maxLines?: 1 | 2 },
): FittedText => {
  const bold = opts.bold ?? false;
  const fits = (line: string, s: number) => textWidth(line, s, { bold }) <= opts.maxWidth;
  const split = (opts.maxLines ?? 1) === 2 ? splitBalanced(text) : null;
  // Shrink a little on one line first; past 85% of the size, two lines at a larger size read better.
  for (let s = opts.size; s >= opts.minSize; s -= 1) {
    if (fits(text, s)) return { lines: [text], size: s };
    if (split && s <= opts.size * 0.85 && split.every((line) => fits(line, s)))
      return { lines: split, size: s };
  }
  if (split) {
    return {
      lines: split.map((line) => ellipsise(line, opts.minSize, opts.maxWidth, bold)),
      size: opts.minSize,
    };
  }
  return { lines: [ellipsise(text, opts.minSize, opts.maxWidth, bold)], size: opts.minSize };
};

const textEl = (
  fitted: FittedText,
  x: number,
  firstBaseline: number,
  attrs: {
    fill: string;
    weight?: number;
    anchor?: 'start' | 'middle' | 'end';
    lineHeight?: number;
    opacity?: number;
  },
): string => {
  const lh = attrs.lineHeight ?? 1.15;
  return fitted.lines
    .map(
      (line, i) =>
        `<text x="${x}" y="${Math.round(firstBaseline + i * fitted.size * lh)}" font-family="${FONT}" font-size="${fitted.size}" font-weight="${attrs.weight ?? 400}" fill="${attrs.fill}"${attrs.anchor && attrs.anchor !== 'start' ? ` text-anchor="${attrs.anchor}"` : ''}${attrs.opacity !== undefined ? ` fill-opacity="${attrs.opacity}"` : ''}>${escapeXml(line)}</text>`,
    )
    .join('');
};

const svgDoc = (w: number, h: number, label: string, body: string): string =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" role="img" aria-label="${escapeXml(label)}"><title>${escapeXml(label)}</title>${body}</svg>\n`;

const gradient = (id: string, from: string, to: string) =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>`;

/** A simple illustration centred on (cx, cy) filling about `size` px, in the theme's light tones. */
export const motifSvg = (motif: Motif, cx: number, cy: number, size: number, theme: Theme): string => {
  const s = size / 320;
  const t = (x: number, y: number) => `${Math.round(cx + x * s)},${Math.round(cy + y * s)}`;
  const light = theme.text === PALETTE.white ? PALETTE.white : PALETTE.navy;
  const g = `<g>`;
  switch (motif) {
    case 'mountains':
      return `${g}<circle cx="${Math.round(cx - 110 * s)}" cy="${Math.round(cy - 85 * s)}" r="${Math.round(40 * s)}" fill="${theme.accent}" fill-opacity="0.9"/><polygon points="${t(-170, 120)} ${t(-60, -60)} ${t(50, 120)}" fill="${light}" fill-opacity="0.22"/><polygon points="${t(-60, 120)} ${t(50, -110)} ${t(170, 120)}" fill="${light}" fill-opacity="0.32"/><polygon points="${t(50, -110)} ${t(22, -52)} ${t(38, -60)} ${t(50, -44)} ${t(64, -62)} ${t(78, -52)}" fill="${PALETTE.white}"/><polygon points="${t(-60, -60)} ${t(-82, -15)} ${t(-66, -22)} ${t(-55, -10)} ${t(-40, -20)}" fill="${PALETTE.white}" fill-opacity="0.9"/><rect x="${Math.round(cx - 170 * s)}" y="${Math.round(cy + 118 * s)}" width="${Math.round(340 * s)}" height="${Math.round(6 * s)}" rx="${Math.round(3 * s)}" fill="${light}" fill-opacity="0.35"/></g>`;
    case 'waves': {
      const wave = (dy: number, op: number) =>
        `<path d="M${t(-170, dy)} C${t(-120, dy - 40)} ${t(-70, dy - 40)} ${t(-20, dy)} S${t(80, dy + 40)} ${t(130, dy)} S${t(170, dy - 30)} ${t(190, dy - 10)}" fill="none" stroke="${light}" stroke-opacity="${op}" stroke-width="${Math.max(2, Math.round(14 * s))}" stroke-linecap="round"/>`;
      return `${g}<circle cx="${Math.round(cx)}" cy="${Math.round(cy - 60 * s)}" r="${Math.round(70 * s)}" fill="${theme.accent}" fill-opacity="0.9"/>${wave(30, 0.55)}${wave(75, 0.38)}${wave(120, 0.22)}</g>`;
    }
    case 'koru': {
      // Unfurling fern fronds: a stem curving up into a logarithmic spiral.
      const frond = (ox: number, oy: number, a: number, mirror: 1 | -1) => {
        const turns = 1.55 * 2 * Math.PI;
        const b = Math.log(a / 7) / turns;
        const pts: string[] = [];
        for (let i = 0; i <= 72; i++) {
          const th = (i / 72) * turns;
          const r = a * Math.exp(-b * th);
          pts.push(t(ox + mirror * r * Math.cos(th), oy - r * Math.sin(th)));
        }
        const start = t(ox + mirror * a, oy);
        return `M${t(ox + mirror * (a - 150), 150)} Q${t(ox + mirror * a, 120)} ${start} L${pts.join(' L')}`;
      };
      const width = (n: number) => Math.max(2, Math.round(n * s));
      return `${g}<circle cx="${Math.round(cx)}" cy="${Math.round(cy)}" r="${Math.round(150 * s)}" fill="${light}" fill-opacity="0.08"/><path d="${frond(-70, 10, 52, -1)}" fill="none" stroke="${light}" stroke-opacity="0.55" stroke-width="${width(9)}" stroke-linecap="round" stroke-linejoin="round"/><path d="${frond(0, -35, 92, 1)}" fill="none" stroke="${theme.accent}" stroke-width="${width(15)}" stroke-linecap="round" stroke-linejoin="round"/></g>`;
    }
    case 'leaves': {
      const leaf = (x: number, y: number, rot: number, op: number, fill: string) =>
        `<g transform="translate(${t(x, y)}) rotate(${rot})"><path d="M0,0 C${Math.round(40 * s)},${Math.round(-50 * s)} ${Math.round(120 * s)},${Math.round(-50 * s)} ${Math.round(160 * s)},0 C${Math.round(120 * s)},${Math.round(50 * s)} ${Math.round(40 * s)},${Math.round(50 * s)} 0,0 Z" fill="${fill}" fill-opacity="${op}"/><path d="M0,0 L${Math.round(150 * s)},0" stroke="${PALETTE.white}" stroke-opacity="0.5" stroke-width="${Math.max(1, Math.round(3 * s))}"/></g>`;
      return `${g}<circle cx="${Math.round(cx)}" cy="${Math.round(cy)}" r="${Math.round(140 * s)}" fill="${light}" fill-opacity="0.1"/>${leaf(-40, 60, -60, 0.9, PALETTE.fern)}${leaf(-20, 70, -20, 0.85, theme.accent)}${leaf(-60, 80, -110, 0.7, light)}<circle cx="${Math.round(cx + 80 * s)}" cy="${Math.round(cy + 70 * s)}" r="${Math.round(38 * s)}" fill="${PALETTE.pohutukawa}"/><circle cx="${Math.round(cx + 130 * s)}" cy="${Math.round(cy + 92 * s)}" r="${Math.round(26 * s)}" fill="${PALETTE.kowhai}"/></g>`;
    }
    case 'gadget':
      return `${g}<rect x="${Math.round(cx - 150 * s)}" y="${Math.round(cy - 90 * s)}" width="${Math.round(230 * s)}" height="${Math.round(150 * s)}" rx="${Math.round(12 * s)}" fill="${light}" fill-opacity="0.25"/><rect x="${Math.round(cx - 138 * s)}" y="${Math.round(cy - 78 * s)}" width="${Math.round(206 * s)}" height="${Math.round(126 * s)}" rx="${Math.round(6 * s)}" fill="${theme.to}" fill-opacity="0.6"/><rect x="${Math.round(cx - 180 * s)}" y="${Math.round(cy + 62 * s)}" width="${Math.round(290 * s)}" height="${Math.round(14 * s)}" rx="${Math.round(7 * s)}" fill="${light}" fill-opacity="0.4"/><rect x="${Math.round(cx + 70 * s)}" y="${Math.round(cy - 40 * s)}" width="${Math.round(90 * s)}" height="${Math.round(160 * s)}" rx="${Math.round(16 * s)}" fill="${theme.accent}"/><rect x="${Math.round(cx + 80 * s)}" y="${Math.round(cy - 26 * s)}" width="${Math.round(70 * s)}" height="${Math.round(120 * s)}" rx="${Math.round(6 * s)}" fill="${theme.to}" fill-opacity="0.85"/><circle cx="${Math.round(cx + 115 * s)}" cy="${Math.round(cy + 108 * s)}" r="${Math.round(5 * s)}" fill="${theme.to}"/></g>`;
    case 'bottles':
      return `${g}<circle cx="${Math.round(cx)}" cy="${Math.round(cy)}" r="${Math.round(140 * s)}" fill="${light}" fill-opacity="0.1"/><rect x="${Math.round(cx - 110 * s)}" y="${Math.round(cy - 40 * s)}" width="${Math.round(70 * s)}" height="${Math.round(150 * s)}" rx="${Math.round(18 * s)}" fill="${light}" fill-opacity="0.85"/><rect x="${Math.round(cx - 92 * s)}" y="${Math.round(cy - 70 * s)}" width="${Math.round(34 * s)}" height="${Math.round(34 * s)}" rx="${Math.round(6 * s)}" fill="${theme.accent}"/><rect x="${Math.round(cx - 20 * s)}" y="${Math.round(cy - 90 * s)}" width="${Math.round(60 * s)}" height="${Math.round(200 * s)}" rx="${Math.round(28 * s)}" fill="${theme.accent}"/><rect x="${Math.round(cx - 4 * s)}" y="${Math.round(cy - 120 * s)}" width="${Math.round(28 * s)}" height="${Math.round(34 * s)}" rx="${Math.round(5 * s)}" fill="${light}" fill-opacity="0.9"/><ellipse cx="${Math.round(cx + 100 * s)}" cy="${Math.round(cy + 70 * s)}" rx="${Math.round(55 * s)}" ry="${Math.round(40 * s)}" fill="${light}" fill-opacity="0.7"/><ellipse cx="${Math.round(cx + 100 * s)}" cy="${Math.round(cy + 50 * s)}" rx="${Math.round(55 * s)}" ry="${Math.round(16 * s)}" fill="${PALETTE.pohutukawa}" fill-opacity="0.85"/></g>`;
    case 'gift':
      return `${g}<circle cx="${Math.round(cx)}" cy="${Math.round(cy)}" r="${Math.round(140 * s)}" fill="${light}" fill-opacity="0.1"/><rect x="${Math.round(cx - 100 * s)}" y="${Math.round(cy - 30 * s)}" width="${Math.round(200 * s)}" height="${Math.round(140 * s)}" rx="${Math.round(10 * s)}" fill="${theme.accent}"/><rect x="${Math.round(cx - 115 * s)}" y="${Math.round(cy - 70 * s)}" width="${Math.round(230 * s)}" height="${Math.round(48 * s)}" rx="${Math.round(10 * s)}" fill="${light}" fill-opacity="0.9"/><rect x="${Math.round(cx - 16 * s)}" y="${Math.round(cy - 70 * s)}" width="${Math.round(32 * s)}" height="${Math.round(180 * s)}" fill="${PALETTE.pohutukawa}"/><path d="M${t(0, -70)} C${t(-40, -140)} ${t(-110, -110)} ${t(-60, -72)} Z M${t(0, -70)} C${t(40, -140)} ${t(110, -110)} ${t(60, -72)} Z" fill="${PALETTE.pohutukawa}"/></g>`;
    case 'box':
      return `${g}<circle cx="${Math.round(cx)}" cy="${Math.round(cy)}" r="${Math.round(140 * s)}" fill="${light}" fill-opacity="0.1"/><polygon points="${t(-110, -40)} ${t(0, -90)} ${t(110, -40)} ${t(0, 10)}" fill="${light}" fill-opacity="0.95"/><polygon points="${t(-110, -40)} ${t(0, 10)} ${t(0, 130)} ${t(-110, 80)}" fill="${theme.accent}"/><polygon points="${t(110, -40)} ${t(0, 10)} ${t(0, 130)} ${t(110, 80)}" fill="${theme.accent}" fill-opacity="0.75"/><polygon points="${t(-55, -65)} ${t(55, -15)} ${t(55, 30)} ${t(35, 22)} ${t(35, -8)} ${t(-75, -56)}" fill="${PALETTE.sandDeep}"/></g>`;
    case 'sun': {
      const rays = Array.from({ length: 12 }, (_, i) => {
        const a = (i * Math.PI) / 6;
        const [x1, y1] = [cx + Math.cos(a) * 92 * s, cy + Math.sin(a) * 92 * s].map(Math.round);
        const [x2, y2] = [cx + Math.cos(a) * 132 * s, cy + Math.sin(a) * 132 * s].map(Math.round);
        return `<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}"/>`;
      }).join('');
      return `${g}<g stroke="${theme.accent}" stroke-width="${Math.max(2, Math.round(10 * s))}" stroke-linecap="round">${rays}</g><circle cx="${Math.round(cx)}" cy="${Math.round(cy)}" r="${Math.round(70 * s)}" fill="${theme.accent}"/><circle cx="${Math.round(cx)}" cy="${Math.round(cy)}" r="${Math.round(48 * s)}" fill="${light}" fill-opacity="0.35"/></g>`;
    }
  }
};

export interface BannerArt {
  title: string;
  subtitle: string;
  /** Small capitals above the title, e.g. 'WINTER SALE'. */
  eyebrow?: string;
  /** Button text; none when absent. */
  cta?: string;
  theme: ThemeName;
  motif: Motif;
}

const decorations = (w: number, h: number, theme: Theme) => {
  const light = theme.text === PALETTE.white ? PALETTE.white : PALETTE.navy;
  return `<circle cx="${Math.round(w * 0.8)}" cy="${Math.round(h * 0.5)}" r="${Math.round(h * 0.68)}" fill="${light}" fill-opacity="0.07"/><circle cx="${Math.round(w * 0.95)}" cy="${Math.round(h * 0.08)}" r="${Math.round(h * 0.3)}" fill="${light}" fill-opacity="0.06"/><path d="M0,${Math.round(h * 0.86)} C${Math.round(w * 0.25)},${Math.round(h * 0.74)} ${Math.round(w * 0.5)},${Math.round(h * 0.98)} ${Math.round(w * 0.75)},${Math.round(h * 0.86)} S${w},${Math.round(h * 0.8)} ${w},${Math.round(h * 0.8)} L${w},${h} L0,${h} Z" fill="${light}" fill-opacity="0.08"/>`;
};

const pill = (x: number, y: number, text: string, size: number, fill: string, color: string, spacing = 0) => {
  const w = Math.round(textWidth(text, size, { bold: true, spacing }) + size * 1.8);
  const h = Math.round(size * 2.2);
  return {
    width: w,
    svg: `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${Math.round(h / 2)}" fill="${fill}"/><text x="${x + Math.round(w / 2)}" y="${y + Math.round(h / 2 + size * 0.36)}" font-family="${FONT}" font-size="${size}" font-weight="700" fill="${color}" text-anchor="middle"${spacing ? ` letter-spacing="${spacing}"` : ''}>${escapeXml(text)}</text>`,
  };
};

/** The sizes of a banner drawn with its text block on the left and its illustration on the right. */
interface SideBannerLayout {
  width: number;
  height: number;
  /** The text block's left edge and widest line. */
  left: number;
  textMax: number;
  title: { size: number; minSize: number };
  subtitle: { size: number; minSize: number };
  /** Space between the title and the subtitle. */
  gap: number;
  /** The small-capitals pill above the title: its font, letter spacing and the room it takes. */
  eyebrow: { size: number; spacing: number; height: number };
  /** The button below the subtitle: its font, its distance from the subtitle and the room it takes. */
  cta: { size: number; top: number; height: number };
  /** The illustration's centre and size. */
  motif: { cx: number; cy: number; size: number };
}

/** Eyebrow, headline, subtitle and button on the left, centred in height; an illustration right. */
const sideBannerSvg = (art: BannerArt, layout: SideBannerLayout): string => {
  const { width: w, height: h, left, textMax, gap } = layout;
  const theme: Theme = THEMES[art.theme];
  const title = fitText(art.title, { maxWidth: textMax, ...layout.title, bold: true, maxLines: 2 });
  const sub = fitText(art.subtitle, { maxWidth: textMax, ...layout.subtitle, maxLines: 2 });
  const titleH = title.lines.length * title.size * 1.1;
  const subH = sub.lines.length * sub.size * 1.3;
  const eyebrowH = art.eyebrow ? layout.eyebrow.height : 0;
  const ctaH = art.cta ? layout.cta.height : 0;
  let y = Math.round((h - (eyebrowH + titleH + gap + subH + ctaH)) / 2);
  let body = `<defs>${gradient('bg', theme.from, theme.to)}</defs><rect width="${w}" height="${h}" fill="url(#bg)"/>${decorations(w, h, theme)}`;
  body += motifSvg(art.motif, layout.motif.cx, layout.motif.cy, layout.motif.size, theme);
  if (art.eyebrow) {
    const { size, spacing } = layout.eyebrow;
    body += pill(left, y, art.eyebrow.toUpperCase(), size, theme.accent, theme.onAccent, spacing).svg;
    y += eyebrowH;
  }
  body += textEl(title, left, y + title.size * 0.9, { fill: theme.text, weight: 800, lineHeight: 1.1 });
  y += Math.round(titleH + gap);
  body += textEl(sub, left, y + sub.size * 0.95, { fill: theme.text, opacity: 0.88, lineHeight: 1.3 });
  y += Math.round(subH);
  if (art.cta) {
    const { size, top } = layout.cta;
    body += pill(left, y + top, `${art.cta}  →`, size, theme.accent, theme.onAccent).svg;
  }
  return svgDoc(w, h, `${art.title}. ${art.subtitle}`, body);
};

/** A home carousel slide, 1200x400. */
export const slideSvg = (art: BannerArt): string =>
  sideBannerSvg(art, {
    width: 1200,
    height: 400,
    left: 80,
    textMax: 660,
    title: { size: 58, minSize: 40 },
    subtitle: { size: 24, minSize: 18 },
    gap: 14,
    eyebrow: { size: 14, spacing: 2, height: 50 },
    cta: { size: 18, top: 28, height: 82 },
    motif: { cx: 950, cy: 200, size: 330 },
  });

/** The thin strip above the header, 1200x100: a message and a short note, centred. */
export const topBannerSvg = (art: BannerArt): string => {
  const w = 1200;
  const h = 100;
  const theme: Theme = THEMES[art.theme];
  const title = fitText(art.title, { maxWidth: 760, size: 30, minSize: 22, bold: true });
  const sub = fitText(art.subtitle, { maxWidth: 760, size: 17, minSize: 14 });
  let body = `<defs>${gradient('bg', theme.from, theme.to)}</defs><rect width="${w}" height="${h}" fill="url(#bg)"/>`;
  body += `<circle cx="60" cy="100" r="90" fill="${theme.accent}" fill-opacity="0.18"/><circle cx="1150" cy="0" r="80" fill="${theme.accent}" fill-opacity="0.18"/><circle cx="1080" cy="80" r="26" fill="${theme.accent}" fill-opacity="0.3"/>`;
  body += textEl(title, w / 2, 46, { fill: theme.text, weight: 800, anchor: 'middle' });
  body += textEl(sub, w / 2, 76, { fill: theme.text, opacity: 0.85, anchor: 'middle' });
  if (art.cta) {
    const p = pill(0, 0, art.cta, 15, theme.accent, theme.onAccent);
    body += `<g transform="translate(${w - 60 - p.width},${Math.round((h - 33) / 2)})">${p.svg}</g>`;
  }
  return svgDoc(w, h, `${art.title}. ${art.subtitle}`, body);
};

/** An advert beside the carousel, 600x250. */
export const advertSvg = (art: BannerArt): string =>
  sideBannerSvg(art, {
    width: 600,
    height: 250,
    left: 40,
    textMax: 330,
    title: { size: 34, minSize: 24 },
    subtitle: { size: 17, minSize: 14 },
    gap: 10,
    eyebrow: { size: 11, spacing: 1.5, height: 38 },
    cta: { size: 14, top: 18, height: 56 },
    motif: { cx: 480, cy: 125, size: 190 },
  });

export interface PromoArt {
  /** The big offer, e.g. '20% off' or 'From $9.90'. */
  offer: string;
  title: string;
  subtitle: string;
  theme: ThemeName;
  motif: Motif;
}

/** A promo tile, 400x300: an illustrated top band with the offer badge, the title and subtitle on sand. */
export const promoSvg = (art: PromoArt): string => {
  const w = 400;
  const h = 300;
  const band = 180;
  const theme: Theme = THEMES[art.theme];
  const title = fitText(art.title, { maxWidth: 352, size: 26, minSize: 19, bold: true, maxLines: 2 });
  const sub = fitText(art.subtitle, { maxWidth: 352, size: 16, minSize: 13 });
  const offer = fitText(art.offer, { maxWidth: 170, size: 30, minSize: 18, bold: true });
  const badgeW = Math.round(textWidth(offer.lines[0]!, offer.size, { bold: true }) + 36);
  const titleH = title.lines.length * title.size * 1.12;
  const blockH = titleH + 8 + sub.size * 1.2;
  const top = band + Math.round((h - 6 - band - blockH) / 2);
  let body = `<defs>${gradient('bg', theme.from, theme.to)}</defs><rect width="${w}" height="${h}" fill="${PALETTE.sand}"/>`;
  body += `<rect width="${w}" height="${band}" fill="url(#bg)"/>${decorations(w, band, theme)}`;
  body += motifSvg(art.motif, 310, 96, 150, theme);
  body += `<rect x="24" y="24" width="${badgeW}" height="54" rx="12" fill="${theme.accent}"/>`;
  body += textEl(offer, 24 + badgeW / 2, 51 + offer.size * 0.36, {
    fill: theme.onAccent,
    weight: 800,
    anchor: 'middle',
  });
  body += textEl(title, 24, top + title.size * 0.9, { fill: PALETTE.navy, weight: 800, lineHeight: 1.12 });
  body += textEl(sub, 24, Math.round(top + titleH + 8 + sub.size * 0.95), {
    fill: PALETTE.navy,
    opacity: 0.72,
  });
  body += `<rect x="0" y="${h - 6}" width="${w}" height="6" fill="${theme.from}"/>`;
  return svgDoc(w, h, `${art.offer}: ${art.title}. ${art.subtitle}`, body);
};

export interface LogoArt {
  code: string;
  name: string;
  /** Brand colour of the monogram. */
  colour: string;
  motif?: Motif;
}

/** A supplier logo, 240x120: a monogram disc with the code and the name beside it on white. */
export const supplierLogoSvg = (art: LogoArt): string => {
  const w = 240;
  const h = 120;
  const mono = fitText(art.code, { maxWidth: 58, size: 24, minSize: 14, bold: true });
  const name = fitText(art.name, { maxWidth: 118, size: 18, minSize: 12, bold: true, maxLines: 2 });
  const nameH = name.lines.length * name.size * 1.15;
  let body = `<rect width="${w}" height="${h}" rx="14" fill="${PALETTE.white}"/><rect x="1" y="1" width="${w - 2}" height="${h - 2}" rx="13" fill="none" stroke="${PALETTE.sandDeep}" stroke-width="2"/>`;
  body += `<circle cx="58" cy="60" r="38" fill="${art.colour}"/><circle cx="58" cy="60" r="31" fill="none" stroke="${PALETTE.white}" stroke-opacity="0.45" stroke-width="2"/>`;
  body += textEl(mono, 58, 60 + mono.size * 0.36, { fill: PALETTE.white, weight: 800, anchor: 'middle' });
  body += textEl(name, 106, Math.round(60 - nameH / 2 + name.size * 0.85), {
    fill: PALETTE.navy,
    weight: 700,
  });
  return svgDoc(w, h, art.name, body);
};

export interface DemoPicture {
  /** File name without extension: lower-case letters, digits and dashes. */
  name: string;
  svg: string;
}

/** The URL at which the app serves a demo picture written by `writeDemoPictures`. */
export const demoPictureUrl = (name: string): string => `/uploads/demo/${name}.svg`;

/** Writes the pictures to `<uploadsDir>/demo/<name>.svg` (creating the folder) and returns their URLs by name. */
export const writeDemoPictures = async (
  uploadsDir: string,
  pictures: readonly DemoPicture[],
): Promise<Record<string, string>> => {
  const dir = path.join(uploadsDir, 'demo');
  await mkdir(dir, { recursive: true });
  const urls: Record<string, string> = {};
  for (const { name, svg } of pictures) {
    if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(name)) throw new Error(`Bad demo picture name: ${name}`);
    if (/<script|\son\w+=/i.test(svg)) throw new Error(`Demo picture ${name} must not contain script`);
    await writeFile(path.join(dir, `${name}.svg`), svg, 'utf8');
    urls[name] = demoPictureUrl(name);
  }
  return urls;
};
