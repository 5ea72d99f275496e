import { keepPreviousData, useInfiniteQuery, type InfiniteData, type QueryKey, type UseInfiniteQueryResult } from '@tanstack/react-query';
import { useMemo } from 'react';
import { getPage, type Page, type PageParams } from '@/lib/api-page';
import { DEFAULT_PAGE_SIZE, itemsOfPages, limitOf, nextPageParam } from './paged-list';

export type PagedListOptions = {
  /** Must name the filters in `params`: a list per key. Invalidating it refetches every page read. */
  queryKey: QueryKey;
  /** The paged endpoint, e.g. `/api/rides`. */
  path: string;
  /** Its filters (`q`, `status`, `role`); empty ones are left out. */
  params?: PageParams;
  /** Items per page (default 50, the server's; at most 200). */
  limit?: number;
  /** Items on the first page when a card shows fewer at first (the newest five, then pages of `limit`). */
  firstLimit?: number;
  enabled?: boolean;
  /** `'always'`: read again (every page read) whenever a screen showing it mounts. */
  refetchOnMount?: boolean | 'always';
};

/** A paged list as TanStack Query reads it, with the items of every page read so far. */
export type PagedList<T> = UseInfiniteQueryResult<InfiniteData<Page<T>, string | null>> & { items: T[] };

/**
 * A list that grows (rides, applications, tickets, disputes, users) read page by page through
 * `X-Next-Cursor`: `items` are those read so far, `hasNextPage` says whether "Load more" has anything
 * to load, `fetchNextPage` loads it. A change of filter (a new key) keeps the previous items on screen
 * until the new first page arrives, so a search box does not flash an empty list at every keystroke.
 */
export function usePagedList<T extends { id: string }>({
  queryKey,
  path,
  params = {},
  limit = DEFAULT_PAGE_SIZE,
  firstLimit,
  enabled,
  refetchOnMount,
}: PagedListOptions): PagedList<T> {
  const query = useInfiniteQuery<Page<T>, Error, InfiniteData<Page<T>, string | null>, QueryKey, string | null>({
    queryKey,
    queryFn: ({ pageParam, signal }) =>
      getPage<T>(path, { ...params, limit: limitOf(pageParam, limit, firstLimit), before: pageParam ?? undefined }, { signal }),
    initialPageParam: null,
    getNextPageParam: nextPageParam,
    placeholderData: keepPreviousData,
    ...(enabled === undefined ? {} : { enabled }),
    ...(refetchOnMount === undefined ? {} : { refetchOnMount }),
  });
  const items = useMemo(() => itemsOfPages(query.data?.pages), [query.data]);
  return { ...query, items };
}
