import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { rowsOf } from '../src/lib/sql.ts';
import { foldText } from '../src/modules/catalogue/service.ts';
import {
  compareLexemes,
  type DocLookup,
  parseTsquery,
  parseTsvector,
  supportsInMemory,
  type TsQuery,
  type TsVectorData,
  termRankOr,
  tsMatches,
  tsRank,
} from '../src/modules/search/pg-text.ts';
import { trigramsOf, wordSimilarity, wordSimilarityTo } from '../src/modules/search/pg-trigram.ts';
import { openTestDatabase } from './harness.ts';

/**
 * The in-memory text search (pg-text.ts, pg-trigram.ts) against the database itself: every demo
 * good and a few hundred keywords, hand-built vectors and queries, and trigram similarities, each
 * compared with what PostgreSQL answers in the same case (one statement per batch). Floats are
 * compared exactly: PostgreSQL's float4 read as float8 is the float itself.
 */

let database: Database;
let drop: () => Promise<void>;
let goods: { id: number; nameNorm: string; vectorText: string; vector: TsVectorData }[];
let names: string[];
let descriptions: string[];

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase({ seeded: true }));
  const rows = await rowsOf<{ id: number; name: string; name_norm: string; v: string; description: string }>(
    database.db,
    sql`select id, name, name_norm, search_vector::text as v, description from goods order by id`,
  );
  goods = rows.map((r) => ({ id: r.id, nameNorm: r.name_norm, vectorText: r.v, vector: parseTsvector(r.v) }));
  names = rows.map((r) => r.name);
  descriptions = rows.map((r) => r.description.replace(/<[^>]*>/g, ' ').replace(/&[#a-zA-Z0-9]+;/g, ' '));
});
afterAll(async () => {
  await database.close();
  await drop();
});

const json = (values: unknown[]) => JSON.stringify(values);

/** A DocLookup over a parsed vector, with the optional parts too (prefix terms, empty vectors). */
const lookupOf = (v: TsVectorData): DocLookup => {
  const byWord = new Map(v.words.map((w, i) => [w, v.positions[i]!]));
  return {
    positionsOf: (w) => byWord.get(w),
    positionsWithPrefix: (p) => v.words.flatMap((w, i) => (w.startsWith(p) ? [v.positions[i]!] : [])),
    isEmpty: () => v.words.length === 0,
  };
};

/** tsqueryout's infix (tsquery.c), to check that a parsed tree prints back as PostgreSQL's text. */
const PRIORITY = { or: 1, and: 2, phrase: 3 } as const;
const formatTsquery = (q: TsQuery, parent = -1, rightPhrase = false): string => {
  if (q.kind === 'term') {
    const weights = ['A', 'B', 'C', 'D'].filter((_, i) => q.weights & (8 >> i)).join('');
    const mods = q.prefix || q.weights ? `:${q.prefix ? '*' : ''}${weights}` : '';
    return `'${q.word.replace(/['\\]/g, (c) => c + c)}'${mods}`;
  }
  if (q.kind === 'not') return `!${formatTsquery(q.arg, 4)}`;
  const priority = PRIORITY[q.kind];
  const op =
    q.kind !== 'phrase' ? (q.kind === 'and' ? '&' : '|') : q.distance === 1 ? '<->' : `<${q.distance}>`;
  const text = `${formatTsquery(q.left, priority)} ${op} ${formatTsquery(q.right, priority, q.kind === 'phrase')}`;
  return priority < parent || (q.kind === 'phrase' && rightPhrase) ? `( ${text} )` : text;
};

/** The words of tsvectorout's text in the order printed (no re-sorting). */
const printedWords = (text: string) =>
  [...text.matchAll(/'((?:[^'\\]|''|\\.)*)'/g)].map((m) => m[1]!.replace(/''/g, "'").replace(/\\(.)/g, '$1'));

const mulberry32 = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

