import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { languageCodes, splitFare, splitTotal } from '@coride/domain';
import { describe, expect, it } from 'vitest';
import { FIRST_RETRY_MS, MAX_RETRY_MS, retryDelayMs } from '../../../src/modules/mail/backoff';
import { formatMoney } from '../../../src/lib/intl';
import { mailLanguage, mailLanguages, mailTemplates, renderMail, type MailData, type MailTemplate } from '../../../src/modules/mail/templates';

// The files themselves, read from disk: a file that exists but is not loaded by templates.ts shows up too.
const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../../src/modules/mail/templates');
const files: Record<string, unknown> = Object.fromEntries(
  fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .map((name) => [name.replace(/\.json$/u, ''), JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')) as unknown]),
);

/** "mails.ride-receipt.subject" -> text, for every string in a file. */
function flatten(value: unknown, prefix = ''): Record<string, string> {
  if (typeof value === 'string') return { [prefix]: value };
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).flatMap(([key, inner]) => Object.entries(flatten(inner, prefix ? `${prefix}.${key}` : key))),
  );
}
const english = flatten(files.en);
const placeholders = (text: string) => [...new Set([...text.matchAll(/\{(\w+)\}/gu)].map((match) => match[1]!))].sort();

const PUBLIC_URL = 'https://rides.example.com';
const fare = { subtotal: 1890, platformFee: 57, adminFee: 57, totalFare: 2004 };
const samples: { [T in MailTemplate]: MailData[T] } = {
  'email-verification': { path: '/verify-email?token=abc' },
  'password-reset': { path: '/reset-password?token=abc' },
  'password-changed': { at: '2026-11-20T12:00:00.000Z' },
  'driver-application-approved': { notes: 'Welcome aboard' },
  'driver-application-rejected': { notes: 'Licence expired' },
  'licensee-application-approved': { territoryName: 'Midtown', notes: null },
  'licensee-application-rejected': { territoryName: 'Midtown', notes: 'Zip codes taken' },
  'ride-receipt': {
    rideId: 'r1',
    completedAt: '2026-11-20T12:00:00.000Z',
    pickup: 'Times Square',
    dropoff: 'Penn Station',
    fare: { ...fare, creditApplied: 500, paid: 1504 },
    split: splitFare(fare),
  },
  'dispute-opened': { disputeId: 'd1', completedAt: '2026-11-20T12:00:00.000Z', pickup: 'Times Square', dropoff: 'Penn Station', reviewDays: 7 },
  'dispute-resolved': {
    disputeId: 'd1',
    completedAt: '2026-11-20T12:00:00.000Z',
    pickup: 'Times Square',
    dropoff: 'Penn Station',
    resolution: 'refund_partial',
    refundAmount: 750,
    note: 'Long detour',
  },
  'payout-sent': { amount: 12345, lastFour: '6789', path: '/driver-dashboard' },
  'account-deletion': {},
  'driver-suspended': { reason: 'Repeated late cancellations' },
  'driver-reinstated': {},
  'sos-alert': { name: 'Ana Lopez', path: '/trip/abc', at: '2026-11-20T12:00:00.000Z' },
};

