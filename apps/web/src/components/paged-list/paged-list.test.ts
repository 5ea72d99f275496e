import { NEXT_CURSOR_HEADER as DOMAIN_NEXT_CURSOR_HEADER } from '@coride/domain/paging';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getPage, NEXT_CURSOR_HEADER, pagePath } from '../../lib/api-page';
import { itemsOfPages, limitOf, nextPageParam } from './paged-list';

describe('nextPageParam', () => {
  it('asks for the page before the cursor the last page named, and for none after the last page', () => {
    expect(nextPageParam({ items: [{ id: 'a' }], nextCursor: 'WyIyMDI2Il0' })).toBe('WyIyMDI2Il0');
    expect(nextPageParam({ items: [{ id: 'a' }], nextCursor: null })).toBeUndefined();
    expect(nextPageParam({ items: [], nextCursor: null })).toBeUndefined();
  });
});

describe('limitOf', () => {
  it('gives the first page its own size and every later page the list’s', () => {
    expect(limitOf(null, 20, 5)).toBe(5);
    expect(limitOf('cursor', 20, 5)).toBe(20);
    expect(limitOf(null, 50)).toBe(50);
  });
});

describe('itemsOfPages', () => {
  it('joins the pages in order and shows an item repeated by a refetch once, where it was first', () => {
    const pages = [
      { items: [{ id: 'c' }, { id: 'b' }], nextCursor: 'x' },
      { items: [{ id: 'b' }, { id: 'a' }], nextCursor: null },
    ];
    expect(itemsOfPages(pages).map((item) => item.id)).toEqual(['c', 'b', 'a']);
    expect(itemsOfPages(undefined)).toEqual([]);
  });
});

describe('getPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('names the same header as the server', () => {
    expect(NEXT_CURSOR_HEADER).toBe(DOMAIN_NEXT_CURSOR_HEADER);
  });

  it('puts the filters, limit and cursor in the query, leaving out the empty ones', () => {
    expect(pagePath('/api/rides', { q: 'times sq', status: undefined, limit: 50, before: undefined })).toBe('/api/rides?q=times+sq&limit=50');
    expect(pagePath('/api/admin/users', { q: '', role: undefined })).toBe('/api/admin/users');
  });

  it('reads the items from the body and the next cursor from X-Next-Cursor, null on the last page', async () => {
    const fetchMock = vi.fn<typeof fetch>();
    fetchMock
      .mockResolvedValueOnce(new Response(JSON.stringify([{ id: 'b' }, { id: 'a' }]), { headers: { 'X-Next-Cursor': 'abc_-1' } }))
      .mockResolvedValueOnce(new Response(JSON.stringify([{ id: 'z' }])));
    vi.stubGlobal('fetch', fetchMock);
    expect(await getPage('/api/rides', { limit: 2 })).toEqual({ items: [{ id: 'b' }, { id: 'a' }], nextCursor: 'abc_-1' });
    expect(await getPage('/api/rides', { limit: 2, before: 'abc_-1' })).toEqual({ items: [{ id: 'z' }], nextCursor: null });
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/rides?limit=2', '/api/rides?limit=2&before=abc_-1']);
  });

  it('throws the server’s error, as every other call does', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>().mockResolvedValue(new Response(JSON.stringify({ error: 'Not a valid page cursor', code: 'VALIDATION_FAILED' }), { status: 400 })),
    );
    await expect(getPage('/api/rides', { before: 'bad' })).rejects.toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'Not a valid page cursor',
    });
  });
});
