import { randomUUID } from 'node:crypto';
import type { Ride } from '@coride/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/app';
import { FIRST_RETRY_MS } from '../../../src/modules/mail/backoff';
import { backends, createTestApp, openTestDatabase, testConfig, type TestApp } from '../../support/test-app';
import { driverPayload } from '../../support/fixtures';
import { SmtpSink } from '../../support/smtp-sink';
import {
  api,
  approvedLicensee,
  book,
  CITIES,
  coordinates,
  expectOk,
  onlineDriver,
  registeredDriver,
  rider,
  signInAdmin,
  type Person,
} from '../../support/world';

const PUBLIC_URL = 'https://rides.example.com';

describe.each(backends)('the mail outbox on %s, through a real SMTP server on loopback', (backend) => {
  const sink = new SmtpSink({ auth: { user: 'mailer', pass: 's3cret' } });
  let t: TestApp;
  let clock = new Date('2026-11-20T12:00:00Z');
  let admin: Person;
  let failAt: string[] = [];
  const advance = (ms: number) => (clock = new Date(clock.getTime() + ms));

  beforeAll(async () => {
    const port = await sink.start();
    t = await createTestApp(
      backend,
      // A trailing slash on PUBLIC_URL must not double the links' slashes.
      { SMTP_URL: `smtp://mailer:s3cret@127.0.0.1:${port}`, MAIL_FROM: 'CoRide <rides@example.com>', PUBLIC_URL: `${PUBLIC_URL}/` },
      () => clock,
      (point) => {
        if (failAt.includes(point)) {
          failAt = failAt.filter((p) => p !== point);
          throw new Error(`injected failure at ${point}`);
        }
      },
    );
    admin = await signInAdmin(t.app);
  });
  afterAll(async () => {
    await t.close();
    await sink.stop();
  });

  const mail = () => t.app.services.mail;
  /** Sends the verification mails sign-ups write, and forgets them: the tests below look at one event's mail. */
  const sendSignUpMails = async () => {
    await mail().deliverDue();
    sink.received.length = 0;
  };
  const review = (applicationId: string, body: { status: string; notes?: string }) =>
    api.post(t.app, `/api/driver-applications/${applicationId}/review`, admin, body);

  it('mails an approved driver once, in the language they signed up in, with the reviewer’s notes', async () => {
    // Sign-up takes one of the 17 UI languages, or none (English).
    const unknown = await t.app.inject({ method: 'POST', url: '/api/register', payload: driverPayload({ language: 'xx' }) });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ fields: { language: 'Unknown language' } });
    const driver = await registeredDriver(t.app, admin, { approve: false, overrides: { language: 'es', firstName: 'Lucía' } });
    await sendSignUpMails();
    await expectOk(await review(driver.applicationId, { status: 'approved', notes: 'Bienvenida. Trae el seguro <original> el lunes & sonríe.' }));

    expect(await mail().deliverDue()).toMatchObject({ sent: 1, retrying: 0, failed: 0 });
    const [received, ...more] = sink.to(driver.email);
    expect(more).toHaveLength(0);
    expect(received!.subject).toBe('Tu solicitud de conductor fue aprobada');
    expect(received!.from?.value).toEqual([{ name: 'CoRide', address: 'rides@example.com' }]);
    expect(received!.text).toContain('Hola Lucía,');
    expect(received!.text).toContain('Bienvenida. Trae el seguro <original> el lunes & sonríe.');
    expect(received!.text).toContain(`${PUBLIC_URL}/driver-dashboard`);
    // The HTML part: the same mail, in Spanish, every value escaped, the link from PUBLIC_URL.
    const html = String(received!.html);
    expect(html).toContain('<html lang="es" dir="ltr">');
    expect(html).toContain('Bienvenida. Trae el seguro &lt;original&gt; el lunes &amp; sonríe.');
    expect(html).toContain(`href="${PUBLIC_URL}/driver-dashboard"`);
    expect(html).not.toMatch(/<img|<link|<script|src=/i);

    const [row] = await mail().mailsOf({ dedupeKey: `driver-application-approved:${driver.applicationId}` });
    expect(row).toMatchObject({ status: 'sent', attempts: 1, language: 'es', template: 'driver-application-approved', toAddress: driver.email });
    expect(received!.messageId).toBe(`<${row!.id}@rides.example.com>`);
    expect(row!.messageId).toBe(received!.messageId);

    // Nothing is due any more: another round sends nothing, and a second review is refused (no second mail).
    expect(await mail().deliverDue()).toMatchObject({ sent: 0 });
    expect((await review(driver.applicationId, { status: 'rejected' })).statusCode).toBe(409);
    expect(await mail().deliverDue()).toMatchObject({ sent: 0 });
    expect(sink.to(driver.email)).toHaveLength(1);
  });

  it('mails the verification link at sign-up, in the language signed up in, to PUBLIC_URL/verify-email', async () => {
    const driver = await registeredDriver(t.app, admin, { approve: false, overrides: { language: 'it', firstName: 'Giulia' } });
    await mail().deliverDue();
    const [received, ...more] = sink.to(driver.email);
    expect(more).toHaveLength(0);
    expect(received!.subject).toBe('Conferma il tuo indirizzo email');
    expect(received!.text).toMatch(new RegExp(`${PUBLIC_URL}/verify-email\\?token=[A-Za-z0-9_-]{43}`));
    sink.received.length = 0;
  });

  it('keeps a mail while the SMTP server is down, retries it with growing back-off, and sends it once the server is back', async () => {
    const driver = await registeredDriver(t.app, admin, { approve: false, overrides: { language: 'fr', firstName: 'Élodie' } });
    await sendSignUpMails();
    await sink.stop();
    await expectOk(await review(driver.applicationId, { status: 'rejected', notes: 'Le permis a expiré.' }));
    const key = `driver-application-rejected:${driver.applicationId}`;
    const row = async () => (await mail().mailsOf({ dedupeKey: key }))[0]!;

    // Connection refused: the attempt is counted and the mail waits between half and the whole first bound.
    expect(await mail().deliverDue()).toMatchObject({ sent: 0, retrying: 1 });
    let stored = await row();
    expect(stored).toMatchObject({ status: 'pending', attempts: 1 });
    expect(stored.lastError).toMatch(/ECONNREFUSED|ECONNECTION|ESOCKET/);
    expect(stored.lastError).not.toContain('s3cret');
    const firstWait = stored.nextAttemptAt.getTime() - clock.getTime();
    expect(firstWait).toBeGreaterThanOrEqual(FIRST_RETRY_MS / 2);
    expect(firstWait).toBeLessThanOrEqual(FIRST_RETRY_MS);

    // The queue as Prometheus sees it: one mail waiting, one failed attempt.
    const metrics = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(metrics).toContain('coride_mail_outbox_mails{status="pending"} 1');
    expect(metrics).toContain('coride_mail_attempts_failed_total{final="false"} 1');

    // Not due yet: not tried again.
    expect(await mail().deliverDue()).toMatchObject({ retrying: 0 });
    expect((await row()).attempts).toBe(1);

    advance(FIRST_RETRY_MS);
    expect(await mail().deliverDue()).toMatchObject({ retrying: 1 });
    stored = await row();
    expect(stored).toMatchObject({ status: 'pending', attempts: 2 });
    const secondWait = stored.nextAttemptAt.getTime() - clock.getTime();
    expect(secondWait).toBeGreaterThanOrEqual(FIRST_RETRY_MS);
    expect(secondWait).toBeLessThanOrEqual(2 * FIRST_RETRY_MS);

    // The server comes back (on the same port): the mail goes at its next due time, once.
    await sink.start();
    expect(await mail().deliverDue()).toMatchObject({ sent: 0 });
    expect(sink.to(driver.email)).toHaveLength(0);
    advance(2 * FIRST_RETRY_MS);
    expect(await mail().deliverDue()).toMatchObject({ sent: 1 });
    expect(await mail().deliverDue()).toMatchObject({ sent: 0 });
    const received = sink.to(driver.email);
    expect(received).toHaveLength(1);
    expect(received[0]!.subject).toBe('Votre candidature de chauffeur n’a pas été retenue');
    expect(received[0]!.text).toContain('Le permis a expiré.');
    expect(await row()).toMatchObject({ status: 'sent', attempts: 3, messageId: received[0]!.messageId });
  });

  it('writes one mail per event: enqueueing the same dedupe key again writes nothing', async () => {
    const dedupeKey = `password-changed:${randomUUID()}`;
    const enqueue = () =>
      t.database.db.transaction((tx) =>
        mail().enqueue(tx, { dedupeKey, to: 'twice@example.com', language: 'de', template: 'password-changed', data: { at: clock.toISOString() } }),
      );
    expect(await enqueue()).toBe(true);
    expect(await enqueue()).toBe(false);
    expect(await mail().mailsOf({ dedupeKey })).toHaveLength(1);
    await mail().deliverDue();
    expect(sink.to('twice@example.com')).toHaveLength(1);
    expect(sink.to('twice@example.com')[0]!.subject).toBe('Ihr CoRide-Passwort wurde geändert');
  });

  it('writes no mail when the transaction of its cause rolls back', async () => {
    const dedupeKey = `password-changed:${randomUUID()}`;
    await expect(
      t.database.db.transaction(async (tx) => {
        await mail().enqueue(tx, { dedupeKey, to: 'nobody@example.com', language: 'en', template: 'password-changed', data: { at: clock.toISOString() } });
        throw new Error('the cause failed');
      }),
    ).rejects.toThrow('the cause failed');
    expect(await mail().mailsOf({ dedupeKey })).toHaveLength(0);
  });

  it('writes the receipt with the split in the capture’s transaction (none when it fails, one on retry), and the dispute’s mails in theirs', async () => {
    const licensee = await approvedLicensee(t.app, admin, ['80202'], 'Denver');
    expect(licensee.territoryId).toBeTruthy();
    const driver = await onlineDriver(t.app, admin, CITIES.DENVER, coordinates(CITIES.DENVER));
    const person = await rider(t.app);
    await sendSignUpMails();
    const from = { address: 'Union Station, Denver, CO 80202', ...CITIES.DENVER };
    const to = { address: 'Coors Field, Denver, CO 80205', lat: 39.7559, lng: -104.9942 };
    const ride = await expectOk<Ride>(await book(t.app, person, from, to), 201);
    await t.app.services.dispatcher.sweep();
    await expectOk(await api.post(t.app, `/api/rides/${ride.id}/accept`, driver));
    await expectOk(await api.post(t.app, `/api/rides/${ride.id}/start`, driver, { pin: ride.pin }));
    failAt = ['capture:in-transaction'];
    await expectOk(await api.post(t.app, `/api/rides/${ride.id}/complete`, driver));
    expect(await mail().mailsOf({ dedupeKey: `ride-receipt:${ride.id}` })).toHaveLength(0);

    await t.app.services.payments.settle();
    const [receipt, ...more] = await mail().mailsOf({ dedupeKey: `ride-receipt:${ride.id}` });
    expect(more).toHaveLength(0);
    expect(receipt).toMatchObject({ template: 'ride-receipt', userId: person.id, language: 'en' });
    await mail().deliverDue();
    const [sent] = sink.received.filter((m) => m.messageId === `<${receipt!.id}@rides.example.com>`);
    const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
    expect(sent!.subject).toBe(`Your CoRide receipt: ${dollars(ride.totalFare)}`);
    expect(sent!.text).toContain(`Charged to your card: ${dollars(ride.totalFare)}`);
    expect(sent!.text).toMatch(/Your driver: \$\d+\.\d\d/);
    expect(sent!.text).toContain('Union Station, Denver, CO 80202');

    // The rider reports a problem, the licensee refunds part: one mail for each, in the same transactions.
    const opened = await expectOk<{ id: string }>(
      await api.post(t.app, `/api/rides/${ride.id}/disputes`, person, { reason: 'wrong_route', description: 'A long detour along the river.' }),
      201,
    );
    await expectOk(
      await api.post(t.app, `/api/disputes/${opened.id}/resolve`, licensee, { resolution: 'refund_partial', refundAmount: 300, note: 'Refunding the detour.' }),
    );
    expect(await mail().mailsOf({ dedupeKey: `dispute-opened:${opened.id}` })).toHaveLength(1);
    expect(await mail().mailsOf({ dedupeKey: `dispute-resolved:${opened.id}` })).toHaveLength(1);
    await mail().deliverDue();
    const subjects = sink.received.map((m) => m.subject);
    expect(subjects).toContain('We received your report about your ride');
    const [resolved] = sink.received.filter((m) => m.subject === 'Your report about your ride was resolved');
    expect(resolved!.text).toContain('$3.00 is refunded to your card.');
    expect(resolved!.text).toContain('Refunding the detour.');
  });
});

