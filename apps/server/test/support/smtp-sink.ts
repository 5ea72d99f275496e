import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server on loopback (the smtp-server package) that keeps every message it accepts,
 * parsed by mailparser. With `auth`, it asks for that user and password (over plain text: loopback
 * only). `delayMs` holds each message before accepting it, so concurrent senders overlap.
 */
export class SmtpSink {
  readonly received: ParsedMail[] = [];
  private server: SMTPServer | undefined;
  port = 0;

  constructor(private readonly options: { auth?: { user: string; pass: string }; delayMs?: number } = {}) {}

  /** Listens on `port` (a free one by default; the previous one after a stop) and resolves with it. */
  async start(port = this.port): Promise<number> {
    const { auth, delayMs = 0 } = this.options;
    const server = new SMTPServer({
      logger: false,
      // No TLS on loopback: nodemailer would otherwise upgrade to a self-signed certificate it refuses.
      disabledCommands: auth ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
      authOptional: !auth,
      allowInsecureAuth: true,
      closeTimeout: 200,
      onAuth: (credentials, _session, callback) => {
        if (auth && credentials.username === auth.user && credentials.password === auth.pass) callback(null, { user: auth.user });
        else callback(new Error('Invalid username or password'));
      },
      onData: (stream, _session, callback) => {
        simpleParser(stream).then(
          (mail) =>
            setTimeout(() => {
              this.received.push(mail);
              callback();
            }, delayMs),
          (error: Error) => callback(error),
        );
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    this.port = (server.server.address() as AddressInfo).port;
    this.server = server;
    return this.port;
  }

  /** Stops listening: connections to the port are refused until the next start. */
  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** The messages accepted for one address. */
  to(address: string): ParsedMail[] {
    return this.received.filter((mail) => {
      const to = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
      return to.some((group) => group.value.some((entry) => entry.address === address));
    });
  }
}
