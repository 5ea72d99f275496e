import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** Dates, money and numbers in the reader's language, re-created when the language changes. */
export function useFormatters() {
  const { i18n } = useTranslation();
  const locale = i18n.language;
  return useMemo(() => {
    const dateFormat = new Intl.DateTimeFormat(locale, { dateStyle: 'long' });
    const dateTimeFormat = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
    return {
      /** A calendar date, e.g. "March 4, 2026". */
      date: (iso: string) => dateFormat.format(new Date(iso)),
      /** A moment, e.g. "Mar 4, 2026, 3:15 PM". */
      dateTime: (iso: string) => dateTimeFormat.format(new Date(iso)),
      /** Integer cents as currency: 250 -> "$2.50". */
      money: (cents: number, currency = 'USD') => new Intl.NumberFormat(locale, { style: 'currency', currency }).format(cents / 100),
      /** A fraction as a percentage: 0.03 -> "3%". */
      percent: (fraction: number) => new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(fraction),
      number: (value: number, options?: Intl.NumberFormatOptions) => new Intl.NumberFormat(locale, options).format(value),
    };
  }, [locale]);
}