describe('two app instances on one PostgreSQL database', () => {
  it.runIf(backends.includes('postgres'))('send each mail of the outbox exactly once when both deliver at the same time', async () => {
    const sink = new SmtpSink({ delayMs: 15 });
    const port = await sink.start();
    const t = await createTestApp('postgres', { SMTP_URL: `smtp://127.0.0.1:${port}`, PUBLIC_URL });
    const twin = await t.twin();
    try {
      const keys = Array.from({ length: 40 }, (_, i) => `password-changed:race-${i}`);
      await t.database.db.transaction(async (tx) => {
        for (const [i, dedupeKey] of keys.entries())
          await t.app.services.mail.enqueue(tx, {
            dedupeKey,
            to: `race.${i}@example.com`,
            language: 'en',
            template: 'password-changed',
            data: { at: new Date().toISOString() },
          });
      });
      const rounds = await Promise.all([t.app.services.mail.deliverDue(), twin.services.mail.deliverDue()]);
      expect(rounds[0].sent + rounds[1].sent).toBe(40);
      // Both sent some: the rounds really overlapped, and neither sent a mail the other claimed.
      expect(rounds[0].sent).toBeGreaterThan(0);
      expect(rounds[1].sent).toBeGreaterThan(0);
      expect(sink.received).toHaveLength(40);
      expect(new Set(sink.received.map((m) => m.messageId)).size).toBe(40);
      for (let i = 0; i < 40; i += 1) expect(sink.to(`race.${i}@example.com`)).toHaveLength(1);
    } finally {
      await twin.closeTwin();
      await t.close();
      await sink.stop();
    }
  });
});

