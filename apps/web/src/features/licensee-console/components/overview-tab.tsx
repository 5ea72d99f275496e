import type { LicenseeMetrics } from '@coride/domain';
import {
  ArrowRightIcon,
  CarIcon,
  DollarSignIcon,
  FileTextIcon,
  HourglassIcon,
  PercentIcon,
  RotateCwIcon,
  ScaleIcon,
  StarIcon,
  UsersIcon,
  WalletIcon,
  type LucideIcon,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { StatCard } from '@/components/ui/stat-card';
import { useFormatters } from '@/lib/format';

type Figure = { key: string; label: string; value: ReactNode | null; hint?: string; icon: LucideIcon };

/**
 * With a territory: this month's figures, the commission from the payment ledger (released and
 * still in escrow), all-time figures, and the driver applications and disputes waiting. Without one:
 * empty figures and what happens next (the page shows the pending banner above).
 */
export function OverviewTab({
  metrics,
  updatedAt,
  isRefreshing,
  onRefresh,
  onReviewDrivers,
  onReviewDisputes,
}: {
  metrics: LicenseeMetrics | undefined;
  updatedAt: number;
  isRefreshing: boolean;
  onRefresh: () => void;
  onReviewDrivers: () => void;
  onReviewDisputes: () => void;
}) {
  const { t } = useTranslation('licensee');
  const format = useFormatters();
  const hasTerritory = (metrics?.territories ?? 0) > 0;

  if (!metrics || !hasTerritory) {
    return (
      <div className="space-y-6">
        <FigureSection
          id="licensee-metrics-heading"
          title={t('metrics.heading')}
          isTitleHidden
          figures={[
            { key: 'monthlyRevenue', label: t('metrics.monthlyRevenue'), value: null, hint: t('metrics.noTerritory'), icon: DollarSignIcon },
            { key: 'monthlyCommission', label: t('metrics.monthlyCommission'), value: null, hint: t('metrics.noTerritory'), icon: PercentIcon },
            { key: 'activeDrivers', label: t('metrics.activeDrivers'), value: null, hint: t('metrics.noTerritory'), icon: UsersIcon },
            { key: 'monthlyRides', label: t('metrics.monthlyRides'), value: null, hint: t('metrics.noTerritory'), icon: CarIcon },
          ]}
        />
        <Card>
          <CardHeader>
            <CardTitle as="h2">{t('overview.nextStepsTitle')}</CardTitle>
          </CardHeader>
          <CardContent>
            <ol className="space-y-3">
              {(['step1', 'step2', 'step3'] as const).map((step, index) => (
                <li key={step} className="flex gap-3 text-sm">
                  <span
                    className="flex size-6 shrink-0 items-center justify-center rounded-full bg-primary text-xs font-semibold text-primary-foreground"
                    aria-hidden
                  >
                    {index + 1}
                  </span>
                  <span className="pt-0.5">{t(`overview.${step}`)}</span>
                </li>
              ))}
            </ol>
          </CardContent>
        </Card>
      </div>
    );
  }

  const pending = metrics.pendingDriverApplications;
  const openDisputes = metrics.openDisputes;
  return (
    <div className="space-y-6" data-testid="licensee-metrics">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground">
          {updatedAt ? t('metrics.updatedAt', { time: format.dateTime(new Date(updatedAt).toISOString()) }) : null}
        </p>
        <Button variant="ghost" size="sm" onClick={onRefresh} disabled={isRefreshing}>
          <RotateCwIcon aria-hidden className={isRefreshing ? 'animate-spin' : undefined} />
          {t('metrics.refresh')}
        </Button>
      </div>
      {pending > 0 ? (
        <section
          aria-labelledby="pending-drivers-heading"
          className="flex flex-col gap-3 rounded-lg border border-primary/30 bg-accent p-4 text-accent-foreground sm:flex-row sm:items-center sm:justify-between"
          data-testid="pending-driver-callout"
        >
          <div className="flex gap-3">
            <FileTextIcon className="mt-0.5 size-5 shrink-0" aria-hidden />
            <div className="space-y-1">
              <h2 id="pending-drivers-heading" className="font-semibold">
                {t('overview.pendingTitle', { count: pending, formatted: format.number(pending) })}
              </h2>
              <p className="text-sm">{t('overview.pendingDescription')}</p>
            </div>
          </div>
          <Button variant="outline" size="sm" className="shrink-0 bg-background" onClick={onReviewDrivers}>
            {t('overview.reviewDrivers')}
            <ArrowRightIcon aria-hidden className="rtl:rotate-180" />
          </Button>
        </section>
      ) : null}
      {openDisputes > 0 ? (
        <section
          aria-labelledby="open-disputes-heading"
          className="flex flex-col gap-3 rounded-lg border border-destructive/30 bg-destructive/5 p-4 sm:flex-row sm:items-center sm:justify-between"
          data-testid="open-disputes-callout"
        >
          <div className="flex gap-3">
            <ScaleIcon className="mt-0.5 size-5 shrink-0 text-destructive" aria-hidden />
            <div className="space-y-1">
              <h2 id="open-disputes-heading" className="font-semibold">
                {t('overview.disputesTitle', { count: openDisputes, formatted: format.number(openDisputes) })}
              </h2>
              <p className="text-sm">{t('overview.disputesDescription')}</p>
            </div>
          </div>
          <Button variant="outline" size="sm" className="shrink-0 bg-background" onClick={onReviewDisputes}>
            {t('overview.reviewDisputes')}
            <ArrowRightIcon aria-hidden className="rtl:rotate-180" />
          </Button>
        </section>
      ) : null}
      <FigureSection
        id="licensee-month-heading"
        title={t('metrics.heading')}
        figures={[
          {
            key: 'monthlyRevenue',
            label: t('metrics.monthlyRevenue'),
            value: format.money(metrics.monthlyRevenue),
            hint: t('metrics.revenueHint'),
            icon: DollarSignIcon,
          },
          {
            key: 'activeDrivers',
            label: t('metrics.activeDrivers'),
            value: format.number(metrics.activeDrivers),
            hint: t('metrics.activeDriversHint'),
            icon: UsersIcon,
          },
          { key: 'monthlyRides', label: t('metrics.monthlyRides'), value: format.number(metrics.monthlyRides), hint: t('metrics.ridesHint'), icon: CarIcon },
        ]}
      />
      <FigureSection
        id="licensee-commission-heading"
        title={t('commission.heading')}
        description={t('commission.description')}
        figures={[
          {
            key: 'monthlyCommission',
            label: t('commission.monthly'),
            value: format.money(metrics.monthlyCommission),
            hint: t('commission.monthlyHint'),
            icon: PercentIcon,
          },
          {
            key: 'totalCommission',
            label: t('commission.total'),
            value: format.money(metrics.totalCommission),
            hint: t('commission.totalHint'),
            icon: WalletIcon,
          },
          {
            key: 'pendingCommission',
            label: t('commission.pending'),
            value: format.money(metrics.pendingCommission),
            hint: t('commission.pendingHint'),
            icon: HourglassIcon,
          },
          {
            key: 'openDisputes',
            label: t('commission.openDisputes'),
            value: format.number(openDisputes),
            hint: openDisputes > 0 ? t('commission.openDisputesHint') : t('commission.noOpenDisputes'),
            icon: ScaleIcon,
          },
        ]}
      />
      <FigureSection
        id="licensee-total-heading"
        title={t('metrics.allTimeHeading')}
        figures={[
          { key: 'totalRevenue', label: t('metrics.totalRevenue'), value: format.money(metrics.totalRevenue), icon: WalletIcon },
          {
            key: 'averageRating',
            label: t('metrics.averageRating'),
            value:
              metrics.averageRating === null
                ? null
                : t('metrics.ratingValue', { rating: format.number(metrics.averageRating, { minimumFractionDigits: 1, maximumFractionDigits: 1 }) }),
            hint: metrics.averageRating === null ? t('metrics.noRatings') : undefined,
            icon: StarIcon,
          },
          { key: 'totalRides', label: t('metrics.totalRides'), value: format.number(metrics.totalRides), icon: CarIcon },
        ]}
      />
    </div>
  );
}

function FigureSection({
  id,
  title,
  description,
  isTitleHidden = false,
  figures,
}: {
  id: string;
  title: string;
  description?: string;
  isTitleHidden?: boolean;
  figures: Figure[];
}) {
  return (
    <section aria-labelledby={id} className="space-y-3">
      <div>
        <h2 id={id} className={isTitleHidden ? 'sr-only' : 'text-lg font-semibold'}>
          {title}
        </h2>
        {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
      </div>
      <div className={figures.length === 3 ? 'grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3' : 'grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4'}>
        {figures.map(({ key, label, value, hint, icon }) => (
          <div key={key} data-testid={`metric-${key}`} className="contents">
            <StatCard label={label} value={value} hint={hint} icon={icon} />
          </div>
        ))}
      </div>
    </section>
  );
}
