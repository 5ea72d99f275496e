import { createTransport } from 'nodemailer';

export type OutgoingMail = { from: string; to: string; subject: string; text: string; html: string; messageId: string };

/** Where mails go: an SMTP server (SMTP_URL). A port, so the delivery job does not know nodemailer. */
export type MailTransport = { send(mail: OutgoingMail): Promise<void>; close(): void };

/**
 * A nodemailer SMTP transport built from SMTP_URL (smtp:// with STARTTLS when the server offers it,
 * or smtps://), one connection per mail. The timeouts bound an attempt on a server that accepts the
 * connection and then hangs, well inside the delivery job's claim lease (service.ts).
 */
export function smtpTransport(smtpUrl: string): MailTransport {
  const transporter = createTransport({ url: smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 60_000 });
  return {
    async send(mail) {
      await transporter.sendMail({ ...mail, messageId: mail.messageId });
    },
    close: () => transporter.close(),
  };
}

/** Failures of the connection itself (refused, unreachable, timed out): the server is down, not the mail's fault. */
export function isConnectionFailure(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && ['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS', 'ECONNREFUSED', 'ECONNRESET', 'EHOSTUNREACH', 'ENOTFOUND'].includes(code);
}

/**
 * What is kept of a failure (`last_error`) and logged: the error's code and the server's message, cut
 * short. nodemailer's messages never carry the SMTP URL's password; the URL itself is never logged.
 */
export function describeFailure(error: unknown): string {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  const text = [typeof code === 'string' ? code : undefined, typeof message === 'string' ? message : String(error)].filter(Boolean).join(': ');
  return text.slice(0, 500);
}
