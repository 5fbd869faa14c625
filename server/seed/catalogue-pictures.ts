import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { escapeXml } from './pictures.ts';

/**
 * Deterministic product-style illustrations for the demo catalogue, 240x240: a soft rounded
 * background, a shadow and a flat drawing of the product in one of the option colours. No text,
 * so they read well at any size in a grid; no script, no external resources.
 */

export const ART_KINDS = [
  'jar',
  'bottle',
  'pump',
  'tube',
  'box',
  'pouch',
  'can',
  'bar',
  'carton',
  'cheese',
  'fruit',
  'tshirt',
  'jumper',
  'jacket',
  'pants',
  'sock',
  'beanie',
  'shoe',
  'boot',
  'laptop',
  'phone',
  'headphones',
  'speaker',
  'watch',
  'monitor',
  'mug',
  'bowl',
  'pan',
  'glass',
  'chair',
  'lamp',
  'cushion',
  'throw',
  'towel',
  'candle',
  'plant',
  'wateringcan',
  'tent',
  'backpack',
  'ball',
  'dumbbell',
  'drinkbottle',
  'blocks',
  'teddy',
  'babybottle',
  'petbowl',
  'bone',
  'notebook',
  'pen',
  'tool',
] as const;
export type ArtKind = (typeof ART_KINDS)[number];

/** Product colours; option values with these names get a picture in that colour. */
export const ART_COLOURS = {
  navy: { main: '#1f3a68', dark: '#12264a', bg: '#e6edf7' },
  charcoal: { main: '#3b3f45', dark: '#24272b', bg: '#ececec' },
  red: { main: '#c8102e', dark: '#8d0b20', bg: '#fbe7e9' },
  forest: { main: '#1f6f4a', dark: '#124430', bg: '#e4f2ea' },
  sand: { main: '#d9c3a0', dark: '#a88d63', bg: '#f6f0e6' },
  sky: { main: '#4a9fd8', dark: '#2c6f9c', bg: '#e5f2fb' },
  mustard: { main: '#e0a526', dark: '#a9760f', bg: '#fcf3de' },
  pink: { main: '#e27a9c', dark: '#b14d6f', bg: '#fbe9ef' },
  teal: { main: '#2a9d8f', dark: '#1b6b61', bg: '#e2f4f1' },
  plum: { main: '#6d3b6e', dark: '#4a244b', bg: '#f1e7f1' },
} as const;
export type ArtColour = keyof typeof ART_COLOURS;
export const ART_COLOUR_NAMES = Object.keys(ART_COLOURS) as ArtColour[];

interface Paint {
  main: string;
  dark: string;
  bg: string;
}

const W = '#ffffff';
const r = (x: number, y: number, w: number, h: number, fill: string, rx = 0, extra = '') =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${rx}" fill="${fill}"${extra}/>`;
const c = (cx: number, cy: number, rad: number, fill: string, extra = '') =>
  `<circle cx="${cx}" cy="${cy}" r="${rad}" fill="${fill}"${extra}/>`;
const e = (cx: number, cy: number, rx: number, ry: number, fill: string, extra = '') =>
  `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="${fill}"${extra}/>`;
const p = (d: string, fill: string, extra = '') => `<path d="${d}" fill="${fill}"${extra}/>`;
const line = (d: string, stroke: string, width: number, extra = '') =>
  `<path d="${d}" fill="none" stroke="${stroke}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"${extra}/>`;
const label = (x: number, y: number, w: number, h: number) =>
  `${r(x, y, w, h, W, 6, ' fill-opacity="0.92"')}${r(x + 12, y + h / 2 - 9, w - 24, 6, '#000', 3, ' fill-opacity="0.18"')}${r(x + 20, y + h / 2 + 4, w - 40, 5, '#000', 2.5, ' fill-opacity="0.12"')}`;

