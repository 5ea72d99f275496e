import type { QuoteResponse } from '@coride/domain';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '@/lib/format';

/** The rider's notice of an announced rate change in the pickup's territory (7 days' notice), from the quote. */
export function RateNotice({ quote }: { quote: QuoteResponse }) {
  const { t, ready } = useTranslation('pricing', { useSuspense: false });
  const format = useFormatters();
  const notice = quote.rateNotice;
  if (!notice || !ready) return null;
  return (
    <p className="rounded-md border border-primary/40 p-3 text-xs" role="note" data-testid="rate-notice">
      {t('notice', {
        date: format.date(notice.effectiveAt),
        territory: quote.territoryName,
        percent: `${notice.percent > 0 ? '+' : ''}${format.percent(notice.percent / 100)}`,
        justification: notice.justification,
      })}
    </p>
  );
}
