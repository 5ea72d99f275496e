import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/utils';
import { FEE_SHARES_BPS, feeShares, TOTAL_FEE_BPS, type FeeShare } from './marketplace-facts';
import type { FeeComparison } from './section-facts';
import { useFormatters } from './use-formatters';

const shareColours: Record<FeeShare, string> = {
  platformSoftware: 'bg-teal-800',
  corporateAdmin: 'bg-teal-600',
  globalCsr: 'bg-amber-500',
  licensee: 'bg-sky-600',
  localCsr: 'bg-amber-300',
};

/** The five shares of the total fee, as a bar and as a list with the amounts for the sample fare. */
export function FeeBreakdownCard({ comparison }: { comparison: FeeComparison }) {
  const { t } = useTranslation('landing');
  const format = useFormatters();
  return (
    <Card className="h-full">
      <CardHeader>
        <CardTitle>{t('pricing.breakdown.title', { fees: format.bps(TOTAL_FEE_BPS) })}</CardTitle>
        <CardDescription>{t('pricing.breakdown.description', { subtotal: format.cents(comparison.subtotal) })}</CardDescription>
      </CardHeader>
      <CardContent>
        <div className="flex h-4 overflow-hidden rounded-full" aria-hidden>
          {feeShares.map((share) => (
            <span key={share} className={shareColours[share]} style={{ width: `${(FEE_SHARES_BPS[share] / TOTAL_FEE_BPS) * 100}%` }} />
          ))}
        </div>
        <dl className="mt-5 divide-y text-sm">
          {feeShares.map((share) => (
            <div key={share} className="flex items-center gap-3 py-2.5">
              <span className={cn('size-3 shrink-0 rounded-full', shareColours[share])} aria-hidden />
              {/* Long compound words (German "Unternehmensverwaltung") wrap instead of widening the page on phones. */}
              <dt className="min-w-0 flex-1 hyphens-auto break-words">{t(`pricing.breakdown.parts.${share}`)}</dt>
              <dd className="w-16 text-end text-muted-foreground tabular-nums">{format.bps(FEE_SHARES_BPS[share])}</dd>
              <dd className="w-16 text-end font-medium tabular-nums">{format.cents(comparison.feeParts[share])}</dd>
            </div>
          ))}
          <div className="flex items-center gap-3 py-2.5 font-semibold">
            <span className="size-3 shrink-0" aria-hidden />
            <dt className="flex-1">{t('pricing.breakdown.total')}</dt>
            <dd className="w-16 text-end tabular-nums">{format.bps(TOTAL_FEE_BPS)}</dd>
            <dd className="w-16 text-end tabular-nums">{format.cents(comparison.ours.fees)}</dd>
          </div>
        </dl>
      </CardContent>
    </Card>
  );
}
