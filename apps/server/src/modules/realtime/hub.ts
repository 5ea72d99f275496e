import type { ServerMessage } from '@coride/domain';

/** Something that can receive server messages: a WebSocket connection, or a test's recorder. */
export type Subscriber = { send(message: ServerMessage): void };

/**
 * Delivers messages to every connection of a user. InProcessHub for one API instance; RedisHub
 * (redis-hub.ts, REDIS_URL) carries them between instances.
 */
export interface RealtimeHub {
  subscribe(userId: string, subscriber: Subscriber): () => void;
  publish(userId: string, message: ServerMessage): void;
  isConnected(userId: string): boolean;
  close(): Promise<void>;
}

export class InProcessHub implements RealtimeHub {
  private readonly subscribers = new Map<string, Set<Subscriber>>();

  subscribe(userId: string, subscriber: Subscriber): () => void {
    const set = this.subscribers.get(userId) ?? new Set();
    set.add(subscriber);
    this.subscribers.set(userId, set);
    return () => {
      set.delete(subscriber);
      if (set.size === 0) this.subscribers.delete(userId);
    };
  }

  publish(userId: string, message: ServerMessage): void {
    for (const subscriber of this.subscribers.get(userId) ?? []) {
      try {
        subscriber.send(message);
      } catch {
        // A broken connection must not stop delivery to the others; it is cleaned up on close.
      }
    }
  }

  isConnected(userId: string): boolean {
    return this.subscribers.has(userId);
  }

  async close(): Promise<void> {
    this.subscribers.clear();
  }
}