const wordsOf = (text: string) => text.match(/[\p{L}\p{N}]+(?:[-'’.][\p{L}\p{N}]+)*/gu) ?? [];

/** Keywords as shoppers type them, drawn from the demo goods' names and descriptions. */
const keywordsFrom = (nameList: string[], descriptionList: string[]): string[] => {
  const rnd = mulberry32(23);
  const pick = <T>(a: T[]): T => a[Math.floor(rnd() * a.length)]!;
  const nameWords = nameList.map(wordsOf).filter((w) => w.length > 0);
  const descWords = descriptionList.map(wordsOf).filter((w) => w.length > 2);
  const anyName = () => pick(pick(nameWords));
  const anyDesc = () => pick(pick(descWords));
  const run = (list: string[][], n: number) => {
    const words = pick(list.filter((w) => w.length >= n));
    const at = Math.floor(rnd() * (words.length - n + 1));
    return words.slice(at, at + n);
  };
  const out: string[] = [];
  for (let i = 0; i < 30; i++) out.push(anyName());
  for (let i = 0; i < 15; i++) out.push(anyDesc());
  for (let i = 0; i < 30; i++) out.push(`${anyName()} ${anyName()}`);
  for (let i = 0; i < 15; i++) out.push(run(nameWords, 2).join(' '));
  for (let i = 0; i < 15; i++) out.push(`${anyName()} ${anyDesc()} ${anyName()}`);
  for (let i = 0; i < 15; i++) out.push(`${anyName()} or ${anyName()}`);
  for (let i = 0; i < 15; i++) out.push(run(nameWords, 2).join(' -'));
  for (let i = 0; i < 8; i++) out.push(`${anyName()} -${anyDesc()}`);
  for (let i = 0; i < 15; i++) out.push(`"${run(nameWords, 2).join(' ')}"`);
  for (let i = 0; i < 8; i++) out.push(`"${run(nameWords, 2).reverse().join(' ')}"`);
  for (let i = 0; i < 15; i++) out.push(`"${run(descWords, 3 + (i % 3)).join(' ')}"`);
  for (let i = 0; i < 8; i++) out.push(`-${anyName()}`);
  for (let i = 0; i < 4; i++) out.push(`-${anyName()} -${anyName()}`);
  for (let i = 0; i < 10; i++) out.push(`"${run(nameWords, 2).join(' ')}" or ${anyName()} -${anyDesc()}`);
  for (let i = 0; i < 8; i++)
    out.push(`${anyName()} "${run(descWords, 2).join(' ')}" or "${run(nameWords, 3).join(' ')}"`);
  const hyphenated = [...new Set([...nameWords.flat(), ...descWords.flat()].filter((w) => /[-'’.]/.test(w)))];
  for (let i = 0; i < Math.min(15, hyphenated.length); i++) out.push(pick(hyphenated));
  const numbers = [...new Set(nameWords.flat().filter((w) => /\d/.test(w)))];
  for (let i = 0; i < Math.min(8, numbers.length); i++) out.push(pick(numbers));
  out.push(
    'the',
    'of and the',
    'a',
    '"the of"',
    '-the',
    'zzqxv',
    'qwertyuiop lantern',
    'lantern -zzqxv',
    't-shirt',
    'wi-fi 3.5mm',
    'e-bike "t-shirt"',
    'KŌRIMAKO Mānuka',
    'mānuka',
    'café crème',
    '2024',
    '40 l',
    '(no. 65701)',
    "it's",
    "m&m's",
    'a & b',
    '!red',
    '(lamp)',
    'lamp | light',
    'or',
    'lamp or',
    'or lamp',
    '-',
    '""',
    '"unclosed quote',
    '"a"',
    '- - -',
    'lamp:*',
    'lamp:A',
    'red <-> lamp',
    'x'.repeat(30),
    'kauri kauri kauri',
    '"kauri kauri"',
    'gift -gift',
    'gift or -gift',
  );
  return out;
};

describe('tsvector and tsquery text', () => {
  it('reads words, quotes, escapes, positions and weights as tsvectorin does', () => {
    expect(parseTsvector('')).toEqual({ words: [], positions: [] });
    expect(parseTsvector("'lantern':2A,7 'zorblax':1A")).toEqual({
      words: ['lantern', 'zorblax'],
      positions: [Uint16Array.of((3 << 14) | 2, 7), Uint16Array.of((3 << 14) | 1)],
    });
    expect(parseTsvector("'it''s':1B 'a\\\\b':2C 'x y' plain:3d")).toEqual({
      words: ['a\\b', "it's", 'plain', 'x y'],
      positions: [
        Uint16Array.of((1 << 14) | 2),
        Uint16Array.of((2 << 14) | 1),
        Uint16Array.of(3),
        new Uint16Array(0),
      ],
    });
    // Repeats merged (the higher weight wins), positions sorted, clamped to 16383 and cut at 256.
    expect(parseTsvector("'b':5,2B,5A 'a':20000,3 'b':1")).toEqual({
      words: ['a', 'b'],
      positions: [Uint16Array.of(3, 16383), Uint16Array.of(1, (2 << 14) | 2, (3 << 14) | 5)],
    });
    const many = Array.from({ length: 300 }, (_, i) => i + 1).join(',');
    expect(parseTsvector(`'a':${many}`).positions[0]!.length).toBe(256);
    expect(() => parseTsvector("'a':0")).toThrow(/position/);
    expect(() => parseTsvector("'unclosed")).toThrow(/syntax/);
  });

  it('reads tsqueryout text into a tree', () => {
    expect(parseTsquery('')).toBeNull();
    const term = (word: string, prefix = false, weights = 0): TsQuery => ({
      kind: 'term',
      word,
      prefix,
      weights,
    });
    expect(parseTsquery("'zorblax' & ( 'lantern' | 'lamp' ) & !'red'")).toEqual({
      kind: 'and',
      left: {
        kind: 'and',
        left: term('zorblax'),
        right: { kind: 'or', left: term('lantern'), right: term('lamp') },
      },
      right: { kind: 'not', arg: term('red') },
    });
    expect(parseTsquery("'t-shirt' <-> 't' <2> 'shirt'")).toEqual({
      kind: 'phrase',
      left: { kind: 'phrase', left: term('t-shirt'), right: term('t'), distance: 1 },
      right: term('shirt'),
      distance: 2,
    });
    expect(parseTsquery("!'a' <-> 'b' & 'c':*AB | 'it''s':D")).toEqual({
      kind: 'or',
      left: {
        kind: 'and',
        left: { kind: 'phrase', left: { kind: 'not', arg: term('a') }, right: term('b'), distance: 1 },
        right: term('c', true, 12),
      },
      right: term("it's", false, 1),
    });
    expect(supportsInMemory(parseTsquery("'a' & 'b' <-> !'c'")!)).toBe(true);
    expect(supportsInMemory(parseTsquery("'a' & 'b':*")!)).toBe(false);
    expect(() => parseTsquery("'a' &")).toThrow(/syntax/);
  });
});

describe('@@ and ts_rank against PostgreSQL', () => {
  it('hand-built vectors and queries', async () => {
    const seq = (n: number, f: (i: number) => number) => Array.from({ length: n }, (_, i) => f(i)).join(',');
    const vectors = [
      '',
      "'a':1A 'b':2 'c':3B,5C",
      "'a':1 'b':3 'c':2",
      "'a' 'b' 'c'",
      "'a':1 'b' 'c':3",
      "'a' 'b':2 'c':4B",
      "'a':3,1,3B,2,2C 'b':2,2,4 'c':5,5",
      "'a':20000,30000,1 'b':16383,5 'c':16382B",
      "'a':16383 'b':16383 'c':16383",
      "'a':16383 'd':1 'c':16382",
      `'a':${seq(300, (i) => i + 1)} 'b':${seq(300, (i) => 2 * i + 2)}B 'c':${seq(256, (i) => 3 * i + 1)}A`,
      "'a':1 'a':2 b:3 a:4 'b':5A",
      "'it''s':1 'a\\\\b':2 'x y':3 'a':4",
      "'a':1 'b':150 'c':99",
      "'a':1A,3B,5C,7 'b':2A,4B,6C,8 'c':9",
      "'lamp':1 'lamplight':2A 'lampshade':3 'lan':4 'a':5 'b':6",
      "'lamp' 'lamplight':2 'lampshade' 'a':1",
      "'é':2 'ĳ':1 '中':3 '𝒜':4 '\uE000':5 'a':6 'b':7",
    ];
    const queries = [
      "'a'",
      "'a' & 'b'",
      "'a' | 'b'",
      "'a' & 'b' & 'c'",
      "'a' | 'b' | 'c' | 'x'",
      "'a' <-> 'b'",
      "'b' <-> 'a'",
      "'a' <2> 'c'",
      "'a' <0> 'a'",
      "'a' <-> 'b' <-> 'c'",
      "'a' <-> ( 'b' <-> 'c' )",
      "( 'a' & 'b' ) <-> 'c'",
      "'a' <-> ( 'b' | 'c' )",
      "( 'a' | !'b' ) <-> 'c'",
      "'a' <-> !'b'",
      "!'a' <-> 'b'",
      "!'a' <-> !'b'",
      "!( 'a' <-> 'b' )",
      "!'a'",
      "!'x'",
      "'a' & !'b'",
      "!'a' & !'b'",
      "!'a' | !'c'",
      "'a' & ( 'b' | !'c' )",
      "'a' & 'a'",
      "'a' & 'x'",
      "'x' & 'y'",
      "'a':A",
      "'a':B & 'b'",
      "'a':AB <-> 'b':C",
      "'b':D | 'c':BC",
      "'c':*",
      "'lamp':*",
      "'lamp':* & 'lan':*",
      "'lamp':* <-> 'lampshade'",
      "'lamp':*A & 'b'",
      "'a' & 'a':*",
      "'it''s' <-> 'a\\\\b'",
      "'x y' | 'é' & '中' & '𝒜'",
      "'a' <16384> 'b'",
      "( 'a' <-> !'x' ) <-> 'd'",
      "'c' <-> 'a' <-> 'd'",
    ];
    const rows = await rowsOf<{ vi: number; qi: number; vt: string; qt: string; m: boolean; r: number }>(
      database.db,
      sql`select v.ord::int as vi, q.ord::int as qi, v.t::tsvector::text as vt, q.t::tsquery::text as qt,
            v.t::tsvector @@ q.t::tsquery as m, ts_rank(v.t::tsvector, q.t::tsquery)::float8 as r
          from json_array_elements_text(${json(vectors)}::json) with ordinality v(t, ord),
               json_array_elements_text(${json(queries)}::json) with ordinality q(t, ord)`,
    );
    expect(rows.length).toBe(vectors.length * queries.length);
    const failures: unknown[] = [];
    for (const row of rows) {
      const raw = vectors[row.vi - 1]!;
      const vector = parseTsvector(raw);
      const query = parseTsquery(queries[row.qi - 1]!)!;
      if (row.qi === 1) {
        expect(parseTsvector(row.vt), raw).toEqual(vector);
        expect(printedWords(row.vt)).toEqual(vector.words);
      }
      if (row.vi === 1) expect(formatTsquery(parseTsquery(row.qt)!)).toBe(row.qt);
      const doc = lookupOf(vector);
      const m = tsMatches(doc, query);
      const r = tsRank(doc, query);
      if (m !== row.m || r !== row.r)
        failures.push({ vector: row.vt, query: row.qt, pg: [row.m, row.r], mine: [m, r] });
    }
    expect(failures).toEqual([]);
  });

  it('word_distance at every distance, with every pair of weights', async () => {
    const vectors = Array.from(
      { length: 105 },
      (_, d) => `'a':1A,200C 'b':${d + 2}B 'c':${d + 2},${d + 250}`,
    );
    const queries = ["'a' & 'b'", "'a' & 'c'", "'b' & 'c'", "'a' & 'b' & 'c'"];
    const rows = await rowsOf<{ vi: number; qi: number; r: number }>(
      database.db,
      sql`select v.ord::int as vi, q.ord::int as qi, ts_rank(v.t::tsvector, q.t::tsquery)::float8 as r
          from json_array_elements_text(${json(vectors)}::json) with ordinality v(t, ord),
               json_array_elements_text(${json(queries)}::json) with ordinality q(t, ord)`,
    );
    const mine = rows.map((row) =>
      tsRank(lookupOf(parseTsvector(vectors[row.vi - 1]!)), parseTsquery(queries[row.qi - 1]!)!),
    );
    expect(mine).toEqual(rows.map((row) => row.r));
  });

  it('every demo good and a few hundred keywords, as the shop searches', async () => {
    const keywords = keywordsFrom(names, descriptions);
    const rows = await rowsOf<{ ord: number; q: string; matched: number[] | null; ranks: number[] }>(
      database.db,
      // r materialised: sorting for array_agg would otherwise carry every search_vector along.
      sql`with k as materialized (
            select t.ord::int as ord, websearch_to_tsquery('english', mall_unaccent(t.kw)) as q
            from json_array_elements_text(${json(keywords)}::json) with ordinality t(kw, ord)
          ), r as materialized (
            select k.ord, k.q::text as q, g.id, g.search_vector @@ k.q as m,
              ts_rank(g.search_vector, k.q)::float8 as rank
            from goods g cross join k
          )
          select ord, q, array_agg(id order by id) filter (where m) as matched,
            array_agg(rank order by id) as ranks
          from r group by ord, q order by ord`,
    );
    expect(rows.length).toBe(keywords.length);
    expect(goods.length).toBeGreaterThan(100);
    const docs = goods.map((g) => lookupOf(g.vector));
    const failures: unknown[] = [];
    let compared = 0;
    let matchedCount = 0;
    const shapes = new Set<string>();
    for (const row of rows) {
      const query = parseTsquery(row.q);
      if (query === null) {
        expect(row.q).toBe('');
        expect(row.matched).toBeNull();
        expect(row.ranks.every((r) => r === 0)).toBe(true);
        continue;
      }
      expect(formatTsquery(query)).toBe(row.q);
      shapes.add(row.q.replace(/'(?:[^']|'')*'/g, 'w'));
      const pgMatched = new Set(row.matched ?? []);
      matchedCount += pgMatched.size;
      for (let i = 0; i < goods.length; i++) {
        const m = tsMatches(docs[i]!, query);
        const r = tsRank(docs[i]!, query);
        compared++;
        if (m !== pgMatched.has(goods[i]!.id) || r !== row.ranks[i]) {
          failures.push({
            keyword: keywords[row.ord - 1],
            query: row.q,
            good: goods[i]!.id,
            pg: [pgMatched.has(goods[i]!.id), row.ranks[i]],
            mine: [m, r],
          });
        }
      }
    }
    expect(failures.slice(0, 10)).toEqual([]);
    expect(compared).toBeGreaterThan(50_000);
    expect(matchedCount).toBeGreaterThan(1000);
    // The keywords reach the query shapes the shop meets: phrases with gaps, OR, NOT.
    expect([...shapes].some((s) => s.includes('<2>'))).toBe(true);
    expect([...shapes].some((s) => s.includes('|') && s.includes('!') && s.includes('<->'))).toBe(true);
  });

  it('termRankOr is the rank of a one-word query, and PostgreSQL orders lexemes as compareLexemes', () => {
    let checked = 0;
    const failures: unknown[] = [];
    for (const g of goods) {
      const printed = printedWords(g.vectorText);
      if (printed.join(' ') !== g.vector.words.join(' ')) failures.push({ good: g.id, printed });
      const doc = lookupOf(g.vector);
      g.vector.words.forEach((word, i) => {
        const one: TsQuery = { kind: 'term', word, prefix: false, weights: 0 };
        const twice: TsQuery = { kind: 'and', left: one, right: one };
        const rank = termRankOr(g.vector.positions[i]!);
        if (tsRank(doc, one) !== rank || tsRank(doc, twice) !== rank) failures.push({ good: g.id, word });
        checked++;
      });
    }
    expect(failures.slice(0, 10)).toEqual([]);
    expect(checked).toBeGreaterThan(10_000);
    expect(['b', 'a', 'ab', '\uE000', '𝒜', 'é', 'z'].sort(compareLexemes)).toEqual([
      'a',
      'ab',
      'b',
      'z',
      'é',
      '\uE000',
      '𝒜',
    ]);
  });
});

describe('word_similarity against pg_trgm', () => {
  it('keywords against every demo good name', async () => {
    const rnd = mulberry32(7);
    const typo = (w: string) => {
      const at = Math.floor(rnd() * w.length);
      const kind = Math.floor(rnd() * 3);
      if (kind === 0) return w.slice(0, at) + w.slice(at + 1);
      if (kind === 1 && at + 1 < w.length) return w.slice(0, at) + w[at + 1] + w[at] + w.slice(at + 2);
      return w.slice(0, at) + 'qxz'[Math.floor(rnd() * 3)] + w.slice(at + 1);
    };
    const keywords = keywordsFrom(names, descriptions).filter((_, i) => i % 3 === 0);
    const nameWords = names.flatMap(wordsOf);
    for (let i = 0; i < 60; i++) keywords.push(typo(nameWords[Math.floor(rnd() * nameWords.length)]!));
    for (let i = 0; i < 20; i++)
      keywords.push(nameWords[Math.floor(rnd() * nameWords.length)]!.slice(0, 3 + (i % 3)));
    for (let i = 0; i < 10; i++) keywords.push(names[Math.floor(rnd() * names.length)]!);
    keywords.push('', ' ', '-', 'a', 'ab', '12', 'x-ray', "o'neil", 'žluť', '中文', 'ĳssel', 'kōrimako');
    const folded = keywords.map(foldText);
    const rows = await rowsOf<{ ord: number; s: number[] }>(
      database.db,
      sql`select k.ord::int as ord, array_agg(word_similarity(k.q, g.name_norm)::float8 order by g.id) as s
          from json_array_elements_text(${json(folded)}::json) with ordinality k(q, ord) cross join goods g
          where g.id % 3 = 0
          group by k.ord order by k.ord`,
    );
    const failures: unknown[] = [];
    let compared = 0;
    let close = 0;
    const some = goods.filter((g) => g.id % 3 === 0);
    for (const row of rows) {
      const similarity = wordSimilarityTo(folded[row.ord - 1]!);
      some.forEach((g, i) => {
        const s = similarity(g.nameNorm);
        compared++;
        if (s >= 0.5) close++;
        if (s !== row.s[i])
          failures.push({ query: folded[row.ord - 1], name: g.nameNorm, pg: row.s[i], mine: s });
      });
    }
    expect(failures.slice(0, 10)).toEqual([]);
    expect(compared).toBeGreaterThan(50_000);
    expect(close).toBeGreaterThan(500);
  });

  it('punctuation, digits, other scripts and case, and trigrams as show_trgm has them', async () => {
    const strings = [
      'zorblax lantern',
      'Zorblax LANTERN 2000',
      'lantern-zorblax',
      "o'neil's wool",
      'a',
      'ab cd',
      '3.5mm jack (no. 65701)',
      '40 l',
      'kōrimako mānuka drops',
      'korimako manuka',
      'žluťoučký kůň',
      'ŽLUŤOUČKÝ KŮŇ',
      '中文字 中文',
      'Ελληνικά λέξη',
      'русский текст',
      'ĳssel stroopwafel',
      'emoji 🙂 lamp',
      '𝒜lpha beta',
      'x²y',
      'snake_case words',
      '',
      '   ',
      '--',
    ];
    const rows = await rowsOf<{ qi: number; ti: number; s: number }>(
      database.db,
      sql`select q.ord::int as qi, t.ord::int as ti, word_similarity(q.s, t.s)::float8 as s
          from json_array_elements_text(${json(strings)}::json) with ordinality q(s, ord),
               json_array_elements_text(${json(strings)}::json) with ordinality t(s, ord)`,
    );
    const mine = rows.map((row) => wordSimilarity(strings[row.qi - 1]!, strings[row.ti - 1]!));
    expect(mine).toEqual(rows.map((row) => row.s));

    const shown = await rowsOf<{ t: string[] }>(
      database.db,
      sql`select show_trgm(s) as t from json_array_elements_text(${json(strings)}::json) with ordinality x(s, ord) order by ord`,
    );
    const asInt = (t: string) =>
      /^0x[0-9a-f]{6}$/.test(t)
        ? Number.parseInt(t.slice(2), 16)
        : [...t].reduce((v, c) => (v << 8) | c.charCodeAt(0), 0);
    shown.forEach((row, i) => {
      expect(trigramsOf(strings[i]!), strings[i]).toEqual(
        [...new Set(row.t.map(asInt))].sort((a, b) => a - b),
      );
    });
  });
});
