import { MailSink } from './mail-sink';

/**
 * One SMTP server for the whole browser-test run, on the port the e2e server mails to: every spec in
 * every worker reads its mails from the mailbox it files (mail-sink.ts), and none has to own the port.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const sink = new MailSink();
  await sink.start();
  return () => sink.stop();
}
