import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** Formats integer cents as US dollars, and basis points or ratios as percentages, in the reader's language. */
export function useMoney() {
  const { i18n } = useTranslation();
  const locale = i18n.language;
  return useMemo(() => {
    const money = new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' });
    const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 });
    const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
    return {
      cents: (cents: number) => money.format(cents / 100),
      bps: (bps: number) => percent.format(bps / 10_000),
      ratio: (ratio: number) => percent.format(ratio),
      number: (value: number) => number.format(value),
    };
  }, [locale]);
}
