import type { ClientMessage, ServerMessage } from '@coride/domain';
import { CLOSE_SERVICE_RESTART, reconnectDelayMs, restartReconnectDelayMs } from '@coride/domain/reconnect';
import WebSocket from 'ws';

/** The server closes with this code when the token is no longer valid: reconnecting would not help. */
const CLOSE_UNAUTHENTICATED = 4401;
/** A socket not authenticated by then is dropped and, when reconnecting, tried again. */
const AUTH_TIMEOUT_MS = 10_000;

/** The public HTTP API, as any client uses it. */
export class ApiClient {
  token: string | undefined;
  /**
   * @param timeoutMs a request without an answer by then fails (a paused or dead process behind a
   * proxy must not hold a bot forever).
   */
  constructor(
    readonly baseUrl: string,
    private readonly timeoutMs = 15_000,
  ) {}

  /** Network failures and timeouts reject; any HTTP answer resolves (a proxy's HTML error page gives `{error: text}`). */
  async request<T>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: T }> {
    const response = await fetch(new URL(path, this.baseUrl), {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    const text = await response.text();
    let parsed: unknown = undefined;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = { error: text.slice(0, 200) };
    }
    return { status: response.status, body: parsed as T };
  }

  async login(email: string, password: string): Promise<{ id: string; role: string }> {
    const { status, body } = await this.request<{ user: { id: string; role: string }; token: string; error?: string }>('POST', '/api/login', {
      email,
      password,
    });
    if (status !== 200) throw new Error(`login ${email} failed: ${status} ${body?.error ?? ''}`);
    this.token = body.token;
    return body.user;
  }

  /**
   * Opens /ws and authenticates with the token as the first message. With `reconnect`, a socket that
   * closes (its process died or restarted) is opened again after a jittered wait, and `onReconnect`
   * runs once it is authenticated again, so the caller can re-read over HTTP what it may have missed.
   */
  connect(onMessage: (message: ServerMessage) => void, options: ReconnectOptions = {}): Promise<RealtimeConnection> {
    const connection = new RealtimeConnection(this, onMessage, options);
    return connection.open().then(() => connection);
  }

  /** The /ws URL of this API. */
  get socketUrl(): URL {
    const url = new URL('/ws', this.baseUrl);
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    return url;
  }
}

export type ReconnectOptions = {
  reconnect?: boolean;
  onReconnect?: () => void;
  /** Each time the socket is lost (before the wait). */
  onDisconnect?: (code: number) => void;
};

/** One authenticated socket; with `reconnect`, the same object carries on over a new socket after a loss. */
export class RealtimeConnection {
  private socket: WebSocket | undefined;
  private isClosed = false;
  /** Authenticated once: from then on a lost socket is reopened (a first open that fails is the caller's to retry). */
  private hasOpened = false;
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** Sockets opened again after a loss. */
  reconnects = 0;

  constructor(
    private readonly api: ApiClient,
    private readonly onMessage: (message: ServerMessage) => void,
    private readonly options: ReconnectOptions,
  ) {}

  /** Opens a socket and resolves once it is authenticated (rejects when it could not be). */
  open(): Promise<void> {
    const socket = new WebSocket(this.api.socketUrl, { perMessageDeflate: false });
    this.socket = socket;
    return new Promise((resolve, reject) => {
      let isAuthenticated = false;
      // A process that accepted the connection and then stopped answering (paused, overloaded): give up on this socket.
      const authTimer = setTimeout(() => socket.terminate(), AUTH_TIMEOUT_MS);
      socket.on('error', (error) => {
        if (!isAuthenticated) reject(error);
      });
      socket.once('open', () => socket.send(JSON.stringify({ type: 'auth', token: this.api.token })));
      socket.on('message', (raw) => {
        let message: ServerMessage;
        try {
          message = JSON.parse(raw.toString()) as ServerMessage;
        } catch {
          return;
        }
        if (message.type === 'auth_ok') {
          isAuthenticated = true;
          clearTimeout(authTimer);
          this.hasOpened = true;
          this.attempt = 0;
          resolve();
        } else if (message.type === 'error' && message.code === 'UNAUTHENTICATED') reject(new Error(message.error));
        this.onMessage(message);
      });
      socket.once('close', (code) => {
        clearTimeout(authTimer);
        if (!isAuthenticated) reject(new Error(`socket closed before authentication (${code})`));
        if (this.socket !== socket || this.isClosed) return;
        this.options.onDisconnect?.(code);
        if (this.options.reconnect && this.hasOpened && code !== CLOSE_UNAUTHENTICATED) this.scheduleReconnect(code === CLOSE_SERVICE_RESTART);
      });
    });
  }

  private scheduleReconnect(isRestart: boolean): void {
    this.attempt += 1;
    const delay = isRestart && this.attempt === 1 ? restartReconnectDelayMs() : reconnectDelayMs(this.attempt);
    this.timer = setTimeout(() => {
      if (this.isClosed) return;
      // A failed attempt (refused, the proxy's 503) ends in 'close' too, which schedules the next one.
      this.open().then(
        () => {
          this.reconnects += 1;
          this.options.onReconnect?.();
        },
        () => undefined,
      );
    }, delay);
  }

  get isOpen(): boolean {
    return this.socket?.readyState === WebSocket.OPEN;
  }

  send(message: ClientMessage): void {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
  }
  close(): void {
    this.isClosed = true;
    clearTimeout(this.timer);
    this.socket?.close();
  }
  onClose(listener: () => void): void {
    this.socket?.once('close', listener);
  }
}
