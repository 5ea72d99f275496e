import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** The port playwright.config.ts gives the e2e server's SMTP_URL. */
export const smtpPort = Number(process.env.E2E_SMTP_PORT ?? Number(process.env.E2E_PORT ?? 5180) + 1);

/**
 * A loopback SMTP server that keeps what it receives: the e2e server sends its mails here (SMTP_URL),
 * so a test reads a mailed link as its addressee would, and no route ever reveals a token.
 */
export class MailSink {
  readonly received: ParsedMail[] = [];
  private readonly server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData: (stream, _session, callback) => {
      simpleParser(stream).then(
        (mail) => {
          this.received.push(mail);
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });

  start(port = smtpPort): Promise<void> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, '127.0.0.1', () => resolve());
    });
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /** The mails to an address, oldest first. */
  to(address: string): ParsedMail[] {
    return this.received.filter((mail) => {
      const to = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
      return to.some((field) => field.value.some((entry) => entry.address?.toLowerCase() === address.toLowerCase()));
    });
  }
}
