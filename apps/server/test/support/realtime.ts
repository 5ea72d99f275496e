import type { ServerMessage } from '@coride/domain';
import WebSocket from 'ws';
import type { AppInstance } from '../../src/app';

export type MessageOf<T extends ServerMessage['type']> = Extract<ServerMessage, { type: T }>;
export type Published = { userId: string; message: ServerMessage };

const DEFAULT_WAIT_MS = 10_000;

/**
 * Records every message the app publishes through its realtime hub (whether or not the user is
 * connected), so a test can await an event instead of sleeping, and check who was told what.
 */
export class HubTap {
  readonly published: Published[] = [];
  private readonly waiters = new Set<{ predicate: (entry: Published) => boolean; resolve: (entry: Published) => void }>();

  constructor(app: AppInstance) {
    const hub = app.services.hub;
    const publish = hub.publish.bind(hub);
    hub.publish = (userId, message) => {
      const entry = { userId, message };
      this.published.push(entry);
      for (const waiter of [...this.waiters]) {
        if (waiter.predicate(entry)) {
          this.waiters.delete(waiter);
          waiter.resolve(entry);
        }
      }
      publish(userId, message);
    };
  }

  /** The log position now: pass it as `since` to look only at what comes later. */
  mark(): number {
    return this.published.length;
  }

  /** Messages of one type published to a user, oldest first. */
  to<T extends ServerMessage['type']>(userId: string, type: T, since = 0): MessageOf<T>[] {
    return this.published
      .slice(since)
      .filter((entry) => entry.userId === userId && entry.message.type === type)
      .map((entry) => entry.message as MessageOf<T>);
  }

  /** Who got messages of this type about this ride. */
  recipients(type: ServerMessage['type'], rideId: string, since = 0): string[] {
    return this.published
      .slice(since)
      .filter((entry) => entry.message.type === type && rideIdOf(entry.message) === rideId)
      .map((entry) => entry.userId);
  }

  /** The first entry (at or after `since`) that matches, published already or still to come. */
  waitFor(
    predicate: (entry: Published) => boolean,
    { since = 0, timeoutMs = DEFAULT_WAIT_MS }: { since?: number; timeoutMs?: number } = {},
  ): Promise<Published> {
    const found = this.published.slice(since).find(predicate);
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const waiter = {
        predicate,
        resolve: (entry: Published) => {
          clearTimeout(timer);
          resolve(entry);
        },
      };
      const timer = setTimeout(() => {
        this.waiters.delete(waiter);
        reject(new Error(`no matching realtime message within ${timeoutMs} ms; published: ${this.published.map((e) => e.message.type).join(', ')}`));
      }, timeoutMs);
      this.waiters.add(waiter);
    });
  }

  /**
   * Resolves when the dispatch round of a just-booked ride has finished: its offers went out, or it
   * was cancelled for want of drivers. Booking dispatches in the background, so tests wait for this.
   */
  dispatched(rideId: string, since = 0): Promise<Published> {
    return this.waitFor((entry) => (entry.message.type === 'ride_request' || entry.message.type === 'ride_cancelled') && rideIdOf(entry.message) === rideId, {
      since,
    });
  }
}

export function rideIdOf(message: ServerMessage): string | undefined {
  if ('ride' in message) return message.ride.id;
  if ('rideId' in message) return message.rideId;
  return undefined;
}

/** Starts the app on a free local port; returns the WebSocket URL. */
export async function listen(app: AppInstance): Promise<string> {
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return `${address.replace(/^http/, 'ws')}/ws`;
}

/** A WebSocket client that buffers what the server sends and lets the test await a message type. */
export class TestSocket {
  private readonly inbox: ServerMessage[] = [];
  private readonly waiters = new Set<{ type: string; resolve: (message: ServerMessage) => void; reject: (error: Error) => void }>();
  private closeEvent: { code: number; reason: string } | undefined;
  /** Resolves with the close code and reason once the connection is closed (by either side). */
  readonly closed: Promise<{ code: number; reason: string }>;

