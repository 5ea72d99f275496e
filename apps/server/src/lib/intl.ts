import { languages } from '@coride/domain';

/**
 * The Intl locale for a UI language: its speech locale, except where the written conventions differ
 * (Spanish as written in the US, Arabic without a country so the digits stay the reader's own).
 * Unknown languages write as American English.
 */
const writtenLocales: Record<string, string> = { en: 'en-US', es: 'es-US', pt: 'pt-BR', zh: 'zh-CN', ar: 'ar' };

export function intlLocale(language: string): string {
  return writtenLocales[language] ?? languages.find((l) => l.code === language)?.speechLocale ?? 'en-US';
}

/** Cents as dollars in the language ("$14.90" in English, "14,90 US$" in Spanish…). */
export function formatMoney(cents: number, language: string): string {
  return new Intl.NumberFormat(intlLocale(language), { style: 'currency', currency: 'USD' }).format(cents / 100);
}

/** A date and time in the language, in UTC (the server does not know the reader's time zone); with the year for a record kept, such as a mail. */
export function formatDate(at: string | Date, language: string, { withYear = false }: { withYear?: boolean } = {}): string {
  return new Intl.DateTimeFormat(intlLocale(language), {
    ...(withYear ? { year: 'numeric' } : {}),
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'UTC',
    timeZoneName: 'short',
  }).format(typeof at === 'string' ? new Date(at) : at);
}
