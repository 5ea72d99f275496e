import fs from 'node:fs';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** The port playwright.config.ts gives the e2e server's SMTP_URL. */
export const smtpPort = Number(process.env.E2E_SMTP_PORT ?? Number(process.env.E2E_PORT ?? 5180) + 1);

/** Where the run's mailbox files each mail it receives: one directory per e2e port, like the data directory. */
export const mailboxDir = path.resolve(`.tmp/e2e-mail-${Number(process.env.E2E_PORT ?? 5180)}`);

/** A received mail as a test reads it. */
export type Mail = { to: string[]; subject: string; text: string; html: string };

function addressesOf(mail: ParsedMail): string[] {
  const fields = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
  return fields.flatMap((field) => field.value.map((entry) => entry.address?.toLowerCase() ?? '')).filter(Boolean);
}

/**
 * A loopback SMTP server that files every mail it receives in `mailboxDir`, one JSON file each. The
 * e2e server sends its mails here (SMTP_URL); Playwright's global set-up (e2e/global-setup.ts) runs
 * one for the whole run, so any spec in any worker reads a mail as its addressee would (`mailsTo`), and
 * no route ever reveals a token.
 */
export class MailSink {
  private received = 0;
  private readonly server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData: (stream, _session, callback) => {
      simpleParser(stream).then(
        (mail) => {
          const filed: Mail = {
            to: addressesOf(mail),
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            html: typeof mail.html === 'string' ? mail.html : '',
          };
          this.received += 1;
          const file = path.join(this.dir, `${String(this.received).padStart(6, '0')}.json`);
          // Written whole, then renamed: a reader never sees half a mail.
          fs.writeFileSync(`${file}.part`, JSON.stringify(filed));
          fs.renameSync(`${file}.part`, file);
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });

  constructor(private readonly dir = mailboxDir) {}

  start(port = smtpPort): Promise<void> {
    fs.rmSync(this.dir, { recursive: true, force: true });
    fs.mkdirSync(this.dir, { recursive: true });
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, '127.0.0.1', () => resolve());
    });
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** The mails the run's mailbox holds for an address, oldest first. */
export function mailsTo(address: string, dir = mailboxDir): Mail[] {
  const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((name) => name.endsWith('.json')) : [];
  return files
    .sort()
    .map((name) => JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')) as Mail)
    .filter((mail) => mail.to.includes(address.toLowerCase()));
}
