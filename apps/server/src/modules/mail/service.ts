import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../../db/client';
import { isLanguageCode } from '@coride/domain';
import type { ChannelPreferences } from '../preferences/service';
import { retryDelayMs } from './backoff';
import { mailCategoryOf } from './categories';
import { ignoreMailEvents, type MailEvents } from './events';
import * as repo from './repository';
import type { MailStatus } from './tables';
import { renderMail, type MailData, type MailTemplate } from './templates';
import { describeFailure, isConnectionFailure, smtpTransport, type MailTransport } from './transport';

export type MailService = ReturnType<typeof createMailService>;

/** A mail about an event, to an address in a language (enqueue), or to a user's account (enqueueToUser). */
export type MailRequest<T extends MailTemplate> = {
  /** The event that causes the mail, e.g. `driver-application-approved:<applicationId>`: one mail per key. */
  dedupeKey: string;
  template: T;
  data: MailData[T];
};

/**
 * A claimed mail is the claimant's for this long: another process claims it again only after, so a
 * process that died while sending it leaves it for the others (and it is sent again: at least once).
 * Far longer than an attempt can take (the transport's timeouts: about 80 s at worst).
 */
export const CLAIM_LEASE_MS = 5 * 60_000;

/** Mails one delivery round sends at most (the next round, a few seconds later, takes the rest). */
const ROUND_LIMIT = 50;

/**
 * The mail outbox (ADR 019). `enqueue*` writes a mail in the caller's transaction, so it exists if and
 * only if its cause was committed; `deliverDue` (the delivery job, every MAIL_DELIVERY_MS on every
 * instance) claims due mails one at a time, renders and sends them, and records the outcome.
 */
export function createMailService(deps: {
  db: Database;
  now: () => Date;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  settings: { smtpUrl: string | undefined; from: string; maxAttempts: number; publicUrl: string };
  events?: MailEvents | undefined;
  /** What each user turned off (ADR 026): `enqueueToUser` skips a muted category, never an `always` mail. */
  preferences: ChannelPreferences;
  /** Tests: the jitter of the back-off (Math.random otherwise). */
  random?: () => number;
}) {
  const { db, now, log, settings } = deps;
  const events = deps.events ?? ignoreMailEvents;
  const random = deps.random ?? Math.random;
  let transport: MailTransport | undefined;
  const transportOf = (smtpUrl: string) => (transport ??= smtpTransport(smtpUrl));
  // Message-IDs name the product's host, as a receiver expects (<outbox id@host>).
  const host = new URL(settings.publicUrl).hostname || 'localhost';
  if (!settings.smtpUrl) log.warn('SMTP_URL is not set: mails are printed to the log (one-time links included) and not sent');

  async function enqueue<T extends MailTemplate>(
    tx: Executor,
    mail: MailRequest<T> & { to: string; language: string; userId?: string | null; firstName?: string },
  ): Promise<boolean> {
    return repo.insertMail(tx, {
      dedupeKey: mail.dedupeKey,
      toAddress: mail.to,
      userId: mail.userId ?? null,
      language: isLanguageCode(mail.language) ? mail.language : 'en',
      template: mail.template,
      data: { ...mail.data, firstName: mail.firstName ?? '' },
      dueAt: now(),
    });
  }

  /** One round of sending: due mails, one at a time, until none is due or ROUND_LIMIT; what happened to them. */
  async function deliverDue(): Promise<Record<'sent' | 'logged' | 'retrying' | 'failed', number>> {
    const outcome = { sent: 0, logged: 0, retrying: 0, failed: 0 };
    for (let handled = 0; handled < ROUND_LIMIT; handled += 1) {
      const at = now();
      const row = await repo.claimDue(db, at, new Date(at.getTime() + CLAIM_LEASE_MS));
      if (!row) break;
      const messageId = `<${row.id}@${host}>`;
      let rendered;
      try {
        rendered = renderMail(row.template, row.language, row.data, settings.publicUrl);
      } catch (error) {
        await repo.markAttemptFailed(db, row, describeFailure(error), undefined);
        events.attemptFailed(true);
        outcome.failed += 1;
        log.warn({ mailId: row.id, template: row.template, err: error }, 'mail could not be rendered; it is kept as failed');
        continue;
      }
      if (!settings.smtpUrl) {
        // Development: the mail (links with one-time tokens included) goes to the log, not to anyone.
        log.info(
          { mailId: row.id, to: row.toAddress, subject: rendered.subject, template: row.template, text: rendered.text },
          'mail (SMTP_URL unset: logged, not sent)',
        );
        await repo.markLogged(db, row, messageId, now());
        events.logged();
        outcome.logged += 1;
        continue;
      }
      try {
        await transportOf(settings.smtpUrl).send({
          from: settings.from,
          to: row.toAddress,
          subject: rendered.subject,
          text: rendered.text,
          html: rendered.html,
          messageId,
        });
      } catch (error) {
        const isLast = row.attempts >= settings.maxAttempts;
        const retryAt = isLast ? undefined : new Date(now().getTime() + retryDelayMs(row.attempts, random));
        await repo.markAttemptFailed(db, row, describeFailure(error), retryAt);
        events.attemptFailed(isLast);
        if (isLast) outcome.failed += 1;
        else outcome.retrying += 1;
        log.warn(
          { mailId: row.id, template: row.template, attempts: row.attempts, retryAt, error: describeFailure(error) },
          isLast ? 'mail not sent after its last attempt; it is kept as failed' : 'mail not sent; it will be tried again',
        );
        // The server is down or unreachable: the other due mails wait for the next round, untouched.
        if (isConnectionFailure(error)) break;
        continue;
      }
      // Accepted by the server. A crash before this update sends it again once the claim's lease is
      // over, with the same Message-ID (at least once; ADR 019).
      await repo.markSent(db, row, messageId, now());
      events.sent();
      outcome.sent += 1;
    }
    return outcome;
  }

  return {
    enqueue,

    /**
     * A mail to a user's account, in their language and with their first name, written in the caller's
     * transaction (`tx`); nothing when the dedupe key was mailed already, or when the user turned the
     * mail's category off (read in the same transaction; security mails are always written). False when
     * not written.
     */
    async enqueueToUser<T extends MailTemplate>(tx: Executor, userId: string, mail: MailRequest<T>): Promise<boolean> {
      const category = mailCategoryOf[mail.template];
      if (category !== 'always' && (await deps.preferences.isMuted(tx, userId, category, 'email'))) return false;
      const recipient = await repo.readRecipient(tx, userId);
      if (!recipient) return false;
      return enqueue(tx, { ...mail, to: recipient.email, language: recipient.language, userId, firstName: recipient.firstName });
    },

    deliverDue,

    /** Pending (waiting or retrying) and failed (given up) mails, for the metrics. */
    counts: (): Promise<Record<MailStatus, number>> => repo.countByStatus(db, ['pending', 'failed']),

    /** The mails of one event or user, oldest first. */
    mailsOf: (filter: { dedupeKey: string } | { userId: string }) => repo.mailsOf(db, filter),

    /** Closes the SMTP transport (the app's close, after the delivery job has stopped). */
    close(): void {
      transport?.close();
      transport = undefined;
    },
  };
}
