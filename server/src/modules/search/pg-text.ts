/**
 * PostgreSQL's full-text search maths in memory: `tsvector` and `tsquery` as PostgreSQL prints them,
 * `vector @@ query` and `ts_rank(vector, query)`, giving exactly PostgreSQL's answers (PG 15 to 18:
 * src/backend/utils/adt/tsvector.c, tsvector_parser.c, tsquery.c, tsvector_op.c and tsrank.c; each
 * piece below names the function it mirrors). server/test/pg-text.test.ts holds them to the database.
 *
 * A position is PostgreSQL's WordEntryPos: the weight in the top two bits (A 3, B 2, C 1, D 0) and
 * the position (1..16383) below. A lexeme without positions (a stripped vector) has an empty array.
 */

/** MAXENTRYPOS (ts_type.h): positions are clamped to MAXENTRYPOS - 1. */
const MAXENTRYPOS = 1 << 14;
/** MAXNUMPOS (ts_type.h): at most this many positions per lexeme. */
const MAXNUMPOS = 256;
const POS_MASK = MAXENTRYPOS - 1;

export interface TsVectorData {
  /** The lexemes in PostgreSQL's order (compareLexemes). */
  words: string[];
  /** Each lexeme's WordEntryPos values, by position; empty when it has none. */
  positions: Uint16Array[];
}

/**
 * A tsquery. `weights` is PostgreSQL's bitmask of the `:ABCD` restriction, bit (1 << weight): A 8,
 * B 4, C 2, D 1 (0: none). `distance` of a phrase: `<->` is 1, `<N>` is N. Queries are read, never
 * changed: what tsMatches and tsRank work out for one is kept for it.
 */
export type TsQuery =
  | { kind: 'term'; word: string; prefix: boolean; weights: number }
  | { kind: 'not'; arg: TsQuery }
  | { kind: 'and' | 'or'; left: TsQuery; right: TsQuery }
  | { kind: 'phrase'; left: TsQuery; right: TsQuery; distance: number };

/** How a document (a tsvector) is read. */
export interface DocLookup {
  /** The lexeme's positions (as TsVectorData has them), empty when it has none; undefined when absent. */
  positionsOf(word: string): Uint16Array | undefined;
  /**
   * Only for prefix terms (`'lant':*`, which websearch_to_tsquery never makes): the positions of
   * every lexeme starting with `prefix`, in compareLexemes order. Without it a prefix term throws;
   * supportsInMemory says whether a query has one.
   */
  positionsWithPrefix?(prefix: string): readonly Uint16Array[];
  /**
   * Whether the document has no lexemes at all. ts_rank answers 0 for an empty vector (calc_rank),
   * where an AND query over a non-empty one that pairs no positions answers 1e-20. Without it the
   * document is taken to have lexemes (a good's vector always has its name's).
   */
  isEmpty?(): boolean;
}

// ---------------------------------------------------------------------------------------------
// Lexeme order

/** A UTF-16 code unit mapped so that comparing the mapped units orders strings by code point. */
const codePointOrder = (c: number) => (c >= 0xd800 ? (c >= 0xe000 ? c - 0x800 : c + 0x2000) : c);

/**
 * tsCompareString (tsvector_op.c) without prefix: byte order of the UTF-8 text (memcmp), a
 * shorter string first when one starts the other; the order of a tsvector's lexemes. UTF-8 byte
 * order is code point order, which UTF-16 code unit order is not above U+FFFF.
 */
export const compareLexemes = (a: string, b: string): number => {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return codePointOrder(x) - codePointOrder(y);
  }
  return a.length - b.length;
};

// ---------------------------------------------------------------------------------------------
// tsvector text

const EMPTY_POSITIONS = new Uint16Array(0);

const isSpace = (c: string | undefined) =>
  c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f' || c === '\v';

const syntaxError = (what: string, text: string): never => {
  throw new Error(`syntax error in ${what}: "${text}"`);
};

