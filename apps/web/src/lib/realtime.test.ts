import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_RECONNECT_ATTEMPTS, RealtimeClient } from './realtime';

/** A stand-in for the browser's WebSocket that the test drives by hand. */
class FakeSocket {
  static OPEN = 1;
  static instances: FakeSocket[] = [];
  readonly OPEN = 1;
  readyState = 0;
  sent: unknown[] = [];
  private listeners = new Map<string, ((event: { data?: string; code?: number }) => void)[]>();
  constructor(readonly url: string) {
    FakeSocket.instances.push(this);
  }
  addEventListener(type: string, listener: (event: { data?: string; code?: number }) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.drop(1000);
  }
  open() {
    this.readyState = 1;
    this.listeners.get('open')?.forEach((l) => l({}));
  }
  receive(message: unknown) {
    this.listeners.get('message')?.forEach((l) => l({ data: JSON.stringify(message) }));
  }
  drop(code = 1006) {
    this.readyState = 3;
    this.listeners.get('close')?.forEach((l) => l({ code }));
  }
}

describe('RealtimeClient', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeSocket.instances = [];
    vi.stubGlobal('WebSocket', FakeSocket);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  const last = () => FakeSocket.instances.at(-1)!;

  it('sends the token as its first message, never in the URL', () => {
    new RealtimeClient('secret-token', 'ws://host/ws').start();
    expect(last().url).toBe('ws://host/ws');
    last().open();
    expect(last().sent).toEqual([{ type: 'auth', token: 'secret-token' }]);
  });

  it('reconnects up to 5 times, each after a random share of a bound that doubles from 1 second, then gives up', () => {
    // The random draw is half the bound: 0.5 s, 1 s, 2 s, 4 s, 8 s.
    const client = new RealtimeClient('t', 'ws://host/ws', () => 0.5);
    client.start();
    for (let attempt = 1; attempt <= MAX_RECONNECT_ATTEMPTS; attempt += 1) {
      const before = FakeSocket.instances.length;
      last().drop();
      expect(client.status).toBe('reconnecting');
      vi.advanceTimersByTime(500 * 2 ** (attempt - 1) - 1);
      expect(FakeSocket.instances.length).toBe(before);
      vi.advanceTimersByTime(1);
      expect(FakeSocket.instances.length).toBe(before + 1);
    }
    last().drop();
    expect(client.status).toBe('closed');
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.instances.length).toBe(MAX_RECONNECT_ATTEMPTS + 1);
  });

  it('tells listeners after a reconnection so screens re-read over HTTP, and delivers messages', () => {
    const client = new RealtimeClient('t', 'ws://host/ws');
    const reconnected = vi.fn();
    const messages: string[] = [];
    client.onReconnected(reconnected);
    client.subscribe((m) => messages.push(m.type));
    client.start();
    last().open();
    last().receive({ type: 'auth_ok', userId: 'u', role: 'customer' });
    expect(reconnected).not.toHaveBeenCalled();
    last().drop();
    vi.advanceTimersByTime(1000);
    last().open();
    last().receive({ type: 'auth_ok', userId: 'u', role: 'customer' });
    expect(reconnected).toHaveBeenCalledTimes(1);
    last().receive({ type: 'ride_started', ride: {} });
    expect(messages).toEqual(['auth_ok', 'auth_ok', 'ride_started']);
  });

  it('spreads the reconnections of many tabs dropped at once over the window (jitter)', () => {
    const draws = [0.1, 0.9, 0.5];
    const clients = draws.map((draw) => new RealtimeClient('t', 'ws://host/ws', () => draw));
    const sockets = clients.map((client) => {
      client.start();
      return last();
    });
    for (const socket of sockets) socket.drop();
    const opened: number[] = [];
    for (let ms = 1; ms <= 1000; ms += 1) {
      const before = FakeSocket.instances.length;
      vi.advanceTimersByTime(1);
      if (FakeSocket.instances.length > before) opened.push(ms);
    }
    expect(opened).toEqual([100, 500, 900]);
  });

  it('reconnects within the restart window when the server closes with 1012 (service restart), then backs off as usual', () => {
    const client = new RealtimeClient('t', 'ws://host/ws', () => 0.5);
    const reconnected = vi.fn();
    client.onReconnected(reconnected);
    client.start();
    last().open();
    last().receive({ type: 'auth_ok', userId: 'u', role: 'customer' });
    last().drop(1012);
    expect(client.status).toBe('reconnecting');
    // Half of the 3 s restart window, not the failure back-off (0.5 s here).
    vi.advanceTimersByTime(1499);
    expect(FakeSocket.instances).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.instances).toHaveLength(2);
    // The process the balancer picked is not up either: the usual back-off (second attempt: 1 s).
    last().drop();
    vi.advanceTimersByTime(999);
    expect(FakeSocket.instances).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.instances).toHaveLength(3);
    last().open();
    last().receive({ type: 'auth_ok', userId: 'u', role: 'customer' });
    expect(reconnected).toHaveBeenCalledTimes(1);
    expect(client.status).toBe('open');
  });

  it('does not retry when the server refuses the token (close code 4401)', () => {
    const client = new RealtimeClient('bad', 'ws://host/ws');
    client.start();
    last().drop(4401);
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.instances).toHaveLength(1);
    expect(client.status).toBe('closed');
  });
});