describe('mail templates', () => {
  it('has one file per UI language, and templates.ts loads each of them', () => {
    expect(Object.keys(files).sort()).toEqual([...languageCodes].sort());
    expect([...mailLanguages].sort()).toEqual([...languageCodes].sort());
  });

  it('covers every mail of the contract', () => {
    expect([...mailTemplates].sort()).toEqual(Object.keys(samples).sort());
  });

  it('every language has exactly the English texts, each non-empty, with the English placeholders', () => {
    for (const language of languageCodes) {
      const texts = flatten(files[language]);
      expect(Object.keys(texts).sort(), language).toEqual(Object.keys(english).sort());
      for (const [key, text] of Object.entries(texts)) {
        expect(text, `${language} ${key}`).toMatch(/\S/u);
        expect(placeholders(text), `${language} ${key}`).toEqual(placeholders(english[key]!));
      }
    }
  });

  it('is translated: no other language reuses an English subject or body', () => {
    const subjectsAndBodies = Object.keys(english).filter((key) => /\.(subject|body)$/.test(key));
    for (const language of languageCodes.filter((code) => code !== 'en')) {
      const texts = flatten(files[language]);
      for (const key of subjectsAndBodies) expect(texts[key], `${language} ${key}`).not.toBe(english[key]);
    }
  });

  it.each(languageCodes)('renders every mail in %s: subject, text and HTML, with the name, the values and links from PUBLIC_URL', (language) => {
    for (const template of mailTemplates) {
      const mail = renderMail(template, language, { ...samples[template], firstName: 'Zoë' }, PUBLIC_URL);
      expect(mail.language).toBe(language);
      expect(mail.subject).toMatch(/\S/u);
      expect(mail.subject).not.toMatch(/[{}\n]/u);
      expect(mail.text).not.toMatch(/\{\w+\}/u);
      expect(mail.text).toContain('Zoë');
      expect(mail.html).toContain('Zoë');
      expect(mail.html).toContain(`<html lang="${language}" dir="${language === 'ar' ? 'rtl' : 'ltr'}">`);
      // No external resources: no images, styles, scripts or fonts to fetch.
      expect(mail.html).not.toMatch(/<img|<link|<script|src=|url\(/iu);
      if (template !== 'account-deletion') expect(mail.text).toContain(PUBLIC_URL);
    }
  });

  it('escapes every value in the HTML part and keeps the text part as written', () => {
    const mail = renderMail(
      'licensee-application-rejected',
      'en',
      { firstName: '<b>Eve</b>', territoryName: 'A & B', notes: '<script>alert(1)</script>' },
      PUBLIC_URL,
    );
    expect(mail.html).toContain('&lt;b&gt;Eve&lt;/b&gt;');
    expect(mail.html).toContain('A &amp; B');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html).not.toContain('<script>');
    expect(mail.text).toContain('<script>alert(1)</script>');
    expect(mail.subject).toBe('Your licensee application for A & B was not approved');
  });

  it('shows the receipt’s amounts from integer cents, and a split that adds up to the fare', () => {
    const data = samples['ride-receipt'];
    const mail = renderMail('ride-receipt', 'en', { ...data, firstName: 'Ada' }, PUBLIC_URL);
    expect(splitTotal(data.split)).toBe(data.fare.totalFare);
    expect(mail.subject).toBe('Your CoRide receipt: $20.04');
    expect(mail.text).toContain('Ride (distance and time): $18.90');
    expect(mail.text).toContain('Reward credit: −$5.00');
    expect(mail.text).toContain('Charged to your card: $15.04');
    expect(mail.text).toContain(`Your driver: ${formatMoney(data.split.driver, 'en')}`);
    expect(mail.text).toContain(`${PUBLIC_URL}/dashboard`);
    expect(formatMoney(1504, 'de')).toMatch(/15,04/u);
  });

  it('tells the dispute’s outcome with the refund', () => {
    const mail = renderMail('dispute-resolved', 'en', { ...samples['dispute-resolved'], firstName: 'Ada' }, PUBLIC_URL);
    expect(mail.text).toContain('$7.50 is refunded to your card.');
    expect(mail.text).toContain('Long detour');
  });

  it('falls back to English for a language it does not know, and refuses an unknown template', () => {
    expect(mailLanguage('xx')).toBe('en');
    const mail = renderMail('account-deletion', 'xx', { firstName: 'Ada' }, PUBLIC_URL);
    expect(mail).toMatchObject({ language: 'en', subject: 'Your CoRide account was deleted' });
    expect(() => renderMail('no-such-mail', 'en', {}, PUBLIC_URL)).toThrow(/unknown mail template/);
  });
});

describe('retry back-off', () => {
  it('waits between half and the whole of a bound that doubles from 30 s up to 1 hour', () => {
    expect(retryDelayMs(1, () => 0)).toBe(FIRST_RETRY_MS / 2);
    expect(retryDelayMs(1, () => 1)).toBe(FIRST_RETRY_MS);
    expect(retryDelayMs(2, () => 1)).toBe(2 * FIRST_RETRY_MS);
    expect(retryDelayMs(4, () => 1)).toBe(8 * FIRST_RETRY_MS);
    expect(retryDelayMs(8, () => 1)).toBe(MAX_RETRY_MS);
    expect(retryDelayMs(50, () => 0)).toBe(MAX_RETRY_MS / 2);
    for (let attempts = 1; attempts < 40; attempts += 1) {
      const delay = retryDelayMs(attempts);
      expect(delay).toBeGreaterThanOrEqual(Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** (attempts - 1)) / 2);
      expect(delay).toBeLessThanOrEqual(MAX_RETRY_MS);
    }
  });
});
