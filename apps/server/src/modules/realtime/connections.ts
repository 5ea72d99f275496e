/** How often an instance renews its heartbeat in the shared registry (the `connection heartbeat` job). */
export const HEARTBEAT_MS = 3000;
/** An instance whose heartbeat is older than this is gone: its connections no longer count. */
export const INSTANCE_TTL_MS = 10_000;
/** How often the `session janitor` job looks for gone instances (one instance at a time). */
export const JANITOR_MS = 5000;

/** A user left with no connection on any live instance, and the last time one of theirs was known to be open. */
export type GoneUser = { userId: string; lastSeenAt: Date };

/**
 * What a heartbeat repaired: `reconnected`, users whose connections here were registered again (the
 * instance's registration had lapsed: Redis restarted, or a long pause got it reaped); `disconnected`,
 * users whose connection here closed while Redis was unreachable and who have none left anywhere.
 */
export type HeartbeatRepairs = { reconnected: string[]; disconnected: string[] };

/**
 * Which users have an open, authenticated WebSocket, on any instance. The realtime routes count a
 * user's connections here as they open and close, so a driver's online session ends only when their
 * last connection anywhere closes (two tabs, or a reconnect through another process). In-process for
 * one instance (InProcessConnections); RedisConnections (redis-connections.ts) when several share the
 * work, with a heartbeat per instance so a process that died stops counting.
 */
export interface ConnectionRegistry {
  /** Joins at start: true when no other live instance exists (then no connection is open anywhere). */
  start(): Promise<boolean>;
  /** A connection of the user opened on this instance. */
  add(userId: string): Promise<void>;
  /** A connection of the user on this instance closed: whether they still have one open on a live instance. */
  remove(userId: string): Promise<boolean>;
  /** Whether the user has a connection open on any live instance. */
  isConnected(userId: string): Promise<boolean>;
  /** Renews this instance's heartbeat, and rewrites its counts if they were lost or could not be written. */
  heartbeat(): Promise<HeartbeatRepairs>;
  /** Forgets the instances whose heartbeat ran out; the users this leaves with no connection anywhere. */
  reap(): Promise<GoneUser[]>;
  /** Leaves at shutdown: this instance no longer counts, and the others' janitor tidies what it leaves. */
  close(): Promise<void>;
}

/** The registry of a single instance: a count per user. No other instance exists, so nothing is ever gone. */
export class InProcessConnections implements ConnectionRegistry {
  private readonly counts = new Map<string, number>();

  async start(): Promise<boolean> {
    return true;
  }

  async add(userId: string): Promise<void> {
    this.counts.set(userId, (this.counts.get(userId) ?? 0) + 1);
  }

  async remove(userId: string): Promise<boolean> {
    const left = (this.counts.get(userId) ?? 0) - 1;
    if (left > 0) this.counts.set(userId, left);
    else this.counts.delete(userId);
    return left > 0;
  }

  async isConnected(userId: string): Promise<boolean> {
    return this.counts.has(userId);
  }

  async heartbeat(): Promise<HeartbeatRepairs> {
    return { reconnected: [], disconnected: [] };
  }

  async reap(): Promise<GoneUser[]> {
    return [];
  }

  async close(): Promise<void> {
    this.counts.clear();
  }
}
