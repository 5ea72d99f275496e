import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** Money (integer cents, USD) and percentages (basis points or ratios) in the reader's language. */
export function useFormatters() {
  const { i18n } = useTranslation();
  const locale = i18n.language;
  return useMemo(() => {
    const money = new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' });
    const wholeMoney = new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
    const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 });
    return {
      cents: (cents: number) => (cents % 100 === 0 && Math.abs(cents) >= 100_000 ? wholeMoney : money).format(cents / 100),
      bps: (bps: number) => percent.format(bps / 10_000),
      ratio: (ratio: number, digits = 0) => new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: digits }).format(ratio),
    };
  }, [locale]);
}
