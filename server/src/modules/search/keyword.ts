import { foldText } from '../catalogue/index.ts';

/** A keyword typed into the search box, in each form search uses it. */
export interface Keyword {
  /** As typed, single-spaced and trimmed: what full text matches and what a page says it searched for. */
  text: string;
  /** Empty or `all`: every good, no keyword (docs/search.md). */
  everyGood: boolean;
  /** Lower-case, at most 100 characters: how hot words and operators' keyword lists count it. */
  counted: string;
  /**
   * Accents and case folded as the database folds goods names (`mall_unaccent(lower(...))`): what
   * close spellings, corrections, suggestions and the search index compare. Folded when read:
   * most callers (a search's keyword, the hot words' count) never read it.
   */
  readonly folded: string;
}

/** The one normalisation of a keyword: every other part of search takes its forms from here. */
export const keywordOf = (typed: string | null | undefined): Keyword => {
  const text = (typed ?? '').replace(/\s+/g, ' ').trim();
  return {
    text,
    everyGood: text === '' || text.toLowerCase() === 'all',
    counted: text.toLowerCase().slice(0, 100),
    get folded() {
      return foldText(text);
    },
  };
};

/** The keyword of a search, or null for every good (`all` or empty). */
export const searchKeywordOf = (typed: string | undefined): string | null => {
  const keyword = keywordOf(typed);
  return keyword.everyGood ? null : keyword.text;
};
