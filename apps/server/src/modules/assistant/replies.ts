/*
 * The assistant's reply texts: one template per reply and language, with {placeholders} filled from the
 * caller's data (facts.ts). The templates are data, one JSON file per language in ./replies (inlined in the
 * bundle by esbuild, like the corpus). en, es, fr and zh have every reply; the core languages (the other 13
 * UI languages) have at least the core replies (coreReplyKeys); anything missing falls back to English.
 * test/assistant-replies.test.ts checks the files against these key lists and the English placeholders.
 */
import arJson from './replies/ar.json';
import deJson from './replies/de.json';
import enJson from './replies/en.json';
import esJson from './replies/es.json';
import frJson from './replies/fr.json';
import hiJson from './replies/hi.json';
import itJson from './replies/it.json';
import jaJson from './replies/ja.json';
import koJson from './replies/ko.json';
import myJson from './replies/my.json';
import ptJson from './replies/pt.json';
import ruJson from './replies/ru.json';
import swJson from './replies/sw.json';
import thJson from './replies/th.json';
import trJson from './replies/tr.json';
import viJson from './replies/vi.json';
import zhJson from './replies/zh.json';
import { intlLocale } from '../../lib/intl';

/** Every reply; replies/en.json has exactly these keys. */
export const replyKeys = [
  'greeting',
  'thanks',
  'where_driver',
  'where_driver_no_eta',
  'where_in_progress',
  'where_searching',
  'no_active_ride',
  'fare_ride',
  'fare_general',
  'payment_authorized',
  'payment_held',
  'payment_released',
  'payment_disputed',
  'payment_refunded',
  'payment_voided',
  'payment_none',
  'escrow_general',
  'cancel_can',
  'cancel_in_progress',
  'cancel_none',
  'dispute_can',
  'dispute_exists',
  'dispute_none',
  'lost_item_ride',
  'lost_item_none',
  'safety',
  'escalate_person',
  'escalate_unsure',
  'escalate_admins',
  'escalate_licensee',
  'safety_call',
  'voice_person',
  'booking_how_to',
  'payment_methods',
  'payment_methods_none',
  'tip_rating',
  'driver_apply',
  'driver_apply_status',
  'go_online_ready',
  'go_online_pending',
  'earnings',
  'tier_goals',
  'territory',
  'approve_drivers',
  'account_language',
  'not_for_role',
  'signin',
  'voice_unsure',
] as const;
export type ReplyKey = (typeof replyKeys)[number];

type Templates = Record<ReplyKey, string>;

/** The replies of the core intents (ride, fare, payment, cancel, dispute, safety, people): every language has these. */
export const coreReplyKeys = [
  'greeting',
  'thanks',
  'where_driver',
  'where_searching',
  'no_active_ride',
  'fare_ride',
  'fare_general',
  'payment_held',
  'payment_released',
  'payment_none',
  'escrow_general',
  'cancel_can',
  'cancel_none',
  'dispute_can',
  'safety',
  'escalate_person',
  'escalate_unsure',
] as const satisfies readonly ReplyKey[];
type CoreKey = (typeof coreReplyKeys)[number];
type CoreTemplates = Partial<Templates> & Record<CoreKey, string>;

/** The complete languages have every reply; the English file is the reference (and the fallback). */
const en: Templates = enJson;
const es: Templates = esJson;
const fr: Templates = frJson;
const zh: Templates = zhJson;
const pt: CoreTemplates = ptJson;
const de: CoreTemplates = deJson;
const it: CoreTemplates = itJson;
const ru: CoreTemplates = ruJson;
const tr: CoreTemplates = trJson;
const vi: CoreTemplates = viJson;
const sw: CoreTemplates = swJson;
const hi: CoreTemplates = hiJson;
const ar: CoreTemplates = arJson;
const ja: CoreTemplates = jaJson;
const ko: CoreTemplates = koJson;
const th: CoreTemplates = thJson;
const my: CoreTemplates = myJson;

const templates: Record<string, Partial<Templates>> = { en, es, fr, zh, pt, de, it, ru, tr, vi, sw, hi, ar, ja, ko, th, my };

/** The languages that have their own reply texts (the others are answered in English). */
export const replyLanguages = Object.keys(templates);

/** The language a reply is written in: the asked one when it has that reply, else English. */
export function replyLanguage(key: ReplyKey, language: string): string {
  return templates[language]?.[key] ? language : 'en';
}

/** Fills a template; unknown placeholders are left out rather than shown as {braces}. */
export function render(key: ReplyKey, language: string, values: Record<string, string | number> = {}): string {
  const template = templates[replyLanguage(key, language)]![key]!;
  return template.replace(/\{(\w+)\}/g, (_, name: string) => (values[name] === undefined ? '' : String(values[name])));
}

/** Application status words, for driver_apply_status and go_online_pending. */
const statusWords: Record<string, Record<string, string>> = {
  en: { pending: 'pending', under_review: 'under review', approved: 'approved', rejected: 'rejected' },
  es: { pending: 'pendiente', under_review: 'en revisión', approved: 'aprobada', rejected: 'rechazada' },
  fr: { pending: 'en attente', under_review: 'en cours d’examen', approved: 'approuvée', rejected: 'refusée' },
  zh: { pending: '待审核', under_review: '审核中', approved: '已通过', rejected: '未通过' },
};

export function statusWord(status: string, language: string): string {
  return (statusWords[language] ?? statusWords.en!)[status] ?? status;
}

/** Minutes and miles, rounded for speech and reading. */
export function formatNumber(value: number, language: string, digits = 1): string {
  return new Intl.NumberFormat(intlLocale(language), { maximumFractionDigits: digits }).format(value);
}
