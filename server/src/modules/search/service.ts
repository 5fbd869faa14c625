import { SUGGESTIONS_LIMIT } from '@mall/shared/contract/catalogue';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../lib/sql.ts';
import { catalogueTerms, likeEscape, STOP_WORDS } from '../catalogue/index.ts';
import { keywordOf } from './keyword.ts';
import { suggestTerm } from './tables.ts';

/** The keywords operators pinned, in their order, then the most searched that found goods; never hidden ones. */
export const listHotKeywords = async (db: Db, limit = 10): Promise<string[]> =>
  (
    await rowsOf<{ keyword: string }>(
      db,
      sql`select keyword from hot_keyword where not hidden and (pinned is not null or result_count > 0)
          order by pinned nulls last, search_count desc, updated_at desc, keyword limit ${limit}`,
    )
  ).map((r) => r.keyword);

/**
 * Adds searches to the keywords' counts. `results` is the total of the latest search: it replaces
 * the stored count when the search had no other filter (`exact`), otherwise it only raises it (a
 * filtered search that finds nothing says nothing about the keyword itself).
 */
export const addKeywordSearches = async (
  db: Db,
  counts: readonly { keyword: string; searches: number; results: number; exact: boolean }[],
): Promise<void> => {
  for (const exact of [true, false]) {
    const part = counts.filter((c) => c.exact === exact);
    if (part.length === 0) continue;
    await db.execute(
      sql`insert into hot_keyword (keyword, search_count, result_count, updated_at)
          select x.keyword, x.searches, x.results, now()
          from jsonb_to_recordset(${JSON.stringify(part)}::jsonb) as x(keyword text, searches int, results int)
          on conflict (keyword) do update set
            search_count = hot_keyword.search_count + excluded.search_count,
            result_count = ${exact ? sql`excluded.result_count` : sql`greatest(hot_keyword.result_count, excluded.result_count)`},
            updated_at = excluded.updated_at`,
    );
  }
};

/**
 * Counts searched keywords. Searches add to a buffer that is written in one upsert at most
 * every `flushMs` (and before the counts are read, and on close), so a popular keyword searched
 * by many shoppers at once never queues requests on one row lock. Only counts not yet written
 * live in memory: another server process keeps its own and writes them the same way.
 */
export class KeywordCounter {
  private pending = new Map<string, { searches: number; results: number; exact: boolean }>();
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();

  private readonly db: Db;
  private readonly flushMs: number;
  private readonly onError: (err: unknown) => void;

  constructor(db: Db, flushMs = 1000, onError: (err: unknown) => void = () => {}) {
    this.db = db;
    this.flushMs = flushMs;
    this.onError = onError;
  }

  /** One search of `keyword` that found `results` goods; `exact` when no other filter narrowed it. */
  record(keyword: string, results: number, exact: boolean) {
    const k = keywordOf(keyword).counted;
    if (!k || k === 'all') return;
    const key = `${exact ? '=' : '~'}${k}`;
    const entry = this.pending.get(key) ?? { searches: 0, results, exact };
    entry.searches += 1;
    entry.results = exact ? results : Math.max(entry.results, results);
    this.pending.set(key, entry);
    this.timer ??= setTimeout(() => void this.flush().catch(this.onError), this.flushMs);
  }

