import type { Page } from '@/lib/api-page';

/*
 * The cursor logic of a paged list (contract §8, docs/decisions/017-keyset-paging.md), apart from React
 * so it is tested on its own: which `before` the next page asks for, how many items each page asks
 * for, and the items of the pages read so far.
 */

/** The size of each page after the first unless a list says otherwise: one screen of a console's table. */
export const DEFAULT_PAGE_SIZE = 50;

/** The `before` of the page after `lastPage`; undefined on the last page, which tells TanStack Query there is none. */
export function nextPageParam(lastPage: Page<unknown>): string | undefined {
  return lastPage.nextCursor ?? undefined;
}

/**
 * How many items the page starting at `cursor` asks for: `firstLimit` for the first page (a card that
 * shows the newest five asks for five), `limit` for every later one.
 */
export function limitOf(cursor: string | null, limit: number, firstLimit = limit): number {
  return cursor === null ? firstLimit : limit;
}

/**
 * The items of every page read, in order, each once. Keyset pages never overlap while the list is
 * read through, but pages refetched one after the other after a change (an item moved on between two
 * requests) might: the first place an item was seen wins, so a row never shows twice.
 */
export function itemsOfPages<T extends { id: string }>(pages: readonly Page<T>[] | undefined): T[] {
  if (!pages) return [];
  const seen = new Set<string>();
  const items: T[] = [];
  for (const page of pages) {
    for (const item of page.items) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      items.push(item);
    }
  }
  return items;
}