  private constructor(readonly socket: WebSocket) {
    // A failed connection also emits close, which is what waiters react to.
    socket.on('error', () => undefined);
    socket.on('message', (data) => {
      this.inbox.push(JSON.parse(String(data)) as ServerMessage);
      this.deliver();
    });
    this.closed = new Promise((resolve) => {
      socket.on('close', (code, reason) => {
        this.closeEvent = { code, reason: reason.toString() };
        for (const waiter of [...this.waiters])
          waiter.reject(new Error(`socket closed (${code}) while waiting for ${waiter.type}; inbox: ${this.describeInbox()}`));
        this.waiters.clear();
        resolve(this.closeEvent);
      });
    });
  }

  static open(url: string): Promise<TestSocket> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(url);
      const client = new TestSocket(socket);
      socket.once('open', () => resolve(client));
      socket.once('error', reject);
    });
  }

  send(message: unknown): void {
    this.socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  /** The next message of this type (the oldest unread one, or the next to arrive). */
  next<T extends ServerMessage['type']>(type: T, timeoutMs = DEFAULT_WAIT_MS): Promise<MessageOf<T>> {
    const index = this.inbox.findIndex((message) => message.type === type);
    if (index >= 0) return Promise.resolve(this.inbox.splice(index, 1)[0] as MessageOf<T>);
    if (this.closeEvent) return Promise.reject(new Error(`socket already closed (${this.closeEvent.code}); inbox: ${this.describeInbox()}`));
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters.delete(waiter);
        reject(new Error(`no ${type} message within ${timeoutMs} ms; inbox: ${this.describeInbox()}`));
      }, timeoutMs);
      const waiter = {
        type,
        resolve: (message: ServerMessage) => {
          clearTimeout(timer);
          resolve(message as MessageOf<T>);
        },
        reject: (error: Error) => {
          clearTimeout(timer);
          reject(error);
        },
      };
      this.waiters.add(waiter);
    });
  }

  /**
   * A ping/pong round trip: once the pong is here, everything the server sent this socket before
   * handling the ping has arrived too (one connection delivers in order).
   */
  async sync(): Promise<void> {
    this.send({ type: 'ping' });
    await this.next('pong');
  }

  /** Unread messages, optionally of one type. */
  unread(type?: ServerMessage['type']): ServerMessage[] {
    return this.inbox.filter((message) => type === undefined || message.type === type);
  }

  async close(): Promise<void> {
    if (this.closeEvent) return;
    this.socket.close();
    await this.closed;
  }

  private deliver(): void {
    for (const waiter of [...this.waiters]) {
      const index = this.inbox.findIndex((message) => message.type === waiter.type);
      if (index < 0) continue;
      const [message] = this.inbox.splice(index, 1);
      this.waiters.delete(waiter);
      waiter.resolve(message!);
    }
  }

  private describeInbox(): string {
    return JSON.stringify(this.inbox.map((message) => message.type));
  }
}

/** Opens a socket and authenticates with the session token. */
export async function connectAs(url: string, token: string): Promise<TestSocket> {
  const socket = await TestSocket.open(url);
  socket.send({ type: 'auth', token });
  await socket.next('auth_ok');
  return socket;
}

/** The sockets a test file opens, closed together after each test (call `closeAll` in afterEach). */
export class SocketPool {
  private readonly sockets: TestSocket[] = [];

  /** `url` is read at each open: test files learn it in beforeAll. */
  constructor(private readonly url: () => string) {}

  async open(): Promise<TestSocket> {
    return this.keep(await TestSocket.open(this.url()));
  }

  async signedIn(person: { token: string }): Promise<TestSocket> {
    return this.keep(await connectAs(this.url(), person.token));
  }

  async closeAll(): Promise<void> {
    await Promise.all(this.sockets.splice(0).map((socket) => socket.close()));
  }

  private keep(socket: TestSocket): TestSocket {
    this.sockets.push(socket);
    return socket;
  }
}
