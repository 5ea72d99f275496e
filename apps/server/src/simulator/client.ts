import type { ClientMessage, ServerMessage } from '@coride/domain';
import WebSocket from 'ws';

/** The public HTTP API, as any client uses it. */
export class ApiClient {
  token: string | undefined;
  constructor(readonly baseUrl: string) {}

  async request<T>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: T }> {
    const response = await fetch(new URL(path, this.baseUrl), {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
  }

  async login(email: string, password: string): Promise<{ id: string; role: string }> {
    const { status, body } = await this.request<{ user: { id: string; role: string }; token: string; error?: string }>('POST', '/api/login', {
      email,
      password,
    });
    if (status !== 200) throw new Error(`login ${email} failed: ${status} ${body.error ?? ''}`);
    this.token = body.token;
    return body.user;
  }

  /** Opens /ws and authenticates with the token as the first message. */
  connect(onMessage: (message: ServerMessage) => void): Promise<RealtimeConnection> {
    const url = new URL('/ws', this.baseUrl);
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    const socket = new WebSocket(url);
    return new Promise((resolve, reject) => {
      socket.once('error', reject);
      socket.once('open', () => socket.send(JSON.stringify({ type: 'auth', token: this.token })));
      socket.on('message', (raw) => {
        const message = JSON.parse(raw.toString()) as ServerMessage;
        if (message.type === 'auth_ok') resolve(new RealtimeConnection(socket));
        else if (message.type === 'error' && message.code === 'UNAUTHENTICATED') reject(new Error(message.error));
        onMessage(message);
      });
    });
  }
}

export class RealtimeConnection {
  constructor(private readonly socket: WebSocket) {}
  send(message: ClientMessage): void {
    if (this.socket.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
  }
  close(): void {
    this.socket.close();
  }
  onClose(listener: () => void): void {
    this.socket.once('close', listener);
  }
}