/**
 * One word of tsvector or tsquery text from `at`, as gettoken_tsvector reads it: 'quoted' (a
 * doubled quote is one, a backslash escapes the next character), or bare up to a space or one of
 * `delimiters`. Answers the word and where the text goes on.
 */
const readWord = (
  text: string,
  at: number,
  what: 'tsvector' | 'tsquery',
  delimiters: string,
): { word: string; end: number } => {
  const n = text.length;
  let i = at;
  let word = '';
  if (text[i] === "'") {
    i++;
    for (;;) {
      const c = text[i];
      if (c === undefined) syntaxError(what, text);
      if (c === "'") {
        if (text[i + 1] !== "'") return { word, end: i + 1 };
        word += "'";
        i += 2;
      } else if (c === '\\') {
        if (i + 1 >= n) throw new Error(`there is no escaped character: "${text}"`);
        word += text[i + 1];
        i += 2;
      } else {
        word += c;
        i++;
      }
    }
  }
  while (i < n && !isSpace(text[i]) && !delimiters.includes(text[i]!)) {
    if (text[i] === '\\') {
      if (i + 1 >= n) throw new Error(`there is no escaped character: "${text}"`);
      i++;
    }
    word += text[i];
    i++;
  }
  return { word, end: i };
};

/**
 * PostgreSQL's tsvector text (tsvectorout's, or any tsvectorin takes) to its lexemes and positions,
 * as tsvectorin stores it: gettoken_tsvector reads the words ('quoted', with '' and backslash
 * escapes, or bare) and positions (clamped to 16383, weights A-D or *), uniqueentry sorts the words
 * and merges repeats, uniquePos sorts and merges positions (the higher weight wins) and keeps at
 * most 256. PostgreSQL's own output is already in that form and is kept as it is.
 */
export const parseTsvector = (text: string): TsVectorData => {
  const words: string[] = [];
  const positions: Uint16Array[] = [];
  const n = text.length;
  let i = 0;
  for (;;) {
    while (i < n && isSpace(text[i])) i++;
    if (i >= n) break;
    const read = readWord(text, i, 'tsvector', ':');
    const word = read.word;
    i = read.end;
    if (word === '') syntaxError('tsvector', text);
    let pos: number[] | null = null;
    if (text[i] === ':') {
      i++;
      pos = [];
      for (;;) {
        const start = i;
        while (i < n && text.charCodeAt(i) >= 48 && text.charCodeAt(i) <= 57) i++;
        if (i === start) syntaxError('tsvector', text);
        // LIMITPOS; many digits are clamped too (PostgreSQL's strtol reads at most a long).
        const value =
          i - start > 6 ? MAXENTRYPOS - 1 : Math.min(Number(text.slice(start, i)), MAXENTRYPOS - 1);
        if (value === 0) throw new Error(`wrong position info in tsvector: "${text}"`);
        let weight = 0;
        while (i < n && text[i] !== ',' && !isSpace(text[i])) {
          const c = text[i]!;
          const w = 'dDcCbBaA*'.indexOf(c);
          if (w >= 0) {
            if (weight !== 0) syntaxError('tsvector', text);
            weight = w === 8 ? 3 : w >> 1;
          } else if (c < '0' || c > '9') syntaxError('tsvector', text);
          i++;
        }
        pos.push((weight << 14) | value);
        if (text[i] !== ',') break;
        i++;
      }
    }
    words.push(word);
    positions.push(pos === null ? EMPTY_POSITIONS : Uint16Array.from(pos));
  }
  return normalised(words, positions);
};

