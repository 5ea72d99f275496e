/*
 * The mails' texts: one JSON file per UI language in ./templates (inlined in the bundle by esbuild, like
 * the assistant's replies, ADR 011), each with the same keys and {placeholders} as English
 * (test/modules/mail/mail-templates.test.ts). A mail is rendered when it is sent, from the values its
 * outbox row fixed when its event happened: a plain-text part and a simple HTML part (inline styles, no
 * external resources, every value escaped; right to left for Arabic). Unknown languages get English.
 */
import { languages, payees, type Payee, type Split } from '@coride/domain';
import arJson from './templates/ar.json';
import deJson from './templates/de.json';
import enJson from './templates/en.json';
import esJson from './templates/es.json';
import frJson from './templates/fr.json';
import hiJson from './templates/hi.json';
import itJson from './templates/it.json';
import jaJson from './templates/ja.json';
import koJson from './templates/ko.json';
import myJson from './templates/my.json';
import ptJson from './templates/pt.json';
import ruJson from './templates/ru.json';
import swJson from './templates/sw.json';
import thJson from './templates/th.json';
import trJson from './templates/tr.json';
import viJson from './templates/vi.json';
import zhJson from './templates/zh.json';
import { formatDate, formatMoney } from '../../lib/intl';

/** What each mail is filled with (besides the addressee's first name), fixed when its event happened. */
export type MailData = {
  /** `path`: the verification link's path and token (`/verify-email?token=…`), joined to PUBLIC_URL. */
  'email-verification': { path: string };
  /** `path`: `/reset-password?token=…`. */
  'password-reset': { path: string };
  'password-changed': { at: string };
  'driver-application-approved': { notes: string | null };
  'driver-application-rejected': { notes: string | null };
  'licensee-application-approved': { territoryName: string; notes: string | null };
  'licensee-application-rejected': { territoryName: string; notes: string | null };
  /** Amounts in integer cents; `paid` is what the card was charged (the total less the reward credit). */
  'ride-receipt': {
    rideId: string;
    completedAt: string;
    pickup: string;
    dropoff: string;
    fare: { subtotal: number; platformFee: number; adminFee: number; totalFare: number; creditApplied: number; paid: number };
    split: Split;
  };
  'dispute-opened': { disputeId: string; completedAt: string; pickup: string; dropoff: string; reviewDays: number };
  'dispute-resolved': {
    disputeId: string;
    completedAt: string;
    pickup: string;
    dropoff: string;
    resolution: 'refund_full' | 'refund_partial' | 'release';
    refundAmount: number;
    note: string | null;
  };
  'payout-sent': { amount: number; lastFour: string; path: string };
  'account-deletion': Record<string, never>;
  /** To a driver staff suspended (ADR 031): the reason, as staff wrote it. */
  'driver-suspended': { reason: string };
  'driver-reinstated': Record<string, never>;
  /** To an emergency contact (ADR 032): who pressed SOS (full name), when, and `path`: the trip link `/trip/<token>`. */
  'sos-alert': { name: string; path: string; at: string };
};
export type MailTemplate = keyof MailData;

/** `footer`: a mail's own footer line, for mails to people without an account (the SOS mail to emergency contacts). */
type MailTexts = { subject: string; body: string; action?: string; footer?: string };
type Texts = {
  common: { greeting: string; signoff: string; footer: string; notes: string; linkHint: string };
  receipt: Record<'fareHeading' | 'subtotal' | 'platformFee' | 'adminFee' | 'total' | 'credit' | 'paid' | 'splitHeading' | Payee, string>;
  disputeOutcome: Record<MailData['dispute-resolved']['resolution'], string>;
  mails: Record<MailTemplate, MailTexts>;
};

const en: Texts = enJson;
const files: Record<string, Texts> = {
  en,
  es: esJson,
  fr: frJson,
  zh: zhJson,
  hi: hiJson,
  ar: arJson,
  pt: ptJson,
  ru: ruJson,
  ja: jaJson,
  de: deJson,
  ko: koJson,
  it: itJson,
  tr: trJson,
  vi: viJson,
  th: thJson,
  sw: swJson,
  my: myJson,
};

/** Every template; templates/en.json has exactly these under `mails`. */
export const mailTemplates = Object.keys(en.mails) as MailTemplate[];

/** The languages that have their own texts (every UI language). */
export const mailLanguages = Object.keys(files);

export function isMailTemplate(value: string): value is MailTemplate {
  return (mailTemplates as string[]).includes(value);
}

/** The language a mail is written in: the asked one when it has texts, else English. */
export function mailLanguage(language: string): string {
  return files[language] ? language : 'en';
}

