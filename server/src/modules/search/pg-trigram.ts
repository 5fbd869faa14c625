/**
 * pg_trgm's `word_similarity(query, target)` in memory, exactly as PostgreSQL answers it (float4),
 * with pg_trgm's default build (KEEPONLYALNUM, IGNORECASE, DIVUNION; words padded by two blanks
 * before and one after) on a UTF-8 database of locale C.UTF-8: contrib/pg_trgm/trgm_op.c,
 * generate_trgm_only / make_trigrams / compact_trigram / calc_word_similarity /
 * iterate_word_similarity. server/test/pg-text.test.ts holds it to the database.
 *
 * A trigram is an int of its three bytes, as pg_trgm stores it: three ASCII characters as they are,
 * any other three characters as three bytes of the legacy CRC-32 of their UTF-8 (compact_trigram),
 * so two trigrams are equal exactly when PostgreSQL's are.
 */

const fround = Math.fround;
const SPACE = 0x20;

/** pg_crc32_table (src/common/pg_crc.c), the reflected CRC-32 table PostgreSQL's legacy CRC uses. */
const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

/** COMP_LEGACY_CRC32 (pg_crc.h) of one byte: the table above used in the "normal" direction. */
const crcByte = (crc: number, byte: number) => (CRC_TABLE[((crc >>> 24) ^ byte) & 0xff]! ^ (crc << 8)) >>> 0;

/** COMP_LEGACY_CRC32 of a character's UTF-8 bytes. */
const crcChar = (crc: number, cp: number): number => {
  if (cp < 0x80) return crcByte(crc, cp);
  if (cp < 0x800) return crcByte(crcByte(crc, 0xc0 | (cp >> 6)), 0x80 | (cp & 0x3f));
  if (cp < 0x10000) {
    return crcByte(crcByte(crcByte(crc, 0xe0 | (cp >> 12)), 0x80 | ((cp >> 6) & 0x3f)), 0x80 | (cp & 0x3f));
  }
  const c = crcByte(crcByte(crc, 0xf0 | (cp >> 18)), 0x80 | ((cp >> 12) & 0x3f));
  return crcByte(crcByte(c, 0x80 | ((cp >> 6) & 0x3f)), 0x80 | (cp & 0x3f));
};

/**
 * compact_trigram: three single-byte characters are the trigram; otherwise the legacy CRC-32 of
 * the bytes, of which the trigram is the first three bytes in memory (little-endian: the low ones).
 * Either way the int is (byte0 << 16) | (byte1 << 8) | byte2, as show_trgm's trgm2int reads it.
 */
const trigramOf = (a: number, b: number, c: number): number => {
  if ((a | b | c) < 0x80) return (a << 16) | (b << 8) | c;
  const crc = ~crcChar(crcChar(crcChar(0xffffffff, a), b), c) >>> 0;
  return ((crc & 0xff) << 16) | (crc & 0xff00) | ((crc >>> 16) & 0xff);
};

const WORD_CHAR = /[\p{Alphabetic}\p{Nd}]/u;
/** Whether each BMP character is a word character: 0 not known yet, 1 yes, 2 no. */
const wordCharCache = new Uint8Array(0x10000);

/**
 * ISWORDCHR with KEEPONLYALNUM: t_isalnum, isalnum() for ASCII and iswalnum() in the database's
 * C.UTF-8 locale above it, where glibc's alnum is Unicode's Alphabetic property and every decimal digit.
 */
const isWordChar = (cp: number): boolean => {
  if (cp < 0x80) return (cp >= 48 && cp <= 57) || ((cp | 0x20) >= 97 && (cp | 0x20) <= 122);
  if (cp >= 0x10000) return WORD_CHAR.test(String.fromCodePoint(cp));
  let known = wordCharCache[cp]!;
  if (known === 0) {
    known = WORD_CHAR.test(String.fromCharCode(cp)) ? 1 : 2;
    wordCharCache[cp] = known;
  }
  return known === 1;
};

