import type { QuoteResponse } from '@coride/domain';
import type { ComponentType } from 'react';
import { ReceiptTextIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { RateNotice } from '@/components/rate-notice';
import { FareBreakdown } from './fare-breakdown';
import { FareRatesCard } from './fare-rates-card';

/** The quote's breakdown once there is one; until then, the published rates it is built from. */
/** A line under the fare about this booking (the rider's rewards), passed in by the route. */
export type FareNoteSlot = ComponentType<{ totalFare: number }>;

export function FareCard({ quote, FareNote }: { quote: QuoteResponse | undefined; FareNote?: FareNoteSlot }) {
  const { t } = useTranslation('booking');
  if (!quote) return <FareRatesCard />;
  return (
    <Card data-testid="pricing-breakdown">
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2">
          <ReceiptTextIcon className="size-5 text-primary" aria-hidden />
          {t('pricing.breakdownTitle')}
        </CardTitle>
        <CardDescription>{t('pricing.breakdownDescription', { territory: quote.territoryName })}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <FareBreakdown fare={quote} totalTestId="fare-total" />
        <RateNotice quote={quote} />
        {FareNote ? <FareNote totalFare={quote.totalFare} /> : null}
        <p className="rounded-md bg-muted p-3 text-xs text-muted-foreground">{t('pricing.breakdownNote')}</p>
      </CardContent>
    </Card>
  );
}