/** The drawing of each kind, centred near (120, 122). */
const drawings: Record<ArtKind, (k: Paint) => string> = {
  jar: (k) =>
    `${r(78, 50, 84, 24, k.dark, 6)}${r(70, 70, 100, 124, k.main, 22)}${label(82, 108, 76, 48)}${r(86, 78, 10, 100, W, 5, ' fill-opacity="0.18"')}`,
  bottle: (k) =>
    `${r(108, 34, 24, 16, k.dark, 4)}${p('M104 50h32v22c0 10 22 18 22 40v78a12 12 0 0 1-12 12h-52a12 12 0 0 1-12-12v-78c0-22 22-30 22-40z', k.main)}${label(88, 124, 64, 50)}`,
  pump: (k) =>
    `${r(114, 40, 12, 30, k.dark, 3)}${r(114, 40, 40, 10, k.dark, 4)}${r(104, 66, 32, 16, k.dark, 4)}${r(86, 80, 68, 118, k.main, 16)}${label(94, 118, 52, 46)}`,
  tube: (k) =>
    `${p('M84 46h72l-10 128h-52z', k.main)}${r(84, 40, 72, 12, k.dark, 3)}${r(100, 174, 40, 26, k.dark, 6)}${r(96, 86, 48, 40, W, 5, ' fill-opacity="0.9"')}${r(104, 100, 32, 6, k.main, 3)}`,
  box: (k) =>
    `${p('M150 52l18-12v140l-18 16z', k.dark)}${r(70, 52, 80, 144, k.main, 4)}${c(110, 106, 26, W, ' fill-opacity="0.9"')}${c(110, 106, 14, k.dark, ' fill-opacity="0.6"')}${r(82, 150, 56, 10, W, 5, ' fill-opacity="0.8"')}${r(90, 168, 40, 8, W, 4, ' fill-opacity="0.6"')}`,
  pouch: (k) =>
    `${p('M78 62h84l6 126a10 10 0 0 1-10 10H82a10 10 0 0 1-10-10z', k.main)}${p('M78 50h84v16H78z', k.dark)}${line('M84 58h72', W, 2, ' stroke-dasharray="4 4" stroke-opacity="0.6"')}${label(88, 110, 64, 54)}`,
  can: (k) =>
    `${r(80, 54, 80, 138, k.main)}${e(120, 54, 40, 10, k.dark)}${e(120, 192, 40, 10, k.main)}${r(80, 100, 80, 46, W, 0, ' fill-opacity="0.88"')}${r(96, 116, 48, 8, k.dark, 4)}${r(88, 62, 8, 124, W, 4, ' fill-opacity="0.2"')}`,
  bar: (k) =>
    `${p('M60 150l90-90 34 34-90 90z', '#6b3e26')}${line('M82 128l28 28M100 110l28 28M118 92l28 28M92 118l30-30M110 136l30-30', '#4a2817', 3)}${p('M86 176l90-90 22 22-90 90z', k.main)}${p('M94 190l90-90 10 10-90 90z', k.dark)}`,
  carton: (k) =>
    `${p('M82 78l38-30 38 30z', k.dark)}${r(114, 36, 12, 14, k.dark, 2)}${r(82, 78, 76, 118, k.main, 4)}${p('M120 48v30', W, ' stroke="#fff" stroke-opacity="0.4"')}${label(90, 118, 60, 52)}`,
  cheese: (k) =>
    `${p('M52 158l136-62v78H52z', k.main)}${p('M52 158l136-62-40-20L52 138z', '#f7d774')}${c(92, 166, 9, k.dark, ' fill-opacity="0.5"')}${c(140, 150, 12, k.dark, ' fill-opacity="0.5"')}${c(168, 170, 6, k.dark, ' fill-opacity="0.5"')}${r(52, 158, 136, 16, k.dark, 0, ' fill-opacity="0.25"')}`,
  fruit: (k) =>
    `${c(104, 134, 48, k.main)}${c(142, 128, 44, k.dark)}${c(92, 118, 12, W, ' fill-opacity="0.35"')}${line('M124 86c0-16 6-26 14-32', '#5b3a1e', 5)}${p('M136 60c18-10 34-2 38 8-16 8-30 4-38-8z', '#5f9e6e')}`,
  tshirt: (k) =>
    `${p('M90 52l-42 24 16 34 18-8v98h76v-98l18 8 16-34-42-24c-4 14-14 20-30 20s-26-6-30-20z', k.main)}${p('M90 52c4 14 14 20 30 20s26-6 30-20', 'none', ` stroke="${k.dark}" stroke-width="6"`)}`,
  jumper: (k) =>
    `${p('M88 50l-40 22-8 116h28l6-84v96h92v-96l6 84h28l-8-116-40-22c-6 12-16 18-32 18s-26-6-32-18z', k.main)}${r(82, 186, 76, 14, k.dark, 3)}${p('M88 50c6 12 16 18 32 18s26-6 32-18', 'none', ` stroke="${k.dark}" stroke-width="8"`)}`,
  jacket: (k) =>
    `${p('M86 46l-40 26-6 124h30l4-80v100h92v-100l4 80h30l-6-124-40-26-34 22z', k.main)}${line('M120 68v132', k.dark, 4)}${p('M86 46l34 22 34-22-10 28-24 4-24-4z', k.dark)}${r(90, 140, 20, 4, k.dark, 2)}${r(130, 140, 20, 4, k.dark, 2)}`,
  pants: (k) =>
    `${p('M80 46h80l14 154h-34l-20-112-20 112H66z', k.main)}${r(80, 46, 80, 14, k.dark, 2)}${line('M120 60v30', k.dark, 3)}`,
  sock: (k) =>
    `${p('M96 40h44v104c0 10 4 16 14 24 14 12 6 36-14 34l-52-6c-22-2-28-28-10-40 12-8 18-14 18-26z', k.main)}${r(96, 40, 44, 22, k.dark, 3)}${line('M102 70h32M102 80h32', W, 4, ' stroke-opacity="0.5"')}`,
  beanie: (k) =>
    `${c(120, 52, 16, k.dark)}${p('M58 160c0-52 26-96 62-96s62 44 62 96z', k.main)}${r(50, 150, 140, 36, k.dark, 10)}${line('M64 158v20M82 158v20M100 158v20M118 158v20M136 158v20M154 158v20M172 158v20', W, 3, ' stroke-opacity="0.35"')}`,
  shoe: (k) =>
    `${p('M44 168c0-20 10-36 26-40l40-34c14 10 30 14 44 14 14 18 40 28 44 48v12H44z', k.main)}${r(40, 168, 162, 18, W, 8)}${r(40, 180, 162, 8, k.dark, 4)}${line('M104 110l16 12M114 102l16 12M96 120l16 12', W, 4)}`,
  boot: (k) =>
    `${p('M80 40h58v104c24 6 48 18 52 42v10H72l-4-16c6-10 12-20 12-40z', k.main)}${r(68, 184, 126, 14, k.dark, 6)}${r(80, 40, 58, 16, k.dark, 4)}`,
  laptop: (k) =>
    `${r(60, 60, 120, 84, k.dark, 8)}${r(68, 68, 104, 68, k.bg, 3)}${r(68, 68, 104, 20, k.main, 3, ' fill-opacity="0.5"')}${p('M42 152h156l-10 18H52z', k.main)}${r(104, 152, 32, 5, k.dark, 2)}`,
  phone: (k) =>
    `${r(84, 36, 72, 152, k.dark, 14)}${r(90, 50, 60, 120, k.bg, 4)}${r(90, 50, 60, 40, k.main, 4, ' fill-opacity="0.6"')}${r(108, 40, 24, 5, k.bg, 2.5)}${c(120, 178, 5, k.bg)}`,
  headphones: (k) =>
    `${line('M64 130c0-50 24-80 56-80s56 30 56 80', k.dark, 12)}${r(48, 118, 34, 62, k.main, 14)}${r(158, 118, 34, 62, k.main, 14)}${r(56, 128, 10, 42, W, 5, ' fill-opacity="0.25"')}`,
  speaker: (k) =>
    `${r(72, 44, 96, 156, k.main, 18)}${c(120, 150, 32, k.dark)}${c(120, 150, 14, k.bg)}${c(120, 86, 18, k.dark)}${c(120, 86, 7, k.bg)}`,
  watch: (k) =>
    `${r(102, 32, 36, 176, k.main, 10)}${r(84, 82, 72, 76, k.dark, 18)}${r(92, 90, 56, 60, k.bg, 12)}${line('M120 120v-18M120 120l12 8', k.dark, 4)}`,
  monitor: (k) =>
    `${r(44, 50, 152, 100, k.dark, 8)}${r(52, 58, 136, 84, k.bg, 3)}${p('M52 142l50-44 30 26 22-16 34 34z', k.main, ' fill-opacity="0.7"')}${r(112, 150, 16, 28, k.dark)}${r(86, 176, 68, 10, k.dark, 5)}`,
  mug: (k) =>
    `${line('M160 96c26 0 26 56 0 56', k.dark, 12)}${r(70, 70, 94, 118, k.main, 14)}${r(80, 82, 12, 90, W, 6, ' fill-opacity="0.2"')}${line('M100 56c-6-8 6-14 0-24M124 56c-6-8 6-14 0-24', k.dark, 4, ' stroke-opacity="0.4"')}`,
  bowl: (k) =>
    `${e(120, 104, 76, 18, k.dark)}${p('M44 104h152c0 48-34 80-76 80s-76-32-76-80z', k.main)}${e(120, 104, 66, 12, k.bg)}${r(96, 182, 48, 10, k.dark, 5)}`,
  pan: (k) =>
    `${r(150, 112, 72, 14, k.dark, 7)}${e(96, 128, 66, 22, k.dark)}${p('M30 128h132c0 30-30 46-66 46s-66-16-66-46z', k.main)}${e(96, 126, 58, 16, '#2a2a2a', ' fill-opacity="0.8"')}`,
  glass: (k) =>
    `${p('M78 50h84l-12 140H90z', k.bg, ` stroke="${k.dark}" stroke-width="4"`)}${p('M84 104h72l-7 82H91z', k.main, ' fill-opacity="0.8"')}${r(92, 60, 8, 110, W, 4, ' fill-opacity="0.6"')}`,
  chair: (k) =>
    `${r(76, 40, 88, 84, k.main, 12)}${r(68, 118, 104, 22, k.dark, 8)}${line('M80 140l-8 60M160 140l8 60M100 140l-4 50M140 140l4 50', k.dark, 8)}`,
  lamp: (k) =>
    `${p('M80 50h80l22 60H58z', k.main)}${line('M120 110v70', k.dark, 6)}${e(120, 188, 38, 10, k.dark)}${e(120, 110, 62, 6, k.dark, ' fill-opacity="0.4"')}`,
  cushion: (k) =>
    `${p('M52 62c24 8 112 8 136 0 8 40 8 76 0 116-24-8-112-8-136 0-8-40-8-76 0-116z', k.main)}${c(120, 120, 8, k.dark)}${line('M72 90c30 20 66 20 96 0', k.dark, 3, ' stroke-opacity="0.4"')}`,
  throw: (k) =>
    `${r(46, 70, 148, 100, k.main, 14)}${r(46, 112, 148, 58, k.dark, 14)}${line('M60 84h120M60 96h120', W, 4, ' stroke-opacity="0.35"')}${line('M54 170v14M66 170v14M78 170v14M90 170v14M102 170v14M114 170v14M126 170v14M138 170v14M150 170v14M162 170v14M174 170v14M186 170v14', k.dark, 3)}`,
  towel: (k) =>
    `${r(60, 60, 120, 120, k.main, 10)}${r(60, 100, 120, 14, W, 0, ' fill-opacity="0.6"')}${r(60, 122, 120, 8, k.dark)}${r(60, 150, 120, 30, k.dark, 10, ' fill-opacity="0.35"')}`,
  candle: (k) =>
    `${r(80, 90, 80, 104, k.main, 10)}${e(120, 90, 40, 10, k.dark)}${line('M120 88v-16', '#3a2a1a', 3)}${p('M120 38c10 14 12 24 0 34-12-10-10-20 0-34z', '#f2b705')}${label(92, 128, 56, 34)}`,
  plant: (k) =>
    `${p('M120 120c-40-10-56-40-50-70 30 4 46 30 50 70z', '#5f9e6e')}${p('M120 120c36-14 58-46 52-76-32 6-50 36-52 76z', '#1f6f4a')}${p('M120 124c-6-30 0-60 10-80 12 24 10 56-10 80z', '#2a9d8f')}${p('M78 120h84l-12 76H90z', k.main)}${r(72, 116, 96, 16, k.dark, 4)}`,
  wateringcan: (k) =>
    `${r(70, 84, 90, 100, k.main, 10)}${p('M160 110l44-36 6 8-40 44z', k.dark)}${line('M92 84c0-30 46-30 46 0', k.dark, 8)}${e(206, 76, 10, 6, k.dark)}`,
  tent: (k) =>
    `${p('M120 44l84 148H36z', k.main)}${p('M120 44l30 148H90z', k.dark)}${p('M120 110l18 82h-36z', '#1b1b1b', ' fill-opacity="0.7"')}${line('M36 192h168', k.dark, 4)}`,
  backpack: (k) =>
    `${line('M96 60c0-28 48-28 48 0', k.dark, 8)}${r(68, 58, 104, 142, k.main, 26)}${r(84, 130, 72, 54, k.dark, 12)}${line('M84 146h72', W, 3, ' stroke-opacity="0.4"')}${r(96, 78, 48, 8, k.dark, 4)}`,
  ball: (k) =>
    `${c(120, 124, 72, k.main)}${line('M52 104c40 20 96 20 136 0M52 144c40-20 96-20 136 0M120 52c-24 40-24 104 0 144', W, 5, ' stroke-opacity="0.8"')}`,
  dumbbell: (k) =>
    `${r(76, 114, 88, 16, '#8a8f96', 6)}${r(44, 84, 20, 76, k.main, 6)}${r(62, 94, 16, 56, k.dark, 5)}${r(176, 84, 20, 76, k.main, 6)}${r(162, 94, 16, 56, k.dark, 5)}`,
  drinkbottle: (k) =>
    `${r(106, 30, 28, 16, k.dark, 5)}${line('M134 38c16 0 16 20 0 20', k.dark, 5)}${r(88, 44, 64, 154, k.main, 20)}${r(88, 100, 64, 40, k.dark, 0, ' fill-opacity="0.3"')}${r(98, 54, 8, 130, W, 4, ' fill-opacity="0.25"')}`,
  blocks: (k) =>
    `${r(50, 120, 64, 64, k.main, 6)}${r(122, 120, 64, 64, '#f2b705', 6)}${r(86, 52, 64, 64, '#2a9d8f', 6)}${c(82, 152, 12, W, ' fill-opacity="0.7"')}${p('M154 138l16 28h-32z', W, ' fill-opacity="0.7"')}${r(106, 72, 24, 24, W, 3, ' fill-opacity="0.7"')}`,
  teddy: (k) =>
    `${c(86, 64, 18, k.dark)}${c(154, 64, 18, k.dark)}${c(120, 90, 40, k.main)}${e(120, 164, 50, 42, k.main)}${e(120, 104, 16, 12, k.bg)}${c(106, 84, 5, '#1b1b1b')}${c(134, 84, 5, '#1b1b1b')}${c(120, 100, 5, '#1b1b1b')}${e(120, 168, 26, 24, k.bg)}`,
  babybottle: (k) =>
    `${p('M108 34c0-8 24-8 24 0l6 26h-36z', '#f2c9a6')}${r(96, 58, 48, 16, k.dark, 5)}${r(92, 72, 56, 124, k.bg, 16, ` stroke="${k.main}" stroke-width="4"`)}${r(96, 120, 48, 72, k.main, 12, ' fill-opacity="0.45"')}${line('M132 92h10M132 108h10M132 124h10', k.dark, 3)}`,
  petbowl: (k) =>
    `${p('M40 150h160l-18 40H58z', k.main)}${e(120, 150, 80, 14, k.dark)}${e(120, 148, 66, 9, '#8a5a3a')}${c(100, 144, 6, '#6b3e26')}${c(120, 146, 6, '#6b3e26')}${c(140, 144, 6, '#6b3e26')}${p('M108 96c-10-10 0-26 12-16 12-10 22 6 12 16l-12 12z', k.main)}`,
  bone: (k) =>
    `<g transform="rotate(-30 120 120)">${r(72, 108, 96, 24, k.main, 12)}${c(70, 106, 16, k.main)}${c(70, 134, 16, k.main)}${c(170, 106, 16, k.main)}${c(170, 134, 16, k.main)}</g>`,
  notebook: (k) =>
    `${r(66, 40, 112, 156, k.main, 8)}${r(66, 40, 18, 156, k.dark, 6)}${r(100, 70, 62, 22, W, 4, ' fill-opacity="0.85"')}${r(160, 40, 8, 170, '#c8102e', 2)}`,
  pen: (k) =>
    `<g transform="rotate(35 120 120)">${r(108, 30, 24, 150, k.main, 10)}${p('M108 180h24l-12 32z', '#d9c3a0')}${p('M116 200h8l-4 12z', '#1b1b1b')}${r(130, 44, 6, 60, k.dark, 3)}${r(108, 30, 24, 24, k.dark, 10)}</g>`,
  tool: (k) =>
    `<g transform="rotate(-40 120 120)">${r(110, 80, 20, 130, k.main, 8)}${r(112, 90, 16, 40, k.dark, 6)}${p('M96 30h48v40a24 24 0 0 1-48 0z', '#8a8f96')}${r(110, 24, 20, 26, k.bg)}</g>`,
};