const lowerCache = new Map<number, number>();

/** str_tolower in C.UTF-8 (towlower per character): one character to one character. */
const lower = (cp: number): number => {
  if (cp < 0x80) return cp >= 65 && cp <= 90 ? cp + 32 : cp;
  let l = lowerCache.get(cp);
  if (l === undefined) {
    const s = String.fromCodePoint(cp).toLowerCase();
    const first = s.codePointAt(0)!;
    // towlower maps one character to one: İ (U+0130) is i, as glibc has it; JavaScript adds a dot.
    l = s.length === (first > 0xffff ? 2 : 1) ? first : cp === 0x130 ? 0x69 : cp;
    lowerCache.set(cp, l);
  }
  return l;
};

/** Trigrams of the last call of trigramsInto (reused: no allocation per target once grown). */
let trigrams = new Int32Array(256);

const push = (n: number, t: number): number => {
  if (n === trigrams.length) {
    const next = new Int32Array(n * 2);
    next.set(trigrams);
    trigrams = next;
  }
  trigrams[n] = t;
  return n + 1;
};

/**
 * generate_trgm_only: the trigrams of each word (find_word: a run of word characters), lowered
 * and padded "  word ", in order, repeats kept. Into `trigrams`; answers how many.
 */
const trigramsInto = (s: string): number => {
  let n = 0;
  let i = 0;
  const len = s.length;
  while (i < len) {
    let cp = s.codePointAt(i)!;
    if (!isWordChar(cp)) {
      i += cp > 0xffff ? 2 : 1;
      continue;
    }
    let a = SPACE;
    let b = SPACE;
    while (i < len) {
      cp = s.codePointAt(i)!;
      if (!isWordChar(cp)) break;
      const c = lower(cp);
      n = push(n, trigramOf(a, b, c));
      a = b;
      b = c;
      i += cp > 0xffff ? 2 : 1;
    }
    n = push(n, trigramOf(a, b, SPACE));
  }
  return n;
};

const hashOf = (t: number, mask: number) => (Math.imul(t, 0x9e3779b1) >>> 8) & mask;

/** An open-addressing set of trigrams, each with its number (0, 1, ... in order of adding). */
class TrigramTable {
  private keys: Int32Array;
  private ids: Int32Array;
  private stamps: Uint32Array;
  private stamp = 1;
  private mask: number;
  size = 0;

  constructor(capacity: number) {
    let n = 16;
    while (n < capacity * 2) n *= 2;
    this.keys = new Int32Array(n);
    this.ids = new Int32Array(n);
    this.stamps = new Uint32Array(n);
    this.mask = n - 1;
  }

  /** Empties the table, able to hold `capacity` trigrams. */
  reset(capacity: number) {
    if (capacity * 2 > this.keys.length) {
      const bigger = new TrigramTable(capacity);
      this.keys = bigger.keys;
      this.ids = bigger.ids;
      this.stamps = bigger.stamps;
      this.mask = bigger.mask;
      this.stamp = 1;
    } else if (++this.stamp === 0xffffffff) {
      this.stamps.fill(0);
      this.stamp = 1;
    }
    this.size = 0;
  }

  /** The trigram's number, or -1. */
  get(t: number): number {
    for (let h = hashOf(t, this.mask); this.stamps[h] === this.stamp; h = (h + 1) & this.mask) {
      if (this.keys[h] === t) return this.ids[h]!;
    }
    return -1;
  }

  /** The trigram's number, numbering it `base + size` when new. */
  add(t: number, base: number): number {
    let h = hashOf(t, this.mask);
    for (; this.stamps[h] === this.stamp; h = (h + 1) & this.mask) {
      if (this.keys[h] === t) return this.ids[h]!;
    }
    this.stamps[h] = this.stamp;
    this.keys[h] = t;
    this.ids[h] = base + this.size++;
    return this.ids[h]!;
  }
}