/** uniqueentry (tsvector.c): lexemes sorted, repeats merged; positions through uniquePos. */
const normalised = (words: string[], positions: Uint16Array[]): TsVectorData => {
  let sorted = true;
  for (let i = 1; i < words.length && sorted; i++) sorted = compareLexemes(words[i - 1]!, words[i]!) < 0;
  if (sorted) {
    for (let i = 0; i < positions.length; i++) positions[i] = uniquePos(positions[i]!);
    return { words, positions };
  }
  const order = words.map((_, i) => i).sort((a, b) => compareLexemes(words[a]!, words[b]!));
  const outWords: string[] = [];
  const outPositions: Uint16Array[] = [];
  for (const i of order) {
    const last = outWords.length - 1;
    if (last >= 0 && outWords[last] === words[i]) {
      const merged = new Uint16Array(outPositions[last]!.length + positions[i]!.length);
      merged.set(outPositions[last]!);
      merged.set(positions[i]!, outPositions[last]!.length);
      outPositions[last] = merged;
    } else {
      outWords.push(words[i]!);
      outPositions.push(positions[i]!);
    }
  }
  for (let i = 0; i < outPositions.length; i++) outPositions[i] = uniquePos(outPositions[i]!);
  return { words: outWords, positions: outPositions };
};

/**
 * uniquePos (tsvector.c): sorted by position, one entry per position with the highest of its
 * weights, at most MAXNUMPOS, nothing after position MAXENTRYPOS - 1. (PostgreSQL sorts with its
 * qsort, stable for the few positions a hand-written vector has; this sort is stable.)
 */
const uniquePos = (a: Uint16Array): Uint16Array => {
  let ordered = a.length <= MAXNUMPOS;
  for (let i = 1; i < a.length && ordered; i++) ordered = (a[i - 1]! & POS_MASK) < (a[i]! & POS_MASK);
  if (ordered) return a;
  const s = Array.from(a).sort((x, y) => (x & POS_MASK) - (y & POS_MASK));
  const out: number[] = [s[0]!];
  for (let i = 1; i < s.length; i++) {
    const last = out.length - 1;
    const v = s[i]!;
    if ((v & POS_MASK) !== (out[last]! & POS_MASK)) {
      out.push(v);
      if (out.length >= MAXNUMPOS || (v & POS_MASK) === MAXENTRYPOS - 1) break;
    } else if (v >> 14 > out[last]! >> 14) out[last] = (out[last]! & POS_MASK) | (v & ~POS_MASK);
  }
  return Uint16Array.from(out);
};

// ---------------------------------------------------------------------------------------------
// tsquery text

type Token =
  | { t: 'term'; word: string; prefix: boolean; weights: number }
  | { t: 'op'; op: 'and' | 'or' | 'phrase'; distance: number }
  | { t: 'not' }
  | { t: 'open' }
  | { t: 'close' };

const PRIORITY = { or: 1, and: 2, phrase: 3 } as const;

/** gettoken_query_standard, parse_phrase_operator and get_modifiers (tsquery.c), over tsqueryout's text. */
const tokens = (text: string): Token[] => {
  const out: Token[] = [];
  const n = text.length;
  let i = 0;
  while (i < n) {
    const c = text[i]!;
    if (isSpace(c)) {
      i++;
    } else if (c === '!') {
      out.push({ t: 'not' });
      i++;
    } else if (c === '(' || c === ')') {
      out.push({ t: c === '(' ? 'open' : 'close' });
      i++;
    } else if (c === '&' || c === '|') {
      out.push({ t: 'op', op: c === '&' ? 'and' : 'or', distance: 0 });
      i++;
    } else if (c === '<') {
      const m = /^<(-|\d+)>/.exec(text.slice(i, i + 8));
      if (!m) syntaxError('tsquery', text);
      const distance = m![1] === '-' ? 1 : Number(m![1]);
      if (distance > MAXENTRYPOS) {
        throw new Error(
          `distance in phrase operator must be an integer value between zero and ${MAXENTRYPOS} inclusive`,
        );
      }
      out.push({ t: 'op', op: 'phrase', distance });
      i += m![0].length;
    } else {
      // The operand, as gettoken_tsvector reads it with operators as delimiters.
      const read = readWord(text, i, 'tsquery', '!&|():');
      const word = read.word;
      i = read.end;
      if (word === '') syntaxError('tsquery', text);
      let prefix = false;
      let weights = 0;
      if (text[i] === ':') {
        i++;
        for (;;) {
          const d = text[i];
          if (d === '*') prefix = true;
          else if (d !== undefined && 'dDcCbBaA'.includes(d)) weights |= 1 << ('dDcCbBaA'.indexOf(d) >> 1);
          else break;
          i++;
        }
      }
      out.push({ t: 'term', word, prefix, weights });
    }
  }
  return out;
};