export type RenderedMail = { subject: string; text: string; html: string; language: string };

type Values = Record<string, string | number>;
type Part =
  { kind: 'paragraphs'; text: string } | { kind: 'table'; heading: string; rows: [string, string][] } | { kind: 'quote'; label: string; text: string };

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Fills {placeholders}; `escape` applies to the template's own text and to each value alike. Unknown ones are left out. */
function fill(template: string, values: Values, escape: (text: string) => string = (text) => text): string {
  return template
    .split(/(\{\w+\})/)
    .map((piece) => {
      const name = /^\{(\w+)\}$/.exec(piece)?.[1];
      if (name === undefined) return escape(piece);
      const value = values[name];
      return value === undefined ? '' : escape(String(value));
    })
    .join('');
}

/** The link a mail's button opens, joined to PUBLIC_URL; none for a mail that has nothing to open. */
function pathOf(template: MailTemplate, data: Record<string, unknown>): string | undefined {
  switch (template) {
    case 'email-verification':
    case 'password-reset':
    case 'payout-sent':
    case 'sos-alert':
      return typeof data.path === 'string' ? data.path : undefined;
    case 'password-changed':
      return '/sign-in';
    case 'driver-application-approved':
    case 'driver-suspended':
    case 'driver-reinstated':
      return '/driver-dashboard';
    case 'licensee-application-approved':
      return '/licensee-dashboard';
    case 'driver-application-rejected':
    case 'licensee-application-rejected':
      return '/';
    case 'ride-receipt':
    case 'dispute-opened':
    case 'dispute-resolved':
      return '/dashboard';
    case 'account-deletion':
      return undefined;
  }
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const cents = (value: unknown) => (typeof value === 'number' && Number.isInteger(value) ? value : 0);
const record = (value: unknown): Record<string, unknown> => (value && typeof value === 'object' ? (value as Record<string, unknown>) : {});

/** The placeholders' values and the parts after the body (receipt tables, the outcome, the reviewer's notes). */
function contentOf(template: MailTemplate, data: Record<string, unknown>, language: string, texts: Texts): { values: Values; parts: Part[] } {
  const money = (value: unknown) => formatMoney(cents(value), language);
  const date = (value: unknown) => (text(value) ? formatDate(text(value), language, { withYear: true }) : '');
  const values: Values = { firstName: text(data.firstName) };
  const parts: Part[] = [];
  const notes = (label: string, value: unknown) => {
    if (text(value).trim()) parts.push({ kind: 'quote', label, text: text(value).trim() });
  };
  switch (template) {
    case 'password-changed':
      values.date = date(data.at);
      break;
    case 'driver-application-approved':
    case 'driver-application-rejected':
      notes(texts.common.notes, data.notes);
      break;
    case 'licensee-application-approved':
    case 'licensee-application-rejected':
      values.territoryName = text(data.territoryName);
      notes(texts.common.notes, data.notes);
      break;
    case 'ride-receipt': {
      const fare = record(data.fare);
      const split = record(data.split);
      Object.assign(values, { date: date(data.completedAt), pickup: text(data.pickup), dropoff: text(data.dropoff), total: money(fare.totalFare) });
      const r = texts.receipt;
      const fareRows: [string, string][] = [
        [r.subtotal, money(fare.subtotal)],
        [r.platformFee, money(fare.platformFee)],
        [r.adminFee, money(fare.adminFee)],
        [r.total, money(fare.totalFare)],
      ];
      if (cents(fare.creditApplied) > 0) fareRows.push([r.credit, `−${money(fare.creditApplied)}`]);
      fareRows.push([r.paid, money(fare.paid)]);
      parts.push({ kind: 'table', heading: r.fareHeading, rows: fareRows });
      parts.push({
        kind: 'table',
        heading: r.splitHeading,
        rows: payees.filter((payee) => cents(split[payee]) > 0).map((payee) => [r[payee], money(split[payee])]),
      });
      break;
    }
    case 'dispute-opened':
      Object.assign(values, { date: date(data.completedAt), pickup: text(data.pickup), dropoff: text(data.dropoff), days: cents(data.reviewDays) });
      break;
    case 'dispute-resolved': {
      Object.assign(values, { date: date(data.completedAt), pickup: text(data.pickup), dropoff: text(data.dropoff) });
      const resolution = text(data.resolution) as keyof Texts['disputeOutcome'];
      const outcome = texts.disputeOutcome[resolution];
      if (outcome) parts.push({ kind: 'paragraphs', text: fill(outcome, { amount: money(data.refundAmount) }) });
      notes(texts.common.notes, data.note);
      break;
    }
    case 'payout-sent':
      Object.assign(values, { amount: money(data.amount), lastFour: text(data.lastFour) });
      break;
    case 'driver-suspended':
      values.reason = text(data.reason).trim();
      break;
    case 'sos-alert':
      Object.assign(values, { name: text(data.name), date: date(data.at) });
      break;
    case 'email-verification':
    case 'password-reset':
    case 'account-deletion':
    case 'driver-reinstated':
      break;
  }
  return { values, parts };
}

function textPart(part: Part): string {
  if (part.kind === 'paragraphs') return part.text;
  if (part.kind === 'quote') return `${part.label}\n${part.text.replace(/^/gm, '> ')}`;
  return [part.heading, ...part.rows.map(([label, amount]) => `  ${label}: ${amount}`)].join('\n');
}

const paragraphsHtml = (value: string) =>
  value
    .split(/\n{2,}/)
    .map((paragraph) => `<p style="margin:0 0 16px">${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`)
    .join('');

function htmlPart(part: Part, isRtl: boolean): string {
  if (part.kind === 'paragraphs') return paragraphsHtml(part.text);
  if (part.kind === 'quote') {
    const side = isRtl ? 'right' : 'left';
    return `<p style="margin:0 0 4px;font-weight:bold">${escapeHtml(part.label)}</p><blockquote style="margin:0 0 16px;padding:8px 12px;border-${side}:3px solid #d1d5db;color:#374151">${paragraphsHtml(part.text)}</blockquote>`;
  }
  const align = isRtl ? 'left' : 'right';
  const rows = part.rows
    .map(
      ([label, amount]) =>
        `<tr><td style="padding:4px 0">${escapeHtml(label)}</td><td style="padding:4px 0;text-align:${align};white-space:nowrap">${escapeHtml(amount)}</td></tr>`,
    )
    .join('');
  return `<p style="margin:0 0 4px;font-weight:bold">${escapeHtml(part.heading)}</p><table role="presentation" style="width:100%;max-width:480px;border-collapse:collapse;margin:0 0 16px">${rows}</table>`;
}

/**
 * A mail as it is sent: subject, plain text and HTML in the addressee's language (English when it has
 * no texts). Throws for an unknown template (the delivery job marks such a mail failed).
 */
export function renderMail(template: string, language: string, data: Record<string, unknown>, publicUrl: string): RenderedMail {
  if (!isMailTemplate(template)) throw new Error(`unknown mail template ${template}`);
  const lang = mailLanguage(language);
  const texts = files[lang]!;
  const mail = texts.mails[template];
  const { values, parts } = contentOf(template, data, lang, texts);
  const path = pathOf(template, data);
  const url = path === undefined ? undefined : `${publicUrl}${path.startsWith('/') ? path : `/${path}`}`;
  const isRtl = languages.find((l) => l.code === lang)?.dir === 'rtl';
  // One line: a value cannot start a header of its own.
  const subject = fill(mail.subject, values).replace(/[\r\n]+/g, ' ');
  const greeting = values.firstName ? fill(texts.common.greeting, values) : undefined;
  const body = fill(mail.body, values);
  const action = url && mail.action ? { label: mail.action, url } : undefined;
  const footer = fill(mail.footer ?? texts.common.footer, values);

  const textLines = [
    ...(greeting ? [greeting] : []),
    body,
    ...parts.map(textPart),
    ...(action ? [`${action.label}: ${action.url}`] : []),
    `— ${texts.common.signoff}`,
    footer,
  ];
  const dir = isRtl ? 'rtl' : 'ltr';
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#111827;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px">${escapeHtml(action.label)}</a></p><p style="margin:0 0 16px;font-size:13px;color:#6b7280">${escapeHtml(texts.common.linkHint)}<br><a href="${escapeHtml(action.url)}" style="color:#2563eb;word-break:break-all">${escapeHtml(action.url)}</a></p>`
    : '';
  const html = [
    `<!doctype html><html lang="${lang}" dir="${dir}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>`,
    `<body dir="${dir}" style="margin:0;padding:24px;background:#f3f4f6;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;font-size:15px;line-height:1.5;color:#111827">`,
    `<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">`,
    greeting ? `<p style="margin:0 0 16px">${escapeHtml(greeting)}</p>` : '',
    paragraphsHtml(body),
    ...parts.map((part) => htmlPart(part, isRtl)),
    button,
    `<p style="margin:24px 0 0">— ${escapeHtml(texts.common.signoff)}</p>`,
    `</div><p style="max-width:560px;margin:16px auto 0;font-size:12px;color:#6b7280">${escapeHtml(footer)}</p></body></html>`,
  ].join('');
  return { subject, text: `${textLines.join('\n\n')}\n`, html, language: lang };
}
