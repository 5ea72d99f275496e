/**
 * The sessions this process has recently checked, so a request signed in with a token it has seen
 * does not read the database (docs/decisions/016-session-cache.md). Bounded twice: at most
 * `maxEntries` tokens (the least recently used goes first) and each for at most `ttlMs`, whatever
 * the invalidations that reached it, so a change announced to an instance that missed it (Redis
 * pub/sub down) is seen within the TTL anyway.
 *
 * Only tokens the database accepted are kept: an unknown or revoked token is never cached, so tokens
 * sprayed at random cost what they cost without the cache (one indexed read each) and cannot push a
 * signed-in user's entry out.
 */

/** What a cached token proves; the entry is dropped when its session or its user changes. */
export type CachedSession = { sessionId: string; userId: string };

export type SessionCacheOptions = {
  /** 0 turns the cache off: every get misses and nothing is kept. */
  maxEntries: number;
  ttlMs: number;
  /** Milliseconds from any fixed origin, for the TTL (a monotonic clock by default; tests inject one). */
  clock?: () => number;
};

/** `usedAt`: when the entry last moved to the most recently used end of the map (see `get`). */
type Entry<V> = { value: V; staleAt: number; usedAt: number };

/**
 * A hit moves its entry to the most recently used end at most this often. Moving it is a delete and
 * an insert in the map, the largest cost of a hit (bench/api.ts: a signed-in client's requests come
 * in bursts); to within a second, the entry that goes first is still the least recently used.
 */
const TOUCH_INTERVAL_MS = 1000;

export class SessionCache<V extends CachedSession> {
  /** Token hash -> entry; Map keeps insertion order, and a hit re-inserts, so the first key is the least recently used. */
  private readonly entries = new Map<string, Entry<V>>();
  private readonly bySession = new Map<string, string>();
  private readonly byUser = new Map<string, Set<string>>();
  private readonly maxEntries: number;
  private readonly ttlMs: number;
  private readonly clock: () => number;
  /**
   * Counts invalidations. A database read that started before one may have read what it invalidated,
   * so its answer is kept only if the count has not moved meanwhile (`set`'s `readAt`).
   */
  private invalidations = 0;

  constructor(options: SessionCacheOptions) {
    this.maxEntries = Math.max(0, Math.floor(options.maxEntries));
    this.ttlMs = options.ttlMs;
    this.clock = options.clock ?? (() => performance.now());
  }

  get isEnabled(): boolean {
    return this.maxEntries > 0 && this.ttlMs > 0;
  }

  get size(): number {
    return this.entries.size;
  }

  /** A mark to pass to `set` with what a read started now found. */
  readMark(): number {
    return this.invalidations;
  }

  get(tokenHash: string): V | undefined {
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    const now = this.clock();
    if (entry.staleAt <= now) {
      this.delete(tokenHash);
      return undefined;
    }
    // Most recently used last.
    if (now - entry.usedAt >= TOUCH_INTERVAL_MS) {
      entry.usedAt = now;
      this.entries.delete(tokenHash);
      this.entries.set(tokenHash, entry);
    }
    return entry.value;
  }

  /**
   * Keeps what a read that started at `readMark` found, unless something was invalidated since: the
   * read may have seen the session or user before that change, and keeping it would undo the change.
   */
  set(tokenHash: string, value: V, readMark: number): void {
    if (!this.isEnabled || readMark !== this.invalidations) return;
    this.delete(tokenHash);
    const now = this.clock();
    this.entries.set(tokenHash, { value, staleAt: now + this.ttlMs, usedAt: now });
    this.bySession.set(value.sessionId, tokenHash);
    const tokens = this.byUser.get(value.userId);
    if (tokens) tokens.add(tokenHash);
    else this.byUser.set(value.userId, new Set([tokenHash]));
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.delete(oldest);
    }
  }

  forgetSessions(sessionIds: readonly string[]): void {
    this.invalidations += 1;
    for (const sessionId of sessionIds) {
      const tokenHash = this.bySession.get(sessionId);
      if (tokenHash !== undefined) this.delete(tokenHash);
    }
  }

  /** Every token of these users: their row changed (role, name, suspension…) or all their sessions ended. */
  forgetUsers(userIds: readonly string[]): void {
    this.invalidations += 1;
    for (const userId of userIds) {
      for (const tokenHash of [...(this.byUser.get(userId) ?? [])]) this.delete(tokenHash);
    }
  }

  clear(): void {
    this.invalidations += 1;
    this.entries.clear();
    this.bySession.clear();
    this.byUser.clear();
  }

  private delete(tokenHash: string): void {
    const entry = this.entries.get(tokenHash);
    if (!entry) return;
    this.entries.delete(tokenHash);
    const { sessionId, userId } = entry.value;
    if (this.bySession.get(sessionId) === tokenHash) this.bySession.delete(sessionId);
    const tokens = this.byUser.get(userId);
    tokens?.delete(tokenHash);
    if (tokens?.size === 0) this.byUser.delete(userId);
  }
}