/**
 * PostgreSQL's tsquery text (tsqueryout's) to a tree. Operators bind as makepol does: `!` tighter
 * than `<->`, tighter than `&`, tighter than `|`, each binary one from the left. The text of an
 * empty query (stop words only) is empty: null.
 */
export const parseTsquery = (text: string): TsQuery | null => {
  const list = tokens(text);
  if (list.length === 0) return null;
  let at = 0;
  const fail = (): never => syntaxError('tsquery', text);
  const unary = (): TsQuery => {
    const tok = list[at++];
    if (tok === undefined) return fail();
    if (tok.t === 'not') return { kind: 'not', arg: unary() };
    if (tok.t === 'open') {
      const inner = binary(0);
      if (list[at++]?.t !== 'close') fail();
      return inner;
    }
    if (tok.t === 'term') return { kind: 'term', word: tok.word, prefix: tok.prefix, weights: tok.weights };
    return fail();
  };
  const binary = (min: number): TsQuery => {
    let left = unary();
    for (;;) {
      const tok = list[at];
      if (tok?.t !== 'op' || PRIORITY[tok.op] < min) return left;
      at++;
      const right = binary(PRIORITY[tok.op] + 1);
      left =
        tok.op === 'phrase'
          ? { kind: 'phrase', left, right, distance: tok.distance }
          : { kind: tok.op, left, right };
    }
  };
  const tree = binary(0);
  if (at !== list.length) fail();
  return tree;
};

const hasPrefix = (q: TsQuery): boolean =>
  q.kind === 'term'
    ? q.prefix
    : q.kind === 'not'
      ? hasPrefix(q.arg)
      : hasPrefix(q.left) || hasPrefix(q.right);

/**
 * Whether tsMatches and tsRank answer `q` over a DocLookup that has only positionsOf: every query
 * but one with a prefix term (`:*`, which needs positionsWithPrefix; websearch_to_tsquery never
 * makes one). Phrases, NOT and weight restrictions are all supported.
 */
export const supportsInMemory = (q: TsQuery): boolean => !hasPrefix(q);

// ---------------------------------------------------------------------------------------------
// @@

const prefixLists = (doc: DocLookup, prefix: string): readonly Uint16Array[] => {
  if (!doc.positionsWithPrefix)
    throw new Error(`A prefix term ('${prefix}':*) needs DocLookup.positionsWithPrefix`);
  return doc.positionsWithPrefix(prefix);
};

/** checkclass_str without position data: a weight restriction needs a position of a wanted weight. */
const classMatches = (p: Uint16Array, weights: number): boolean => {
  if (weights === 0 || p.length === 0) return true; // positionless lexemes ignore weights (PostgreSQL's comment)
  for (let j = 0; j < p.length; j++) if (weights & (1 << (p[j]! >> 14))) return true;
  return false;
};

/** checkcondition_str without position data. */
const termMatches = (doc: DocLookup, q: TsQuery & { kind: 'term' }): boolean => {
  if (!q.prefix) {
    const p = doc.positionsOf(q.word);
    return p !== undefined && classMatches(p, q.weights);
  }
  for (const p of prefixLists(doc, q.word)) if (classMatches(p, q.weights)) return true;
  return false;
};

