import { BadgeDollarSignIcon, BarChart3Icon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { HEALTH_SCORE_FACTOR, RETENTION_PERFORMING_WELL_PERCENT } from '@coride/domain/community/community-health';
import { ZIP_CODES_PER_LICENSE_BLOCK } from '@coride/domain/community/license';
import { driverTiers } from '@coride/domain/community/performance';
import { FEE_SHARES_BP } from '@coride/domain/money';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { cn } from '@/lib/utils';
import { DemoNumberField, FixInputs, Stat } from './demo-field';
import { useMetricFormat } from './driver-tab';
import { LazyBarChart } from './lazy-charts';
import { SampleNote } from './sample-note';
import { TERRITORY_LIMITS, YOU, type Territory, type TerritoryField } from './territory-sample';
import type { DemoModel } from './use-demo-model';
import { useMoney } from './use-money';
import { LabelledCell as Cell } from '@/components/ui/labelled-cell';
import { StackedRow, StackedRowHeader, StackedTable } from '@/components/ui/stacked-table';

export const healthClass = {
  green: 'bg-emerald-700 text-white',
  yellow: 'bg-yellow-300 text-yellow-950',
  orange: 'bg-orange-600 text-white',
  red: 'bg-red-700 text-white',
} as const;

function TerritoryView({ territory }: { territory: Territory }) {
  const { t } = useTranslation('demo');
  const money = useMoney();
  const format = useMetricFormat();
  return (
    <div className="space-y-8">
      <section aria-labelledby="territory-metrics-title">
        <h3 id="territory-metrics-title" className="text-lg font-semibold">
          {t('licensee.metricsTitle')}
        </h3>
        <dl className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <Stat label={t('licensee.drivers')} value={money.number(territory.drivers.length)} />
          <Stat label={t('licensee.rides')} value={money.number(territory.rides)} />
          <Stat label={t('licensee.ridersPaid')} value={money.cents(territory.paid)} />
          <Stat
            label={t('licensee.commission')}
            value={money.cents(territory.money.licensee)}
            detail={t('licensee.commissionDetail', { percent: money.bps(FEE_SHARES_BP.licensee) })}
            testId="licensee-commission"
          />
          <Stat label={t('licensee.driversEarned')} value={money.cents(territory.money.driver)} />
          <Stat
            label={t('licensee.poolFunding')}
            value={money.cents(territory.funding.total)}
            detail={t('licensee.poolFundingDetail', { amount: money.cents(territory.funding.licenseeContribution) })}
          />
          <div className="rounded-lg border p-4">
            <dt className="text-sm text-muted-foreground">{t('licensee.health')}</dt>
            <dd className="mt-1 flex items-center gap-2 text-2xl font-bold tabular-nums">
              <span data-testid="health-score">{money.number(territory.health.score)}</span>
              <span className={cn('rounded-full px-2 py-0.5 text-xs font-semibold', healthClass[territory.health.colour])} data-testid="health-colour">
                {t(`licensee.colours.${territory.health.colour}`)}
              </span>
            </dd>
            <dd className="mt-1 text-xs text-muted-foreground">
              {t('licensee.healthDetail', {
                rider: money.number(territory.health.customerRating),
                driver: money.number(territory.health.driverRating),
                safety: money.number(territory.health.safetyScore),
                factor: HEALTH_SCORE_FACTOR,
              })}
            </dd>
          </div>
          <Stat
            label={t('licensee.retention')}
            value={territory.retention.percent === null ? '—' : money.ratio(territory.retention.percent / 100)}
            detail={
              territory.retention.performingWell
                ? t('licensee.retentionWell', { percent: RETENTION_PERFORMING_WELL_PERCENT })
                : t('licensee.retentionWatch', { percent: RETENTION_PERFORMING_WELL_PERCENT })
            }
            testId="retention"
          />
        </dl>
      </section>

      <section aria-labelledby="territory-drivers-title" className="grid gap-6 lg:grid-cols-[2fr_1fr]">
        <div>
          <h3 id="territory-drivers-title" className="text-lg font-semibold">
            {t('licensee.driverList')}
          </h3>
          <div className="mt-3">
            <StackedTable
              data-testid="driver-list"
              caption={t('licensee.driverListCaption')}
              captionClassName="text-xs text-muted-foreground"
              headings={[
                t('licensee.columns.driver'),
                t('licensee.columns.tier'),
                ...(['rating', 'acceptance', 'rides', 'score', 'rank'] as const).map((column) => ({
                  label: t(`licensee.columns.${column}`),
                  className: 'text-end',
                })),
              ]}
            >
              {[...territory.drivers]
                .sort((a, b) => b.metrics.overallScore - a.metrics.overallScore)
                .map((driver) => (
                  <StackedRow key={driver.id} className={cn(driver.id === YOU && 'bg-accent/60 font-medium')}>
                    <StackedRowHeader>{driver.id === YOU ? t('licensee.you') : driver.name}</StackedRowHeader>
                    <Cell label={t('licensee.columns.tier')}>{t(`guarantees.tierNames.${driver.tier}`)}</Cell>
                    <Cell label={t('licensee.columns.rating')} className="tabular-nums md:text-end">
                      {format('stars', driver.metrics.customerRating)}
                    </Cell>
                    <Cell label={t('licensee.columns.acceptance')} className="tabular-nums md:text-end">
                      {format('percent', driver.metrics.acceptanceRate)}
                    </Cell>
                    <Cell label={t('licensee.columns.rides')} className="tabular-nums md:text-end">
                      {money.number(driver.metrics.completedRides)}
                    </Cell>
                    <Cell label={t('licensee.columns.score')} className="tabular-nums md:text-end">
                      {money.number(driver.metrics.overallScore)}
                    </Cell>
                    <Cell label={t('licensee.columns.rank')} className="tabular-nums md:text-end">
                      {driver.topFraction === null ? t('licensee.trial') : t('licensee.top', { percent: money.ratio(driver.topFraction) })}
                    </Cell>
                  </StackedRow>
                ))}
            </StackedTable>
          </div>
        </div>
        <figure>
          <figcaption className="text-sm font-medium">{t('licensee.tierChart')}</figcaption>
          <LazyBarChart
            data={[...driverTiers].reverse().map((tier) => ({ label: t(`guarantees.tierNames.${tier}`), value: territory.tierCounts[tier] }))}
            format={money.number}
          />
          <ul className="mt-2 text-xs text-muted-foreground">
            {[...driverTiers].reverse().map((tier) => (
              <li key={tier}>{t('licensee.tierCount', { tier: t(`guarantees.tierNames.${tier}`), count: territory.tierCounts[tier] })}</li>
            ))}
          </ul>
        </figure>
      </section>

      <section aria-labelledby="territory-community-title">
        <h3 id="territory-community-title" className="text-lg font-semibold">
          {t('licensee.communityTitle')}
        </h3>
        <dl className="mt-3 grid gap-3 sm:grid-cols-3">
          <Stat label={t('licensee.localCsr')} value={money.cents(territory.money.localCsr)} />
          <Stat label={t('licensee.globalCsr')} value={money.cents(territory.money.globalCsr)} />
          <Stat label={t('licensee.platform')} value={money.cents(territory.money.platformSoftware + territory.money.corporateAdmin)} />
        </dl>
      </section>
    </div>
  );
}

/** The licensee view: the license fee, a sample territory's metrics, its drivers and its community figures. */
export function LicenseeTab({ model }: { model: DemoModel }) {
  const { t } = useTranslation('demo');
  const money = useMoney();
  const { territoryFields: fields, territory } = model;
  const fields4: TerritoryField[] = ['zipCodes', 'riderRating', 'activeAtStart', 'stillActive'];
  return (
    <Card>
      <CardHeader className="flex-row items-start gap-3">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-primary text-primary-foreground">
          <BarChart3Icon className="size-6" aria-hidden />
        </span>
        <div className="space-y-1">
          <h2 className="text-2xl font-bold">{t('licensee.title')}</h2>
          <CardDescription className="text-base">{t('licensee.description')}</CardDescription>
        </div>
      </CardHeader>
      <CardContent className="space-y-8">
        <SampleNote />
        {territory ? (
          <div
            className="flex flex-wrap items-center gap-3 rounded-lg border border-primary/40 bg-accent px-4 py-3 text-accent-foreground"
            data-testid="license-fee-banner"
          >
            <BadgeDollarSignIcon className="size-6 shrink-0" aria-hidden />
            <p className="flex-1">
              {t('licensee.feeBanner', { fee: money.cents(territory.licenseFee), zips: fields.values?.zipCodes ?? 0, block: ZIP_CODES_PER_LICENSE_BLOCK })}
            </p>
            <Badge variant="secondary">{t('licensee.annual')}</Badge>
          </div>
        ) : null}
        <fieldset className="rounded-lg border p-4">
          <legend className="px-1 font-semibold">{t('licensee.inputsTitle')}</legend>
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {fields4.map((field) => (
              <DemoNumberField
                key={field}
                label={t(`licensee.fields.${field}`)}
                value={fields.texts[field]}
                onChange={(text) => fields.set(field, text)}
                isValid={fields.isValid(field)}
                limit={TERRITORY_LIMITS[field]}
                error={field === 'stillActive' && model.retentionError ? t('licensee.retentionError') : null}
              />
            ))}
          </div>
          <p className="mt-3 text-xs text-muted-foreground">{t('licensee.inputsNote')}</p>
        </fieldset>
        {territory ? <TerritoryView territory={territory} /> : <FixInputs />}
      </CardContent>
    </Card>
  );
}
