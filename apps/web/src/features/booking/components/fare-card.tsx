import type { QuoteResponse } from '@coride/domain';
import { ReceiptTextIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { RateNotice } from '@/features/pricing/rate-notice';
import { RewardsLine } from '@/features/rewards/rewards-line';
import { FareBreakdown } from './fare-breakdown';
import { FareRatesCard } from './fare-rates-card';

/** The quote's breakdown once there is one; until then, the published rates it is built from. */
export function FareCard({ quote }: { quote: QuoteResponse | undefined }) {
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
        <RewardsLine totalFare={quote.totalFare} />
        <p className="rounded-md bg-muted p-3 text-xs text-muted-foreground">{t('pricing.breakdownNote')}</p>
      </CardContent>
    </Card>
  );
}