/** TS_execute_recurse (tsvector_op.c) with TS_EXEC_EMPTY: a phrase that can only MAYBE match does not. */
const execute = (doc: DocLookup, q: TsQuery): boolean => {
  switch (q.kind) {
    case 'term':
      return termMatches(doc, q);
    case 'not':
      return !execute(doc, q.arg);
    case 'and':
      return execute(doc, q.left) && execute(doc, q.right);
    case 'or':
      return execute(doc, q.left) || execute(doc, q.right);
    case 'phrase':
      return phraseExecute(doc, q, null) === YES;
  }
};

const NO = 0;
const YES = 1;
const MAYBE = 2;
type Ternary = typeof NO | typeof YES | typeof MAYBE;

/** ExecPhraseData (ts_utils.h): positions are read with WEP_GETPOS, written as uint16. */
interface PhraseData {
  pos: ArrayLike<number>;
  npos: number;
  negate: boolean;
  width: number;
}

const newData = (): PhraseData => ({ pos: EMPTY_POSITIONS, npos: 0, negate: false, width: 0 });

/** checkclass_str with position data. */
const classPositions = (p: Uint16Array, weights: number, data: PhraseData): Ternary => {
  if (p.length === 0) return MAYBE;
  if (weights === 0) {
    data.pos = p;
    data.npos = p.length;
    return YES;
  }
  const kept: number[] = [];
  for (let j = 0; j < p.length; j++) if (weights & (1 << (p[j]! >> 14))) kept.push(p[j]! & POS_MASK);
  if (kept.length === 0) return NO;
  data.pos = kept;
  data.npos = kept.length;
  return YES;
};

/** checkcondition_str with position data (below a phrase operator). */
const termPositions = (doc: DocLookup, q: TsQuery & { kind: 'term' }, data: PhraseData): Ternary => {
  if (!q.prefix) {
    const p = doc.positionsOf(q.word);
    return p === undefined ? NO : classPositions(p, q.weights, data);
  }
  const all: number[] = [];
  for (const p of prefixLists(doc, q.word)) {
    const one = newData();
    const sub = classPositions(p, q.weights, one);
    if (sub === MAYBE) return MAYBE;
    if (sub === YES) for (let j = 0; j < one.npos; j++) all.push(one.pos[j]! & POS_MASK);
  }
  if (all.length === 0) return NO;
  all.sort((a, b) => a - b);
  let n = 1;
  for (let j = 1; j < all.length; j++) if (all[j] !== all[n - 1]) all[n++] = all[j]!;
  all.length = n;
  data.pos = all;
  data.npos = n;
  return YES;
};

const L_ONLY = 1;
const R_ONLY = 2;
const BOTH = 4;

/** TS_phrase_output (tsvector_op.c): merges two position lists; a position is stored as a uint16. */
const phraseOutput = (
  data: PhraseData | null,
  l: PhraseData,
  r: PhraseData,
  emit: number,
  lOffset: number,
  rOffset: number,
): Ternary => {
  let li = 0;
  let ri = 0;
  let out: number[] | null = null;
  while (li < l.npos || ri < r.npos) {
    let lpos: number;
    let rpos: number;
    if (li < l.npos) lpos = (l.pos[li]! & POS_MASK) + lOffset;
    else {
      if (!(emit & R_ONLY)) break;
      lpos = Number.MAX_SAFE_INTEGER;
    }
    if (ri < r.npos) rpos = (r.pos[ri]! & POS_MASK) + rOffset;
    else {
      if (!(emit & L_ONLY)) break;
      rpos = Number.MAX_SAFE_INTEGER;
    }
    let output = 0;
    if (lpos < rpos) {
      if (emit & L_ONLY) output = lpos;
      li++;
    } else if (lpos === rpos) {
      if (emit & BOTH) output = rpos;
      li++;
      ri++;
    } else {
      if (emit & R_ONLY) output = rpos;
      ri++;
    }
    if (output > 0) {
      if (data === null) return YES;
      out ??= [];
      out.push(output & 0xffff);
    }
  }
  if (data !== null && out !== null) {
    data.pos = out;
    data.npos = out.length;
    return YES;
  }
  return NO;
};

