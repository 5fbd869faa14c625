import { SUGGESTIONS_MAX } from '@mall/shared/constants';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { STORAGE_KEYS } from '../../lib/storage.ts';
import { type StoredList, useStoredList } from '../../lib/use-stored-query.ts';

export const HOT_KEYWORDS_LIST: StoredList = [
  ['search', 'hot-keywords'],
  '/api/search/keyword/hot',
  STORAGE_KEYS.promptKeywords,
];

/**
 * The hot keywords (most searched first) that the search box's placeholder rotates through.
 * Kept as the spec's `promptKeywords` so the placeholder is there at once on the next visit.
 */
export const useHotKeywords = () => useStoredList<string>(...HOT_KEYWORDS_LIST);

/**
 * Suggestions for the words typed so far, asked for as the shopper types (no debounce). When
 * the words change, the request for the old words is aborted (TanStack Query aborts a query
 * whose signal was handed to fetch once nothing observes it), and the previous list stays on
 * screen until the new one arrives so the list does not flicker. At most 10.
 */
export const useSuggestions = (words: string, enabled: boolean) => {
  const term = words.trim();
  return useQuery<string[]>({
    queryKey: ['search', 'suggestions', term.toLowerCase()],
    queryFn: async ({ signal }) => {
      const data = await api.get<string[] | null>('/api/search/keyword/query', {
        query: { keyword: term },
        toast: false,
        signal,
      });
      return Array.isArray(data) ? data.slice(0, SUGGESTIONS_MAX) : [];
    },
    enabled: enabled && term.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
    retry: false,
  });
};