// Scratch of one target: the target's trigram classes, the other trigrams, and lastpos.
const others = new TrigramTable(256);
let classes = new Int32Array(256);
let lastpos = new Int32Array(256);

/** CALCSML with DIVUNION (trgm.h), in float4. */
const calcSml = (count: number, len1: number, len2: number) => fround(count / (len1 + len2 - count));

/**
 * iterate_word_similarity (trgm_op.c) without flags: the greatest similarity of the query's
 * trigrams to an extent of the target's. Trigram classes below `ulen1` are the query's (`found`).
 */
const iterate = (len2: number, ulen1: number): number => {
  let ulen2 = 0;
  let count = 0;
  let upper = -1;
  let lower = -1;
  let smlrMax = 0;
  for (let i = 0; i < len2; i++) {
    const t = classes[i]!;
    const found = t < ulen1;
    if (lower >= 0 || found) {
      if (lastpos[t]! < 0) {
        ulen2++;
        if (found) count++;
      }
      lastpos[t] = i;
    }
    if (!found) continue;
    upper = i;
    if (lower === -1) {
      lower = i;
      ulen2 = 1;
    }
    let smlrCur = calcSml(count, ulen1, ulen2);
    // Also try to move the lower bound up for a greater similarity.
    let tmpCount = count;
    let tmpUlen2 = ulen2;
    const prevLower = lower;
    for (let tmpLower = lower; tmpLower <= upper; tmpLower++) {
      const smlrTmp = calcSml(tmpCount, ulen1, tmpUlen2);
      if (smlrTmp > smlrCur) {
        smlrCur = smlrTmp;
        ulen2 = tmpUlen2;
        lower = tmpLower;
        count = tmpCount;
      }
      const tt = classes[tmpLower]!;
      if (lastpos[tt] === tmpLower) {
        tmpUlen2--;
        if (tt < ulen1) tmpCount--;
      }
    }
    smlrMax = Math.max(smlrMax, smlrCur);
    for (let tmpLower = prevLower; tmpLower < lower; tmpLower++) {
      const tt = classes[tmpLower]!;
      if (lastpos[tt] === tmpLower) lastpos[tt] = -1;
    }
  }
  return smlrMax;
};

/**
 * `word_similarity(query, ·)` with the query's trigrams worked out once: calc_word_similarity of
 * the query and each target. A call allocates nothing once its scratch has grown to the longest target.
 */
export const wordSimilarityTo = (query: string): ((target: string) => number) => {
  const n1 = trigramsInto(query);
  const mine = new TrigramTable(n1);
  for (let i = 0; i < n1; i++) mine.add(trigrams[i]!, 0);
  const ulen1 = mine.size;
  return (target: string): number => {
    if (ulen1 === 0) return 0;
    const len2 = trigramsInto(target);
    if (classes.length < len2) {
      classes = new Int32Array(len2 * 2);
      lastpos = new Int32Array(len2 * 2 + ulen1);
    }
    others.reset(len2);
    let anyFound = false;
    for (let i = 0; i < len2; i++) {
      const t = trigrams[i]!;
      const q = mine.get(t);
      if (q >= 0) anyFound = true;
      classes[i] = q >= 0 ? q : others.add(t, ulen1);
    }
    if (!anyFound) return 0;
    const nClasses = ulen1 + others.size;
    if (lastpos.length < nClasses) lastpos = new Int32Array(nClasses * 2);
    lastpos.fill(-1, 0, nClasses);
    return iterate(len2, ulen1);
  };
};

/** generate_trgm: the text's distinct trigrams, ascending (show_trgm's, as trgm2int reads them). */
export const trigramsOf = (text: string): number[] => {
  const n = trigramsInto(text);
  return [...new Set(trigrams.subarray(0, n))].sort((a, b) => a - b);
};

/** pg_trgm's `word_similarity(query, target)` (float4). */
export const wordSimilarity = (query: string, target: string): number => wordSimilarityTo(query)(target);
