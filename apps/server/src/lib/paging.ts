import { NEXT_CURSOR_HEADER, type PageQuery } from '@coride/domain';
import { desc, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { AppError } from './app-error';

/*
 * Keyset paging, the one mechanism of every list that grows (contract §8; docs/decisions/017).
 *
 * A list is sorted newest first by a timestamp, ties broken by the row's id: `ORDER BY at DESC, id DESC`.
 * A page is `WHERE (at, id) < (cursor.at, cursor.id) ... LIMIT limit + 1`: with an index on
 * (filter columns..., at, id) PostgreSQL reads exactly one page of it, however deep the page, and rows
 * inserted meanwhile (newer, so above the cursor) never shift the pages still to come: nothing is
 * skipped or repeated. The extra row only says whether there is a next page.
 *
 * The cursor is base64url of `[at, id]`, where `at` is the row's timestamp as PostgreSQL holds it, to
 * the microsecond (`cursorKey`): a JavaScript Date keeps milliseconds only, and a cursor cut to the
 * millisecond would skip the rows sharing that millisecond.
 *
 * Use: select `pageKey: cursorKey(keyset)` with the rows, add `pageWhere(keyset, page)` to the
 * conditions, order by `pageOrder(keyset)`, limit `pageLimit(page)`; then `toPage(rows, page, key)`
 * in the service and `sendPage(reply, page)` in the route.
 */

/** The sort of a paged list: its timestamp column and its unique id column. */
export type Keyset = { at: AnyColumn; id: AnyColumn };

/** A page of a list and the cursor of the next one (null on the last page). */
export type Page<T> = { items: T[]; nextCursor: string | null };

type Cursor = { at: string; id: string };

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const ID = /^[0-9a-f-]{1,64}$/i;

const invalidCursor = () =>
  new AppError('VALIDATION_FAILED', 'Not a valid page cursor', { before: 'Not a valid page cursor: start again from the first page' });

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.at, cursor.id]), 'utf8').toString('base64url');
}

/** The cursor in `?before=`, or 400 VALIDATION_FAILED when it is not one this server made. */
export function decodeCursor(text: string): Cursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  if (!Array.isArray(parsed) || parsed.length !== 2) throw invalidCursor();
  const [at, id] = parsed as unknown[];
  if (typeof at !== 'string' || typeof id !== 'string' || !TIMESTAMP.test(at) || !ID.test(id) || Number.isNaN(Date.parse(at))) throw invalidCursor();
  return { at, id };
}

/** The row's sort timestamp as text, in UTC to the microsecond: select it as `pageKey` with the rows. */
export function cursorKey(keyset: Keyset): SQL<string> {
  return sql<string>`to_char(${keyset.at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

/** The condition that starts the page after the cursor (undefined for the first page). */
export function pageWhere(keyset: Keyset, page: PageQuery): SQL | undefined {
  if (!page.before) return undefined;
  const cursor = decodeCursor(page.before);
  // A row comparison: the index on (..., at, id) answers it as one range.
  return sql`(${keyset.at}, ${keyset.id}) < (${cursor.at}::timestamptz, ${cursor.id})`;
}

export function pageOrder(keyset: Keyset): SQL[] {
  return [desc(keyset.at), desc(keyset.id)];
}

/** One row more than the page: it tells whether there is a next page. */
export function pageLimit(page: PageQuery): number {
  return page.limit + 1;
}

/** The page out of the rows read with `pageLimit`, with the cursor after its last item when more follow. */
export function toPage<Row, Item>(rows: Row[], page: PageQuery, key: (row: Row) => Cursor, view: (row: Row) => Item): Page<Item> {
  const items = rows.slice(0, page.limit);
  const last = items.at(-1);
  const nextCursor = rows.length > page.limit && last !== undefined ? encodeCursor(key(last)) : null;
  return { items: items.map(view), nextCursor };
}

/** Maps the items of a page, keeping its cursor. */
export async function mapPage<T, U>(page: Page<T>, view: (items: T[]) => Promise<U[]> | U[]): Promise<Page<U>> {
  return { items: await view(page.items), nextCursor: page.nextCursor };
}

/** The page's items as the response body, its cursor in `X-Next-Cursor` (absent on the last page). */
export function sendPage<T>(reply: FastifyReply, page: Page<T>): T[] {
  if (page.nextCursor) void reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
  return page.items;
}

/** `%` and `_` match themselves in a search: the text a person typed, not a pattern. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