/** TS_phrase_execute (tsvector_op.c), without TS_EXEC_SKIP_NOT. */
const phraseExecute = (doc: DocLookup, q: TsQuery, data: PhraseData | null): Ternary => {
  switch (q.kind) {
    case 'term':
      return termPositions(doc, q, data!);
    case 'not': {
      const d = data!;
      const r = phraseExecute(doc, q.arg, d);
      if (r === NO) {
        d.negate = true;
        return YES;
      }
      if (r === MAYBE) return MAYBE;
      if (d.npos > 0) {
        d.negate = !d.negate;
        return YES;
      }
      d.negate = false;
      return NO;
    }
    case 'phrase':
    case 'and': {
      const l = newData();
      const r = newData();
      const lmatch = phraseExecute(doc, q.left, l);
      if (lmatch === NO) return NO;
      const rmatch = phraseExecute(doc, q.right, r);
      if (rmatch === NO) return NO;
      if (lmatch === MAYBE || rmatch === MAYBE) return MAYBE;
      let lOffset: number;
      let rOffset: number;
      if (q.kind === 'phrase') {
        lOffset = q.distance + r.width;
        rOffset = 0;
        if (data) data.width = q.distance + l.width + r.width;
      } else {
        const maxWidth = Math.max(l.width, r.width);
        lOffset = maxWidth - l.width;
        rOffset = maxWidth - r.width;
        if (data) data.width = maxWidth;
      }
      if (l.negate && r.negate) {
        phraseOutput(data, l, r, BOTH | L_ONLY | R_ONLY, lOffset, rOffset);
        if (data) data.negate = true;
        return YES;
      }
      if (l.negate) return phraseOutput(data, l, r, R_ONLY, lOffset, rOffset);
      if (r.negate) return phraseOutput(data, l, r, L_ONLY, lOffset, rOffset);
      return phraseOutput(data, l, r, BOTH, lOffset, rOffset);
    }
    case 'or': {
      const d = data!;
      const l = newData();
      const r = newData();
      const lmatch = phraseExecute(doc, q.left, l);
      const rmatch = phraseExecute(doc, q.right, r);
      if (lmatch === NO && rmatch === NO) return NO;
      if (lmatch === MAYBE || rmatch === MAYBE) return MAYBE;
      if (lmatch === NO) l.width = 0;
      if (rmatch === NO) r.width = 0;
      const maxWidth = Math.max(l.width, r.width);
      const lOffset = maxWidth - l.width;
      const rOffset = maxWidth - r.width;
      d.width = maxWidth;
      if (l.negate && r.negate) {
        phraseOutput(d, l, r, BOTH, lOffset, rOffset);
        d.negate = true;
        return YES;
      }
      if (l.negate) {
        phraseOutput(d, l, r, L_ONLY, lOffset, rOffset);
        d.negate = true;
        return YES;
      }
      if (r.negate) {
        phraseOutput(d, l, r, R_ONLY, lOffset, rOffset);
        d.negate = true;
        return YES;
      }
      return phraseOutput(d, l, r, BOTH | L_ONLY | R_ONLY, lOffset, rOffset);
    }
  }
};

/** `vector @@ query` (ts_match_vq). */
export const tsMatches = (doc: DocLookup, q: TsQuery): boolean => execute(doc, q);

// ---------------------------------------------------------------------------------------------
// ts_rank

/** ts_rank's default weights (tsrank.c `weights`), float4, by WEP_GETWEIGHT: D, C, B, A. */
const WEIGHTS = Float32Array.of(0.1, 0.2, 0.4, 1.0);

