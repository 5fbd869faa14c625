import { type QueryClient, type QueryKey, queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../api/client.ts';
import { readStored, type StorageKey, writeStored } from './storage.ts';

/** Retry once for network and server trouble, never for a 4xx answer. */
export const retryTransient = (failureCount: number, error: unknown) =>
  failureCount < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500);

/** Where a stored list comes from: its query key, its call and its storage key. */
export type StoredList = readonly [queryKey: QueryKey, path: string, storageKey: StorageKey];

const storedListQuery = <T>([queryKey, path, storageKey]: StoredList) =>
  queryOptions<T[]>({
    queryKey,
    queryFn: async ({ signal }) => {
      const data = await api.get<T[] | null>(path, { toast: false, signal });
      const list = Array.isArray(data) ? data : [];
      writeStored(storageKey, list);
      return list;
    },
    initialData: () => {
      const stored = readStored<unknown>(storageKey);
      return Array.isArray(stored) ? (stored as T[]) : undefined;
    },
    // The stored copy is shown but always counts as stale, so the fresh list is fetched.
    initialDataUpdatedAt: 0,
    retry: retryTransient,
  });

/**
 * A reference list that renders at once on reload: the query starts from the copy kept under
 * `storageKey` (client-side state kept across reloads), refetches in the background, and writes
 * the fresh list back. A failed refetch keeps showing the stored copy. Failures do not toast:
 * the components show their own fallback.
 */
export const useStoredList = <T>(queryKey: QueryKey, path: string, storageKey: StorageKey) =>
  useQuery(storedListQuery<T>([queryKey, path, storageKey]));

/** Asks for a stored list before anything shows it (the same query `useStoredList` then reads). */
export const prefetchStoredList = (client: QueryClient, list: StoredList) => {
  void client.prefetchQuery(storedListQuery<unknown>(list));
};
