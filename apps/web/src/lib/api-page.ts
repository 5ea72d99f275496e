import { apiResponse } from './api';

/*
 * Reading the paged lists (contract §8, docs/decisions/017 and 020). Apart from api.ts, which every
 * page loads: only the consoles read pages.
 */

/**
 * The response header naming the next page's cursor: `NEXT_CURSOR_HEADER` of `@coride/domain/paging`,
 * spelled here so reading a page does not import that module (and zod with it); a test checks they
 * agree.
 */
export const NEXT_CURSOR_HEADER = 'x-next-cursor';

/** One page of a paged list (contract §8) and the cursor of the next one, null on the last page. */
export type Page<T> = { items: T[]; nextCursor: string | null };

/** A paged list's query: `limit`, `before` and its filters; an empty or undefined value is left out. */
export type PageParams = Record<string, string | number | undefined>;

/** `path` with `params` as its query string, in a stable order, without the empty ones. */
export function pagePath(path: string, params: PageParams): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== '') query.set(key, String(value));
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

/** A page of a paged list: the body is its items, `X-Next-Cursor` the `before` of the next page. */
export async function getPage<T>(path: string, params: PageParams = {}, { signal }: { signal?: AbortSignal } = {}): Promise<Page<T>> {
  const { data, headers } = await apiResponse(pagePath(path, params), { signal });
  return { items: Array.isArray(data) ? (data as T[]) : [], nextCursor: headers.get(NEXT_CURSOR_HEADER) || null };
}