const TINY = Math.fround(1e-20);
const FAR = Math.fround(1e-30);

/**
 * word_distance (tsrank.c) for 1..100 (float4); beyond 100 it is 1e-30. Math.exp may differ from C's
 * exp in a double's last bit, never in these floats (the test checks every distance).
 */
const WORD_DISTANCE = new Float32Array(101);
for (let w = 1; w <= 100; w++) WORD_DISTANCE[w] = 1.0 / (1.005 + 0.05 * Math.exp(Math.fround(w) / 1.5 - 2));

/** calc_rank_or's POSNULL: one position 0 of weight D. */
const POSNULL_OR = Uint16Array.of(0);
/** calc_rank_and's POSNULL: one position MAXENTRYPOS - 1 of weight D. */
const POSNULL_AND = Uint16Array.of(MAXENTRYPOS - 1);

/**
 * One lexeme's term of calc_rank_or's sum (a double, added to the float4 `res`): sum(w_j / j^2)
 * with the largest weight moved first, over pi^2 / 6. C's float4 steps are Math.fround here.
 */
const orTerm = (positions: Uint16Array): number => {
  const p = positions.length === 0 ? POSNULL_OR : positions;
  let resj = 0;
  let wjm = -1;
  let jm = 0;
  for (let j = 0; j < p.length; j++) {
    const w = WEIGHTS[p[j]! >> 14]!;
    resj = Math.fround(resj + Math.fround(w / ((j + 1) * (j + 1))));
    if (w > wjm) {
      wjm = w;
      jm = j;
    }
  }
  return Math.fround(Math.fround(wjm + resj) - Math.fround(wjm / ((jm + 1) * (jm + 1)))) / 1.64493406685;
};

/**
 * One lexeme's contribution to calc_rank_or (tsrank.c) before the division by the number of
 * query items: the float4 `res` after adding this lexeme to 0. For a query of one distinct word
 * (any operators around it: `'a'`, `'a' & 'a'`), `tsRank` of a document that has the word is
 * exactly `termRankOr(its positions)` (0 when it lacks it). Positionless: the empty array.
 */
export const termRankOr = (positions: Uint16Array): number => Math.fround(orTerm(positions));

/** SortAndUniqItems (tsrank.c): the query's operands, NOT'ed ones too, sorted and without repeats. */
const rankItems = (q: TsQuery): { words: string[]; prefix: boolean[] } => {
  const terms: (TsQuery & { kind: 'term' })[] = [];
  // QueryItem order (polish notation, the right operand first), which decides which of two equal
  // words with different prefix flags is kept.
  const walk = (n: TsQuery) => {
    if (n.kind === 'term') terms.push(n);
    else if (n.kind === 'not') walk(n.arg);
    else {
      walk(n.right);
      walk(n.left);
    }
  };
  walk(q);
  const sorted = terms
    .map((t, i) => ({ t, i }))
    .sort((a, b) => compareLexemes(a.t.word, b.t.word) || a.i - b.i)
    .map((x) => x.t);
  const words: string[] = [];
  const prefix: boolean[] = [];
  for (const t of sorted) {
    if (words.length > 0 && words[words.length - 1] === t.word) continue;
    words.push(t.word);
    prefix.push(t.prefix);
  }
  return { words, prefix };
};

/** What ts_rank needs of a query, worked out once per query. */
class RankPlan {
  readonly words: string[];
  readonly prefix: boolean[];
  /** calc_rank: calc_rank_and when the top operator is AND or PHRASE. */
  readonly and: boolean;
  // calc_rank_and's pos[] and whether each is POSNULL, reused from document to document.
  private readonly pos: (Uint16Array | null)[];
  private readonly posNull: Uint8Array;

  constructor(q: TsQuery) {
    const items = rankItems(q);
    this.words = items.words;
    this.prefix = items.prefix;
    this.and = q.kind === 'and' || q.kind === 'phrase';
    this.pos = new Array<Uint16Array | null>(items.words.length).fill(null);
    this.posNull = new Uint8Array(items.words.length);
  }

