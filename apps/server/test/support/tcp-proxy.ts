import net from 'node:net';

/**
 * A TCP proxy in the test process, in front of a real server (the machine's Redis), that the test can
 * break without touching the server other tests share:
 * - `cut()`: every connection through it is reset and new ones are refused, as when the server
 *   stops or restarts (the client notices at once and reconnects in a loop);
 * - `hang()`: connections stay open but nothing is forwarded any more, as when the server is paused
 *   (SIGSTOP) or the network drops packets (the client notices nothing: only a timeout helps);
 * - `heal()`: forwards again (a hung connection resumes, a cut client reconnects).
 */
export class TcpProxy {
  private readonly sockets = new Set<net.Socket>();
  private state: 'open' | 'cut' | 'hung' = 'open';
  /** Bytes held back from each side while hung, written out on heal. */
  private readonly held = new Map<net.Socket, Buffer[]>();

  private readonly server: net.Server;
  private port = 0;

  private constructor(targetHost: string, targetPort: number) {
    this.server = net.createServer((client) => this.accept(client, targetHost, targetPort));
  }

  /** Listens on a free local port, forwarding to the host and port of `targetUrl` ("redis://host:port/..."). */
  static async start(targetUrl: string): Promise<TcpProxy> {
    const target = new URL(targetUrl);
    const proxy = new TcpProxy(target.hostname, Number(target.port || 6379));
    await new Promise<void>((resolve, reject) => {
      proxy.server.once('error', reject);
      proxy.server.listen(0, '127.0.0.1', () => resolve());
    });
    proxy.port = (proxy.server.address() as net.AddressInfo).port;
    return proxy;
  }

  /** `targetUrl` with the proxy in place of its host and port (password, database and path kept). */
  urlFor(targetUrl: string): string {
    const url = new URL(targetUrl);
    url.hostname = '127.0.0.1';
    url.port = String(this.port);
    return url.toString();
  }

  cut(): void {
    this.state = 'cut';
    for (const socket of this.sockets) socket.resetAndDestroy();
    this.sockets.clear();
    this.held.clear();
  }

  hang(): void {
    this.state = 'hung';
  }

  heal(): void {
    this.state = 'open';
    for (const [socket, chunks] of this.held) for (const chunk of chunks) if (!socket.destroyed) socket.write(chunk);
    this.held.clear();
  }

  async close(): Promise<void> {
    this.cut();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private accept(client: net.Socket, host: string, port: number): void {
    if (this.state === 'cut') {
      client.resetAndDestroy();
      return;
    }
    const upstream = net.connect(port, host);
    for (const socket of [client, upstream]) {
      this.sockets.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => {
        this.sockets.delete(socket);
        this.held.delete(socket);
        client.destroy();
        upstream.destroy();
      });
    }
    const forward = (to: net.Socket) => (chunk: Buffer) => {
      if (this.state === 'hung') this.held.set(to, [...(this.held.get(to) ?? []), chunk]);
      else if (!to.destroyed) to.write(chunk);
    };
    client.on('data', forward(upstream));
    upstream.on('data', forward(client));
  }
}
