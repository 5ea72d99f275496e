import type { ServerMessage } from '@coride/domain';

/** Something that can receive server messages: a WebSocket connection, or a test's recorder. */
export type Subscriber = {
  send(message: ServerMessage): void;
  /**
   * The sign-in session a connection authenticated with. When that session is revoked (logout, and
   * later password change or account deletion), the hub stops delivering to it and calls `end`.
   */
  session?: { id: string; end(): void };
};

/**
 * How long a revoked session is remembered. A socket whose `authenticate` read the session just before
 * the revocation subscribes just after it; remembering the id closes that socket too. Generous next to
 * the time one database read can take.
 */
export const ENDED_SESSION_MEMORY_MS = 60_000;

/**
 * Sign-in state another instance changed: sessions it revoked, or users whose row it changed. Each
 * instance drops what it cached of them (accounts' session cache).
 */
export type AccountsChange = { kind: 'sessions-ended'; sessionIds: readonly string[] } | { kind: 'users-changed'; userIds: readonly string[] };

/**
 * Delivers messages to every connection of a user, and ends the connections of revoked sessions.
 * InProcessHub for one API instance; RedisHub (redis-hub.ts, REDIS_URL) carries both between instances.
 */
export interface RealtimeHub {
  subscribe(userId: string, subscriber: Subscriber): () => void;
  publish(userId: string, message: ServerMessage): void;
  /**
   * Ends every connection, on every instance, that authenticated with one of these sessions. This
   * instance's connections stop receiving before it returns; the others' within a Redis round trip.
   */
  endSessions(sessionIds: readonly string[]): void;
  /** Tells the other instances that these users changed (their cached sign-ins must go); ends no connection. */
  usersChanged(userIds: readonly string[]): void;
  /**
   * Hears the session endings (endSessions) and user changes the other instances announce; never this
   * instance's own, which its caller has already applied. Nothing to hear in a single process.
   */
  onAccountsChanged(listener: (change: AccountsChange) => void): () => void;
  /** Whether the user has a connection open anywhere: on any live instance (ConnectionRegistry) when shared. */
  isConnected(userId: string): Promise<boolean>;
  /** Connections subscribed on this instance (a leak shows here). */
  subscriptionCount(): number;
  close(): Promise<void>;
}

/** One subscribe() call: the unit the hub counts and removes, whoever the subscriber is. */
type Subscription = { userId: string; subscriber: Subscriber; isActive: boolean };

export class InProcessHub implements RealtimeHub {
  private readonly byUser = new Map<string, Set<Subscription>>();
  private readonly bySession = new Map<string, Set<Subscription>>();
  /** Revoked session id -> when it was revoked (ms); insertion order is age order. */
  private readonly endedSessions = new Map<string, number>();
  private count = 0;

  subscribe(userId: string, subscriber: Subscriber): () => void {
    const sessionId = subscriber.session?.id;
    if (sessionId !== undefined && this.hasEnded(sessionId)) {
      subscriber.session?.end();
      return () => undefined;
    }
    const subscription: Subscription = { userId, subscriber, isActive: true };
    add(this.byUser, userId, subscription);
    if (sessionId !== undefined) add(this.bySession, sessionId, subscription);
    this.count += 1;
    return () => this.remove(subscription);
  }

  publish(userId: string, message: ServerMessage): void {
    for (const { subscriber } of this.byUser.get(userId) ?? []) {
      try {
        subscriber.send(message);
      } catch {
        // A broken connection must not stop delivery to the others; it is cleaned up on close.
      }
    }
  }

  endSessions(sessionIds: readonly string[]): void {
    const at = Date.now();
    this.forgetEndedBefore(at - ENDED_SESSION_MEMORY_MS);
    for (const sessionId of sessionIds) {
      this.endedSessions.delete(sessionId);
      this.endedSessions.set(sessionId, at);
      for (const subscription of [...(this.bySession.get(sessionId) ?? [])]) {
        // Out of the maps first, so nothing published from here on reaches it, whatever `end` does.
        this.remove(subscription);
        try {
          subscription.subscriber.session?.end();
        } catch {
          // One failing connection must not keep the others of the session open.
        }
      }
    }
  }

  usersChanged(): void {
    // One process: its accounts service has already dropped what it cached; no one else to tell.
  }

  onAccountsChanged(): () => void {
    return () => undefined;
  }

  async isConnected(userId: string): Promise<boolean> {
    return this.byUser.has(userId);
  }

  subscriptionCount(): number {
    return this.count;
  }

  async close(): Promise<void> {
    this.byUser.clear();
    this.bySession.clear();
    this.endedSessions.clear();
    this.count = 0;
  }

  /** Idempotent: a socket's close handler unsubscribes after endSessions may already have. */
  private remove(subscription: Subscription): void {
    if (!subscription.isActive) return;
    subscription.isActive = false;
    this.count -= 1;
    removeFrom(this.byUser, subscription.userId, subscription);
    const sessionId = subscription.subscriber.session?.id;
    if (sessionId !== undefined) removeFrom(this.bySession, sessionId, subscription);
  }

  private hasEnded(sessionId: string): boolean {
    const at = this.endedSessions.get(sessionId);
    return at !== undefined && at > Date.now() - ENDED_SESSION_MEMORY_MS;
  }

  private forgetEndedBefore(cutoff: number): void {
    for (const [sessionId, at] of this.endedSessions) {
      if (at >= cutoff) break;
      this.endedSessions.delete(sessionId);
    }
  }
}

function add<K, V>(map: Map<K, Set<V>>, key: K, value: V): void {
  const set = map.get(key);
  if (set) set.add(value);
  else map.set(key, new Set([value]));
}

function removeFrom<K, V>(map: Map<K, Set<V>>, key: K, value: V): void {
  const set = map.get(key);
  if (!set) return;
  set.delete(value);
  if (set.size === 0) map.delete(key);
}