  /** Writes the buffered counts; resolves once they (and any write under way) are stored. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const batch = [...this.pending].map(([key, c]) => ({ keyword: key.slice(1), ...c }));
    this.pending = new Map();
    const previous = this.writing;
    this.writing = previous.catch(() => {}).then(() => addKeywordSearches(this.db, batch));
    return this.writing;
  }
}

/** Replaces the suggestion dictionary with the terms of the catalogue as it is now. */
export const rebuildSuggestTerms = async (db: Db): Promise<number> => {
  const terms = await catalogueTerms(db);
  await db.delete(suggestTerm);
  for (let i = 0; i < terms.length; i += 2000) {
    await db.insert(suggestTerm).values(terms.slice(i, i + 2000));
  }
  return terms.length;
};

/**
 * Adds the words of a good's name that the dictionary lacks (a good the back office named), so
 * suggestions offer them at once; the next rebuild gives every word its real weight.
 */
export const addSuggestTermsOf = async (db: Db, name: string): Promise<void> => {
  await db.execute(
    sql`insert into suggest_term (norm, term, weight)
        select mall_unaccent(term), term, 1 from (
          select distinct regexp_replace(w, '''s$', '') as term
          from regexp_split_to_table(lower(${name}), '[^a-zà-ɏ'']+') as w
        ) t
        where char_length(term) >= 3 and term !~ '^''|''$' and term not in ${sql`(${sql.join(
          STOP_WORDS.map((w) => sql`${w}`),
          sql`, `,
        )})`}
        on conflict (norm) do nothing`,
  );
};

/** Optimal string alignment distance (Levenshtein with adjacent transpositions), capped at `max + 1`. */
export const editDistance = (a: string, b: string, max = 2): number => {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows: number[][] = [Array.from({ length: b.length + 1 }, (_, j) => j)];
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1]![j]! + 1, row[j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d = Math.min(d, rows[i - 2]![j - 2]! + 1);
      row.push(d);
      best = Math.min(best, d);
    }
    if (best > max) return max + 1;
    rows.push(row);
  }
  return rows[a.length]![b.length]!;
};

/** True when `typed` is within one typo of the start of `word` (a shopper still typing it). */
const startsWithinOneTypo = (typed: string, word: string) => {
  for (const n of [typed.length, typed.length - 1, typed.length + 1]) {
    if (n >= 1 && n <= word.length && editDistance(typed, word.slice(0, n), 1) <= 1) return true;
  }
  return editDistance(typed, word, 1) <= 1;
};

type Candidate = {
  term: string;
  norm: string;
  weight: number;
  hot: boolean;
};

/** Trigram word similarity above which a term is checked for being one typo away (edit distance decides). */
const FUZZY_CANDIDATE = 0.25;

const candidates = (db: Db, q: string, fuzzy: boolean) => {
  const prefix = `${likeEscape(q)}%`;
  const wordPrefix = `% ${likeEscape(q)}%`;
  const close = (column: SQL) =>
    fuzzy ? sql`word_similarity(${q}, ${column}) >= ${FUZZY_CANDIDATE}` : sql`false`;
  return rowsOf<Candidate>(
    db,
    sql`with hot as (
          select keyword as term, mall_unaccent(keyword) as norm, search_count as weight from hot_keyword
          where result_count > 0 and not hidden
        )
        (select term, norm, weight, true as hot from hot
           where norm like ${prefix} or norm like ${wordPrefix} or ${close(sql.raw('norm'))}
           order by (norm like ${prefix}) desc, weight desc limit 50)
        union all
        (select term, norm, weight, false as hot from suggest_term
           where norm like ${prefix} or norm like ${wordPrefix}
           order by (norm like ${prefix}) desc, weight desc limit 100)
        union all
        (select term, norm, weight, false as hot from suggest_term
           where ${close(sql.raw('norm'))}
           order by word_similarity(${q}, norm) desc, weight desc limit 100)`,
  );
};

/**
 * Suggestions for what a shopper is typing, at most 10: keywords and words that start with the
 * text first (the most searched keywords, then the words carried by the most goods), then those
 * with a word that starts with it, then those within one typo of it (from 4 letters on).
 * Sources: hot keywords that found goods, words of goods names and category names.
 */
export const suggestKeywords = async (db: Db, text: string, limit = SUGGESTIONS_LIMIT): Promise<string[]> => {
  const q = keywordOf(text).folded.slice(0, 100);
  if (!q) return listHotKeywords(db, limit);
  const fuzzy = q.length >= 4;
  const rows = await candidates(db, q, fuzzy);
  const scored = rows.flatMap((c) => {
    const words = c.norm.split(/[^a-z0-9]+/).filter(Boolean);
    let group: number;
    if (c.norm.startsWith(q)) group = 0;
    else if (c.norm.includes(` ${q}`)) group = 1;
    else if (fuzzy && (startsWithinOneTypo(q, c.norm) || words.some((w) => startsWithinOneTypo(q, w))))
      group = 2;
    else return [];
    // Hot keywords outrank dictionary words within a group; then weight, then shorter first.
    return [{ c, group, score: (c.hot ? 1_000_000 : 0) + c.weight }];
  });
  scored.sort(
    (a, b) =>
      a.group - b.group ||
      b.score - a.score ||
      a.c.term.length - b.c.term.length ||
      a.c.term.localeCompare(b.c.term),
  );
  const seen = new Set<string>();
  const out: string[] = [];
  for (const { c } of scored) {
    if (seen.has(c.norm)) continue;
    seen.add(c.norm);
    out.push(c.term);
    if (out.length === limit) break;
  }
  return out;
};

