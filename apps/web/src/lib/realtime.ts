import { CLOSE_SERVICE_RESTART, reconnectDelayMs, restartReconnectDelayMs, type RandomSource } from '@coride/domain/reconnect';
import type { ClientMessage, ServerMessage } from '@coride/domain/rides';

export type RealtimeStatus = 'connecting' | 'open' | 'reconnecting' | 'closed';
type Listener = (message: ServerMessage) => void;

/** The spec: up to 5 reconnection attempts in a row (a successful sign-in on the socket starts the count again). */
export const MAX_RECONNECT_ATTEMPTS = 5;

/**
 * One WebSocket to /ws per signed-in tab. Authenticates with the token as its first message (never
 * in the URL), reconnects after a random wait under an exponentially growing bound (full jitter), and
 * tells `onReconnected` listeners so screens re-read their state over HTTP and miss nothing that
 * happened while the socket was down. The spec's wait was 1 s times the attempt number: every tab
 * dropped by a failed process would have come back in the same second; the jitter spreads them out.
 * A close with 1012 (the server is restarting; the others are up) reconnects within a few seconds.
 */
export class RealtimeClient {
  private socket: WebSocket | null = null;
  private attempts = 0;
  private isStopped = false;
  private hasConnectedBefore = false;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly listeners = new Set<Listener>();
  private readonly statusListeners = new Set<(status: RealtimeStatus) => void>();
  private readonly reconnectListeners = new Set<() => void>();
  status: RealtimeStatus = 'connecting';

  constructor(
    private readonly token: string,
    private readonly url: string = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`,
    private readonly random: RandomSource = Math.random,
  ) {}

  start(): void {
    this.isStopped = false;
    this.open();
  }

  private setStatus(status: RealtimeStatus): void {
    this.status = status;
    for (const listener of this.statusListeners) listener(status);
  }

  private open(): void {
    const socket = new WebSocket(this.url);
    this.socket = socket;
    socket.addEventListener('open', () => socket.send(JSON.stringify({ type: 'auth', token: this.token } satisfies ClientMessage)));
    socket.addEventListener('message', (event) => {
      let message: ServerMessage;
      try {
        message = JSON.parse(String(event.data)) as ServerMessage;
      } catch {
        return;
      }
      if (message.type === 'auth_ok') {
        this.attempts = 0;
        this.setStatus('open');
        if (this.hasConnectedBefore) for (const listener of this.reconnectListeners) listener();
        this.hasConnectedBefore = true;
      }
      for (const listener of this.listeners) listener(message);
    });
    socket.addEventListener('close', (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      // 4401: the server refused the token; retrying cannot help.
      if (this.isStopped || event.code === 4401 || this.attempts >= MAX_RECONNECT_ATTEMPTS) {
        this.setStatus('closed');
        return;
      }
      this.attempts += 1;
      this.setStatus('reconnecting');
      const delay = event.code === CLOSE_SERVICE_RESTART ? restartReconnectDelayMs(this.random) : reconnectDelayMs(this.attempts, this.random);
      this.retryTimer = setTimeout(() => this.open(), delay);
    });
  }

  send(message: ClientMessage): boolean {
    if (this.socket?.readyState !== WebSocket.OPEN || this.status !== 'open') return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  onStatus(listener: (status: RealtimeStatus) => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  onReconnected(listener: () => void): () => void {
    this.reconnectListeners.add(listener);
    return () => this.reconnectListeners.delete(listener);
  }

  stop(): void {
    this.isStopped = true;
    clearTimeout(this.retryTimer);
    this.socket?.close(1000, 'bye');
    this.socket = null;
    this.setStatus('closed');
  }
}
