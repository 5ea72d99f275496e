import { randomUUID } from 'node:crypto';
import type { ServerMessage } from '@coride/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { rateLimitedWarn, type Warn } from '../../lib/rate-limited-warn';
import type { ConnectionRegistry } from './connections';
import { InProcessHub, type AccountsChange, type RealtimeHub, type Subscriber } from './hub';

/**
 * What travels on the channel, with the instance that sent it: a message and who it is for, or the
 * sessions whose connections must end. An envelope without `kind` is a message (the format before
 * session endings travelled, so instances of both versions understand each other during a deploy).
 */
type Envelope = { origin: string } & (
  { kind?: 'message'; userId: string; message: ServerMessage } | { kind: 'end-sessions'; sessionIds: string[] } | { kind: 'users-changed'; userIds: string[] }
);

/**
 * The realtime hub across several API instances (REDIS_URL set). A user's connections may sit on any
 * instance: each message is delivered to this instance's connections at once, then published on one
 * Redis channel that every instance subscribes to; the others deliver it to theirs, and the sender
 * skips its own echo. One channel for all users keeps the subscription ready before the first socket
 * authenticates (a per-user SUBSCRIBE would race the first messages); every instance reads every
 * message, which is cheap at a handful of instances and is the thing to revisit past that.
 *
 * Revoked sessions travel the same way: endSessions closes this instance's connections at once and
 * the others' when the envelope arrives (a Redis round trip, milliseconds). Changed users travel the
 * same way; both reach the listeners of onAccountsChanged on the other instances (the accounts
 * module's session cache). An instance of the previous version reads a users-changed envelope as a
 * message to no one and drops it.
 *
 * Order: messages from one instance arrive in the order it published them (one connection, one
 * channel). Redis pub/sub is at most once: a message published while an instance is cut off from
 * Redis is lost for it, as a message to a closed socket is; clients re-read state on reconnect.
 */
export class RedisHub implements RealtimeHub {
  private readonly local = new InProcessHub();
  private readonly origin = randomUUID();
  private closed = false;
  private readonly accountListeners = new Set<(change: AccountsChange) => void>();
  /** Redis down: every location would fail to be shared; one line every few seconds says it. */
  private readonly warnUnshared: Warn;

  private constructor(
    private readonly publisher: Redis,
    private readonly subscriber: Redis,
    private readonly channel: string,
    private readonly log: FastifyBaseLogger,
    private readonly connections: ConnectionRegistry | undefined,
  ) {
    this.warnUnshared = rateLimitedWarn(log);
  }

  /**
   * Subscribes to the channel before returning, so no message published after start is missed.
   * `connections`: the registry of every instance's sockets, which isConnected asks (this instance's
   * subscriptions without it).
   */
  static async start(publisher: Redis, subscriber: Redis, channel: string, log: FastifyBaseLogger, connections?: ConnectionRegistry): Promise<RedisHub> {
    const hub = new RedisHub(publisher, subscriber, channel, log, connections);
    subscriber.on('message', (from: string, payload: string) => {
      if (from === channel) hub.receive(payload);
    });
    await subscriber.subscribe(channel);
    return hub;
  }

  subscribe(userId: string, subscriber: Subscriber): () => void {
    return this.local.subscribe(userId, subscriber);
  }

  publish(userId: string, message: ServerMessage): void {
    this.local.publish(userId, message);
    this.share({ origin: this.origin, userId, message }, (error) => this.warnUnshared(error, 'realtime message not shared with the other instances'));
  }

  endSessions(sessionIds: readonly string[]): void {
    if (sessionIds.length === 0) return;
    this.local.endSessions(sessionIds);
    this.share({ origin: this.origin, kind: 'end-sessions', sessionIds: [...sessionIds] }, (error) =>
      // Their connections on the other instances stay open until the sessions' own expiry.
      this.log.error({ err: error, sessions: sessionIds.length }, 'revoked sessions not announced to the other instances'),
    );
  }

  usersChanged(userIds: readonly string[]): void {
    if (userIds.length === 0) return;
    this.share({ origin: this.origin, kind: 'users-changed', userIds: [...userIds] }, (error) =>
      // Their cached sign-ins on the other instances last until the cache's TTL (SESSION_CACHE_TTL_MS).
      this.log.error({ err: error, users: userIds.length }, 'changed users not announced to the other instances'),
    );
  }

  onAccountsChanged(listener: (change: AccountsChange) => void): () => void {
    this.accountListeners.add(listener);
    return () => this.accountListeners.delete(listener);
  }

  subscriptionCount(): number {
    return this.local.subscriptionCount();
  }

  /** Whether the user has a connection on any live instance (this instance's own without a registry). */
  isConnected(userId: string): Promise<boolean> {
    return this.connections ? this.connections.isConnected(userId) : this.local.isConnected(userId);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.local.close();
    await this.subscriber.quit().catch(() => this.subscriber.disconnect());
  }

  private receive(payload: string): void {
    let envelope: Envelope;
    try {
      envelope = JSON.parse(payload) as Envelope;
    } catch {
      this.log.warn('unreadable realtime message on the shared channel');
      return;
    }
    if (envelope.origin === this.origin) return;
    if (envelope.kind === 'end-sessions') {
      this.local.endSessions(envelope.sessionIds);
      this.tellAccounts({ kind: 'sessions-ended', sessionIds: envelope.sessionIds });
    } else if (envelope.kind === 'users-changed') this.tellAccounts({ kind: 'users-changed', userIds: envelope.userIds });
    else this.local.publish(envelope.userId, envelope.message);
  }

  private tellAccounts(change: AccountsChange): void {
    for (const listener of this.accountListeners) {
      try {
        listener(change);
      } catch (error) {
        this.log.error({ err: error }, 'a listener of account changes failed');
      }
    }
  }

  private share(envelope: Envelope, onError: (error: unknown) => void): void {
    this.publisher.publish(this.channel, JSON.stringify(envelope)).catch(onError);
  }
}