/** One product illustration, 240x240, in the named colour. */
export const productSvg = (kind: ArtKind, colour: ArtColour, title: string): string => {
  const k = ART_COLOURS[colour];
  return `<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="240" height="240" viewBox="0 0 240 240" role="img" aria-label="${escapeXml(title)}"><title>${escapeXml(title)}</title><rect width="240" height="240" rx="16" fill="${k.bg}"/><circle cx="196" cy="40" r="56" fill="${k.main}" fill-opacity="0.07"/><ellipse cx="120" cy="212" rx="78" ry="9" fill="#000" fill-opacity="0.08"/>${drawings[kind](k)}</svg>\n`;
};

/** The picture name of a product illustration (under demo/catalogue/). */
export const productPictureName = (kind: ArtKind, colour: ArtColour) => `goods-${kind}-${colour}`;

export const CATALOGUE_PICTURE_DIR = 'demo/catalogue';
/** The URL of a catalogue demo picture. */
export const cataloguePictureUrl = (name: string) => `/uploads/${CATALOGUE_PICTURE_DIR}/${name}.svg`;

/** Writes SVGs to `<uploadsDir>/demo/catalogue/<name>.svg`; names are lower-case words joined by dashes. */
export const writeCataloguePictures = async (
  uploadsDir: string,
  pictures: readonly { name: string; svg: string }[],
): Promise<void> => {
  const dir = path.join(uploadsDir, CATALOGUE_PICTURE_DIR);
  await mkdir(dir, { recursive: true });
  for (const { name, svg } of pictures) {
    if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(name)) throw new Error(`Bad catalogue picture name: ${name}`);
    if (/<script|\son\w+=/i.test(svg)) throw new Error(`Catalogue picture ${name} must not contain script`);
    await writeFile(path.join(dir, `${name}.svg`), svg, 'utf8');
  }
};

/** Every product illustration in every colour (50 kinds x 10 colours). */
export const allProductPictures = () =>
  ART_KINDS.flatMap((kind) =>
    ART_COLOUR_NAMES.map((colour) => ({
      name: productPictureName(kind, colour),
      svg: productSvg(kind, colour, `${kind} illustration`),
    })),
  );