describe.each(backends)('without SMTP_URL on %s', (backend) => {
  it('prints each mail to the log instead of sending it, and keeps it as logged', async () => {
    const database = await openTestDatabase(backend);
    const lines: string[] = [];
    const app = await buildApp({
      config: testConfig({ LOG_LEVEL: 'info', PUBLIC_URL, DISPATCH_SWEEP_MS: '0', SETTLEMENT_SWEEP_MS: '0' }),
      database,
      logger: { stream: { write: (line) => lines.push(line) } },
    });
    try {
      await app.ready();
      const dedupeKey = `password-reset:${randomUUID()}`;
      await database.db.transaction((tx) =>
        app.services.mail.enqueue(tx, {
          dedupeKey,
          to: 'dev@example.com',
          language: 'it',
          firstName: 'Giulia',
          template: 'password-reset',
          data: { path: '/reset-password?token=dev-token' },
        }),
      );
      expect(await app.services.mail.deliverDue()).toMatchObject({ logged: 1, sent: 0 });
      const [row] = await app.services.mail.mailsOf({ dedupeKey });
      expect(row).toMatchObject({ status: 'logged', attempts: 1 });
      const logged = lines.map((line) => JSON.parse(line) as Record<string, unknown>).find((line) => line.mailId === row!.id);
      expect(logged).toMatchObject({ to: 'dev@example.com', subject: 'Reimposta la tua password CoRide' });
      expect(logged!.text).toContain(`${PUBLIC_URL}/reset-password?token=dev-token`);
      expect(logged!.text).toContain('Ciao Giulia,');
      expect(lines.some((line) => line.includes('SMTP_URL is not set: mails are printed to the log'))).toBe(true);
      expect((await app.inject({ method: 'GET', url: '/metrics' })).body).toContain('coride_mail_logged_total 1');
      // Kept, and never sent later.
      expect(await app.services.mail.deliverDue()).toMatchObject({ logged: 0 });
      expect(await app.services.mail.counts()).toMatchObject({ pending: 0, failed: 0 });
    } finally {
      await app.close();
      await database.close();
    }
  });
});