  /** calc_rank (tsrank.c), normalization 0. */
  rank(doc: DocLookup): number {
    if (doc.isEmpty?.()) return 0;
    const res = this.and && this.words.length >= 2 ? this.rankAnd(doc) : this.rankOr(doc);
    return res < 0 ? TINY : res;
  }

  /** calc_rank_or (tsrank.c). */
  private rankOr(doc: DocLookup): number {
    const size = this.words.length;
    let res = 0;
    for (let i = 0; i < size; i++) {
      if (this.prefix[i]) {
        for (const p of prefixLists(doc, this.words[i]!)) res = Math.fround(res + orTerm(p));
      } else {
        const p = doc.positionsOf(this.words[i]!);
        if (p !== undefined) res = Math.fround(res + orTerm(p));
      }
    }
    return size > 0 ? Math.fround(res / size) : res;
  }

  /** calc_rank_and (tsrank.c), for two or more distinct items. */
  private rankAnd(doc: DocLookup): number {
    const size = this.words.length;
    const pos = this.pos;
    pos.fill(null);
    let res = -1;
    for (let i = 0; i < size; i++) {
      if (this.prefix[i]) {
        for (const p of prefixLists(doc, this.words[i]!)) res = this.pairWith(i, p, res);
      } else {
        const p = doc.positionsOf(this.words[i]!);
        if (p !== undefined) res = this.pairWith(i, p, res);
      }
    }
    return res;
  }

  /** One entry of item i in calc_rank_and: its positions paired with those of every earlier item. */
  private pairWith(i: number, positions: Uint16Array, resIn: number): number {
    let res = resIn;
    const isNull = positions.length === 0;
    const post = isNull ? POSNULL_AND : positions;
    this.pos[i] = post;
    this.posNull[i] = isNull ? 1 : 0;
    for (let k = 0; k < i; k++) {
      const ct = this.pos[k];
      if (ct === null || ct === undefined) continue;
      const eitherNull = isNull || this.posNull[k] === 1;
      for (let l = 0; l < post.length; l++) {
        const a = post[l]!;
        for (let p = 0; p < ct.length; p++) {
          const b = ct[p]!;
          let dist = Math.abs((a & POS_MASK) - (b & POS_MASK));
          if (dist === 0) {
            if (!eitherNull) continue;
            dist = MAXENTRYPOS;
          }
          const wd = dist > 100 ? FAR : WORD_DISTANCE[dist]!;
          const curw = Math.fround(
            Math.sqrt(Math.fround(Math.fround(WEIGHTS[a >> 14]! * WEIGHTS[b >> 14]!) * wd)),
          );
          res = res < 0 ? curw : Math.fround(1.0 - (1.0 - res) * (1.0 - curw));
        }
      }
    }
    return res;
  }
}

const plans = new WeakMap<TsQuery, RankPlan>();
let lastQuery: TsQuery | null = null;
let lastPlan: RankPlan | null = null;

const planOf = (q: TsQuery): RankPlan => {
  if (q === lastQuery) return lastPlan!;
  let plan = plans.get(q);
  if (!plan) {
    plan = new RankPlan(q);
    plans.set(q, plan);
  }
  lastQuery = q;
  lastPlan = plan;
  return plan;
};

/**
 * `ts_rank(vector, query)` (ts_rank_tt: default weights {0.1, 0.2, 0.4, 1.0}, normalization 0), a
 * float4 as PostgreSQL computes it, bit for bit. As in PostgreSQL the query's operators only choose
 * between calc_rank_and (AND or phrase at the top) and calc_rank_or; every operand counts, NOT'ed
 * ones too, and weight restrictions do not.
 */
export const tsRank = (doc: DocLookup, q: TsQuery): number => planOf(q).rank(doc);
