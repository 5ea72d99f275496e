import { PRICING } from '@coride/domain/pricing';
import { ReceiptTextIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { DetailList } from '@/components/ui/detail-list';
import { useFormatters } from '@/lib/format';

/** Before there is a quote: the standard rates a fare is built from (the domain's, in cents), not a made-up total. */
export function FareRatesCard() {
  const { t } = useTranslation('booking');
  const format = useFormatters();
  return (
    <Card data-testid="pricing-breakdown">
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2">
          <ReceiptTextIcon className="size-5 text-primary" aria-hidden />
          {t('pricing.title')}
        </CardTitle>
        <CardDescription>{t('pricing.description')}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <DetailList
          items={[
            { label: t('pricing.baseFare'), value: format.money(PRICING.baseFare) },
            { label: t('pricing.perMile'), value: t('pricing.perMileValue', { amount: format.money(PRICING.perMile) }) },
            { label: t('pricing.perMinute'), value: t('pricing.perMinuteValue', { amount: format.money(PRICING.perMinute) }) },
            { label: t('pricing.platformFee'), value: t('pricing.feeValue', { percent: format.percent(PRICING.platformFeeRate) }) },
            { label: t('pricing.adminFee'), value: t('pricing.feeValue', { percent: format.percent(PRICING.adminFeeRate) }) },
          ]}
        />
        <p className="rounded-md bg-muted p-3 text-xs text-muted-foreground">{t('pricing.note')}</p>
      </CardContent>
    </Card>
  );
}