/** The closest single catalogue word to each word of 3 letters or more (the word itself when known). */
const closestWords = async (db: Db, words: readonly string[]): Promise<Map<string, string>> => {
  const long = [...new Set(words.filter((w) => w.length >= 3 && !w.includes(' ')))];
  if (long.length === 0) return new Map();
  const rows = await rowsOf<{ word: string; term: string | null }>(
    db,
    sql`select w.word, (
          select t.term from suggest_term t
          where t.norm = w.word or (t.norm % w.word and position(' ' in t.norm) = 0)
          order by (t.norm = w.word) desc, similarity(t.norm, w.word) desc, t.weight desc, t.norm limit 1
        ) as term
        from unnest(string_to_array(${long.join(' ')}, ' ')) as w(word)`,
  );
  return new Map(rows.flatMap((r) => (r.term ? [[r.word, r.term] as [string, string]] : [])));
};

/**
 * The keyword with each word replaced by the closest catalogue word ('choclate' -> 'chocolate'),
 * or null when nothing changes. Used when a search finds nothing.
 */
export const correctKeyword = async (db: Db, keyword: string): Promise<string | null> => {
  const q = keywordOf(keyword).folded.slice(0, 100);
  const words = q.split(' ').filter(Boolean);
  const closest = await closestWords(db, words);
  const corrected = words.map((w) => closest.get(w) ?? w).join(' ');
  return keywordOf(corrected).folded === q ? null : corrected;
};

/**
 * "Did you mean": for a keyword that found nothing, the keyword with each word replaced by the
 * closest catalogue word, the closest terms to the whole keyword, then the hot keywords, so the
 * shopper always has somewhere to go. At most 10, never the keyword itself.
 */
export const didYouMean = async (
  db: Db,
  keyword: string | null,
  limit = SUGGESTIONS_LIMIT,
): Promise<string[]> => {
  const out: string[] = [];
  const seen = new Set<string>();
  const add = (term: string) => {
    const norm = keywordOf(term).folded;
    if (!norm || seen.has(norm) || out.length >= limit) return;
    seen.add(norm);
    out.push(term);
  };
  const q = keyword ? keywordOf(keyword).folded.slice(0, 100) : '';
  if (q) seen.add(q);
  const words = q.split(' ').filter((w) => w.length >= 3);
  if (words.length > 0) {
    const closest = await rowsOf<{ word: string; term: string }>(
      db,
      sql`select w.word, t.term from unnest(string_to_array(${words.join(' ')}, ' ')) as w(word)
          cross join lateral (
            select term from suggest_term
            where similarity(w.word, norm) >= 0.3 or w.word = norm
            order by (w.word = norm) desc, similarity(w.word, norm) desc, weight desc limit 1
          ) t`,
    );
    const fixed = new Map(closest.map((r) => [r.word, r.term]));
    if (fixed.size > 0)
      add(
        q
          .split(' ')
          .map((w) => fixed.get(w) ?? w)
          .join(' '),
      );
    const near = await rowsOf<{ term: string }>(
      db,
      sql`select term from suggest_term where similarity(${q}, norm) >= 0.3 or word_similarity(${q}, norm) >= 0.5
          order by greatest(similarity(${q}, norm), word_similarity(${q}, norm)) desc, weight desc limit ${limit}`,
    );
    for (const r of near) add(r.term);
  }
  for (const k of await listHotKeywords(db, limit)) add(k);
  if (out.length === 0) {
    const top = await rowsOf<{ term: string }>(
      db,
      sql`select term from suggest_term order by weight desc, term limit ${limit}`,
    );
    for (const r of top) add(r.term);
  }
  return out;
};
