import { describe, expect, it } from 'vitest';
import { SessionCache, type CachedSession } from '../../../src/modules/accounts/session-cache';

type Value = CachedSession & { label: string };

const entry = (n: number, userId = `user-${n}`): Value => ({ sessionId: `session-${n}`, userId, label: `token ${n}` });

function cacheOf(options: { maxEntries?: number; ttlMs?: number } = {}) {
  let ms = 0;
  const cache = new SessionCache<Value>({ maxEntries: options.maxEntries ?? 100, ttlMs: options.ttlMs ?? 10_000, clock: () => ms });
  const put = (n: number, userId?: string) => cache.set(`hash-${n}`, entry(n, userId), cache.readMark());
  return { cache, put, advance: (by: number) => (ms += by) };
}

describe('SessionCache', () => {
  it('answers what it was given until the TTL has passed, then forgets it', () => {
    const { cache, put, advance } = cacheOf({ ttlMs: 1000 });
    put(1);
    advance(999);
    expect(cache.get('hash-1')?.label).toBe('token 1');
    advance(1);
    expect(cache.get('hash-1')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('keeps at most maxEntries tokens and drops the least recently used first', () => {
    const { cache, put, advance } = cacheOf({ maxEntries: 3 });
    put(1);
    put(2);
    put(3);
    // Token 1 used again a second later: token 2 is now the least recently used.
    advance(1000);
    expect(cache.get('hash-1')).toBeDefined();
    put(4);
    expect(cache.size).toBe(3);
    expect(cache.get('hash-2')).toBeUndefined();
    for (const n of [1, 3, 4]) expect(cache.get(`hash-${n}`)?.label).toBe(`token ${n}`);
  });

  it('orders by use to within a second: a hit in the same second as the last one does not move the entry', () => {
    const { cache, put, advance } = cacheOf({ maxEntries: 2 });
    put(1);
    put(2);
    advance(999);
    expect(cache.get('hash-1')).toBeDefined();
    put(3);
    // Token 1 was used within a second of being stored: it kept its place and went first.
    expect(cache.get('hash-1')).toBeUndefined();
    expect(cache.get('hash-2')).toBeDefined();
    advance(1000);
    expect(cache.get('hash-2')).toBeDefined();
    put(4);
    // Token 2, used a second later, moved to the end: token 3 went first.
    expect(cache.get('hash-3')).toBeUndefined();
    expect(cache.get('hash-2')).toBeDefined();
  });

  it('stays within its bound however many tokens go through it', () => {
    const { cache, put } = cacheOf({ maxEntries: 50 });
    for (let n = 0; n < 5000; n += 1) put(n, `user-${n % 7}`);
    expect(cache.size).toBe(50);
    // The users' index followed the evictions: forgetting a user drops only what is still held.
    cache.forgetUsers(['user-0', 'user-1', 'user-2', 'user-3', 'user-4', 'user-5', 'user-6']);
    expect(cache.size).toBe(0);
  });

  it('forgets a session by its id, and only that one', () => {
    const { cache, put } = cacheOf();
    put(1, 'alice');
    put(2, 'alice');
    cache.forgetSessions(['session-1']);
    expect(cache.get('hash-1')).toBeUndefined();
    expect(cache.get('hash-2')?.label).toBe('token 2');
  });

  it('forgets every token of a user, and no one else’s', () => {
    const { cache, put } = cacheOf();
    put(1, 'alice');
    put(2, 'alice');
    put(3, 'bob');
    cache.forgetUsers(['alice']);
    expect(cache.get('hash-1')).toBeUndefined();
    expect(cache.get('hash-2')).toBeUndefined();
    expect(cache.get('hash-3')?.label).toBe('token 3');
  });

  it('does not keep what a read found when an invalidation happened while the read was running', () => {
    const { cache } = cacheOf();
    // A request reads the session from the database…
    const mark = cache.readMark();
    // …while another revokes it (or changes the user) and drops it from a cache that did not hold it yet.
    cache.forgetSessions(['session-1']);
    cache.set('hash-1', entry(1), mark);
    expect(cache.get('hash-1')).toBeUndefined();
    // A read that started after the change is kept.
    cache.set('hash-1', entry(1), cache.readMark());
    expect(cache.get('hash-1')?.label).toBe('token 1');
  });

  it('keeps nothing when maxEntries or the TTL is 0', () => {
    for (const options of [{ maxEntries: 0 }, { ttlMs: 0 }]) {
      const { cache, put } = cacheOf(options);
      expect(cache.isEnabled).toBe(false);
      put(1);
      expect(cache.get('hash-1')).toBeUndefined();
      expect(cache.size).toBe(0);
    }
  });

  it('re-caching a token replaces its entry and its indexes', () => {
    const { cache, put } = cacheOf();
    put(1, 'alice');
    cache.set('hash-1', { sessionId: 'session-1', userId: 'alice', label: 'fresh row' }, cache.readMark());
    expect(cache.size).toBe(1);
    expect(cache.get('hash-1')?.label).toBe('fresh row');
    cache.forgetUsers(['alice']);
    expect(cache.size).toBe(0);
  });
});
