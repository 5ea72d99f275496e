import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** A moment of today as a clock time ("3:15 PM"); an earlier day with its date. */
export function useTimeFormat(): (iso: string) => string {
  const { i18n } = useTranslation();
  const locale = i18n.language;
  return useMemo(() => {
    const time = new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit' });
    const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
    return (iso: string) => {
      const date = new Date(iso);
      return date.toDateString() === new Date().toDateString() ? time.format(date) : dateTime.format(date);
    };
  }, [locale]);
}
