import { useId, useState } from 'react';
import { ShieldCheckIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import {
  FULL_TIME_HOURS_PER_MONTH,
  GUARANTEE_MIN_ACCEPTANCE_PERCENT,
  GUARANTEED_MONTHLY_MINIMUM_CENTS,
  LICENSEE_CONTRIBUTION_BP,
  PERFORMANCE_BONUS_BP,
  PLATFORM_CONTRIBUTION_BP,
  POOL_PROTECTIONS,
  QUINTILES,
  RIDE_CONTRIBUTION_TOTAL_BP,
  quintileSummaries,
  type MonthlyIncome,
  type PoolRun,
} from '@coride/domain/community/bonus-pool';
import { driverTiers, judgedMetrics, STREAK_LENGTH, TIER_REQUIREMENTS, TIER_RULES, type DriverTier } from '@coride/domain/community/performance';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/select';
import { LabelledCell as Cell } from '@/components/ui/labelled-cell';
import { StackedRow, StackedRowHeader, StackedTable } from '@/components/ui/stacked-table';
import { TableCell } from '@/components/ui/table';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useFormatters } from '@/lib/format';
import { cn } from '@/lib/utils';
import { isDriverTier, payoutByQuintile } from './pool-sample';
import { FIELD_LIMITS, type GroupField, type PoolSampleState } from './use-pool-sample';

const subTabs = ['pool', 'tiers', 'guarantees', 'oversight'] as const;
type SubTab = (typeof subTabs)[number];
const tiersHighFirst = [...driverTiers].reverse();
const coverageVariant = { underfunded: 'destructive', 'break-even': 'secondary', healthy: 'success', excellent: 'success' } as const;

function Field({
  label,
  value,
  onChange,
  isValid,
  max,
  step,
  className,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  isValid: boolean;
  max: number;
  step: string;
  className?: string;
}) {
  const { t } = useTranslation('demo');
  const id = useId();
  return (
    <div className={cn('space-y-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type="number"
        inputMode="decimal"
        min={0}
        max={max}
        step={step}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={!isValid || undefined}
        aria-describedby={isValid ? undefined : `${id}-error`}
      />
      {!isValid && (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {t('guarantees.invalid', { max })}
        </p>
      )}
    </div>
  );
}

function Row({ label, value, isStrong = false }: { label: string; value: string; isStrong?: boolean }) {
  return (
    <div className={cn('flex items-baseline justify-between gap-4 py-1.5', isStrong && 'border-t pt-2.5 font-semibold')}>
      <dt>{label}</dt>
      <dd className="tabular-nums">{value}</dd>
    </div>
  );
}

/** What the visitor changes: the territory's drivers, ranked best first in five groups. */
function SampleFields({ sample }: { sample: PoolSampleState }) {
  const { t } = useTranslation('demo');
  const groupFields: { field: GroupField; step: string }[] = [
    { field: 'earnings', step: '50' },
    { field: 'hours', step: '1' },
    { field: 'streaks', step: '1' },
  ];
  return (
    <fieldset className="space-y-4 rounded-lg border p-4">
      <legend className="px-1 font-semibold">{t('guarantees.sample.title')}</legend>
      <p className="text-sm text-muted-foreground">{t('guarantees.sample.description')}</p>
      <div className="grid gap-4 sm:grid-cols-3">
        {(['drivers', 'acceptance', 'reserve'] as const).map((field) => (
          <Field
            key={field}
            label={t(`guarantees.sample.${field}`)}
            value={sample.texts[field]}
            onChange={(text) => sample.setTop(field, text)}
            isValid={sample.isValid(field, sample.texts[field])}
            max={FIELD_LIMITS[field][0]}
            step={field === 'reserve' ? '100' : '1'}
          />
        ))}
      </div>
      <div className="space-y-3">
        {sample.texts.groups.map((group, index) => (
          <fieldset key={QUINTILES[index]!.key} className="grid gap-3 rounded-md bg-muted/50 p-3 sm:grid-cols-4">
            <legend className="sr-only">{t('guarantees.sample.group', { n: index + 1 })}</legend>
            <TierSelect group={index} tier={group.tier} onChange={(tier) => sample.setTier(index, tier)} />
            {groupFields.map(({ field, step }) => (
              <Field
                key={field}
                label={t(`guarantees.sample.${field}`, { n: index + 1 })}
                value={group[field]}
                onChange={(text) => sample.setGroup(index, field, text)}
                isValid={sample.isValid(field, group[field])}
                max={FIELD_LIMITS[field][0]}
                step={step}
              />
            ))}
          </fieldset>
        ))}
      </div>
    </fieldset>
  );
}

function TierSelect({ group, tier, onChange }: { group: number; tier: DriverTier; onChange: (tier: DriverTier) => void }) {
  const { t } = useTranslation('demo');
  const id = useId();
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{t('guarantees.sample.tier', { n: group + 1 })}</Label>
      <NativeSelect id={id} value={tier} onChange={(event) => isDriverTier(event.target.value) && onChange(event.target.value)}>
        {tiersHighFirst.map((option) => (
          <option key={option} value={option}>
            {t(`guarantees.tierNames.${option}`)}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

function PoolView({ run, income }: { run: PoolRun; income: MonthlyIncome }) {
  const { t } = useTranslation('demo');
  const format = useFormatters();
  const bp = (value: number) => format.percent(value / 10_000);
  const summaries = quintileSummaries(run);
  const byQuintile = payoutByQuintile(run);
  const { funding } = run;
  const scale = Math.max(run.available, run.targetPayout, ...byQuintile.map((q) => Math.max(q.paid, q.target)), 1);
  const bars = [
    { key: 'available', label: t('guarantees.pool.available'), value: run.available, colour: 'bg-teal-700' },
    { key: 'paidOut', label: t('guarantees.pool.paidOut'), value: run.paidOut, colour: 'bg-primary' },
    ...summaries.map((q) => ({ key: q.key, label: t(`guarantees.quintiles.${q.key}`), value: q.totalPayout, colour: 'bg-sky-600' })),
  ];
  return (
    <div className="grid gap-8 lg:grid-cols-2">
      <section aria-labelledby="pool-funding-title">
        <h3 id="pool-funding-title" className="font-semibold">
          {t('guarantees.pool.fundingTitle')}
        </h3>
        <dl className="mt-2 text-sm">
          <Row label={t('guarantees.pool.rideSubtotals')} value={format.money(income.rideSubtotals)} />
          <Row label={t('guarantees.pool.rideContribution', { percent: bp(RIDE_CONTRIBUTION_TOTAL_BP) })} value={format.money(funding.rideContribution)} />
          <Row label={t('guarantees.pool.licenseeIncome')} value={format.money(income.licensee)} />
          <Row
            label={t('guarantees.pool.licenseeContribution', { percent: bp(LICENSEE_CONTRIBUTION_BP) })}
            value={format.money(funding.licenseeContribution)}
          />
          <Row label={t('guarantees.pool.platformIncome')} value={format.money(income.platformSoftware + income.corporateAdmin)} />
          <Row
            label={t('guarantees.pool.platformContribution', { percent: bp(PLATFORM_CONTRIBUTION_BP) })}
            value={format.money(funding.platformContribution)}
          />
          <Row label={t('guarantees.pool.total')} value={format.money(funding.total)} isStrong />
          <Row label={t('guarantees.pool.reserve')} value={format.money(run.reserveIn)} />
          <Row label={t('guarantees.pool.available')} value={format.money(run.available)} isStrong />
          <Row label={t('guarantees.pool.target')} value={format.money(run.targetPayout)} />
          <Row label={t('guarantees.pool.paidOut')} value={format.money(run.paidOut)} />
          <Row label={t('guarantees.pool.surplus')} value={format.money(run.surplus)} />
        </dl>
        <p className="mt-2 text-xs text-muted-foreground">{t('guarantees.pool.fundingNote')}</p>
        <div className="mt-4 grid gap-3 sm:grid-cols-2">
          <div className="rounded-lg bg-accent px-4 py-3 text-accent-foreground">
            <p className="text-sm">{t('guarantees.pool.coverageRatio')}</p>
            <p className="text-2xl font-bold tabular-nums" data-testid="coverage-ratio">
              {run.coverageRatio === null
                ? t('guarantees.pool.nothingOwed')
                : t('guarantees.pool.ratio', { ratio: format.number(run.coverageRatio, { maximumFractionDigits: 2 }) })}
            </p>
            <Badge variant={coverageVariant[run.coverage]} className="mt-1">
              {t(`guarantees.coverage.${run.coverage}`)}
            </Badge>
          </div>
          <div className="rounded-lg bg-accent px-4 py-3 text-accent-foreground">
            <p className="text-sm">{t('guarantees.pool.sustainability')}</p>
            <p className="text-2xl font-bold tabular-nums" data-testid="sustainability-score">
              {format.number(run.sustainabilityScore)}
              <span className="text-base font-normal"> / 100</span>
            </p>
            <p className="text-xs">{t('guarantees.pool.sustainabilityFormula')}</p>
          </div>
        </div>
        {run.scaledDown && <p className="mt-3 rounded-md border border-destructive/40 p-3 text-sm">{t('guarantees.pool.scaledDown')}</p>}
      </section>

      <section aria-labelledby="pool-quintiles-title">
        <h3 id="pool-quintiles-title" className="font-semibold">
          {t('guarantees.pool.quintilesTitle')}
        </h3>
        <div className="mt-3 space-y-2" aria-hidden>
          {bars.map((bar) => (
            <div key={bar.key} className="grid grid-cols-[8rem_1fr_6rem] items-center gap-2 text-xs">
              <span className="truncate">{bar.label}</span>
              <span className="h-3 overflow-hidden rounded-full bg-muted">
                <span className={cn('block h-full rounded-full', bar.colour)} style={{ width: `${(bar.value / scale) * 100}%` }} />
              </span>
              <span className="text-end tabular-nums">{format.money(bar.value)}</span>
            </div>
          ))}
        </div>
        <div className="mt-4">
          <StackedTable
            caption={t('guarantees.pool.tableCaption')}
            captionClassName="text-xs text-muted-foreground"
            headings={[
              t('guarantees.pool.quintile'),
              ...(['multiplier', 'drivers', 'promised', 'paid', 'average'] as const).map((column) => ({
                label: t(`guarantees.pool.${column}`),
                className: 'text-end',
              })),
            ]}
            footer={
              <StackedRow className="first:pt-3">
                <StackedRowHeader className="font-bold">{t('guarantees.pool.available')}</StackedRowHeader>
                <TableCell colSpan={5} className="block tabular-nums md:table-cell md:py-3 md:text-end">
                  {format.money(run.available)}
                </TableCell>
              </StackedRow>
            }
          >
            {summaries.map((q, i) => (
              <StackedRow key={q.key}>
                <StackedRowHeader>{t(`guarantees.quintiles.${q.key}`)}</StackedRowHeader>
                <Cell label={t('guarantees.pool.multiplier')} className="tabular-nums md:text-end">
                  {t('guarantees.pool.ratio', { ratio: format.number(q.multiplier, { minimumFractionDigits: 2 }) })}
                </Cell>
                <Cell label={t('guarantees.pool.drivers')} className="tabular-nums md:text-end">
                  {format.number(q.drivers)}
                </Cell>
                <Cell label={t('guarantees.pool.promised')} className="tabular-nums md:text-end">
                  {format.money(byQuintile[i]!.target)}
                </Cell>
                <Cell label={t('guarantees.pool.paid')} className="tabular-nums md:text-end">
                  {format.money(q.totalPayout)}
                </Cell>
                <Cell label={t('guarantees.pool.average')} className="tabular-nums md:text-end">
                  {format.money(q.averageBonus)}
                </Cell>
              </StackedRow>
            ))}
          </StackedTable>
        </div>
        <p className="mt-2 text-xs text-muted-foreground">{t('guarantees.pool.bonusRule', { percent: bp(PERFORMANCE_BONUS_BP) })}</p>
      </section>
    </div>
  );
}

function TiersView() {
  const { t } = useTranslation('demo');
  const format = useFormatters();
  const metricValue = (metric: (typeof judgedMetrics)[number], value: number) =>
    metric === 'acceptanceRate' || metric === 'completionRate' ? format.percent(value / 100) : format.number(value, { minimumFractionDigits: 1 });
  return (
    <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
      {tiersHighFirst.map((tier) => {
        const rules = TIER_RULES[tier];
        return (
          <section key={tier} aria-labelledby={`tier-${tier}`} className="rounded-lg border p-4">
            <h3 id={`tier-${tier}`} className="text-lg font-semibold">
              {t(`guarantees.tierNames.${tier}`)}
            </h3>
            <dl className="mt-2 text-sm">
              <Row label={t('guarantees.tiers.streakBonus', { n: STREAK_LENGTH })} value={format.money(rules.streakBonusCents)} />
              <Row
                label={t('guarantees.tiers.peakHourMinimum')}
                value={t('guarantees.tiers.perHour', { amount: format.money(rules.peakHourMinimumCentsPerHour) })}
              />
              <Row label={t('guarantees.tiers.monthlyBonusCap')} value={format.money(rules.monthlyBonusCapCents)} />
            </dl>
            <h4 className="mt-3 text-sm font-medium">{t('guarantees.tiers.requirements')}</h4>
            {tier === 'Probationary' ? (
              <p className="text-sm text-muted-foreground">{t('guarantees.tiers.probationary')}</p>
            ) : (
              <dl className="text-sm text-muted-foreground">
                {judgedMetrics
                  .filter((metric) => TIER_REQUIREMENTS[tier][metric] > 0)
                  .map((metric) => (
                    <Row key={metric} label={t(`guarantees.metrics.${metric}`)} value={metricValue(metric, TIER_REQUIREMENTS[tier][metric])} />
                  ))}
              </dl>
            )}
            <h4 className="mt-3 text-sm font-medium">{t('guarantees.tiers.perks')}</h4>
            <ul className="mt-1 list-disc ps-5 text-sm text-muted-foreground">
              {rules.perks.map((perk) => (
                <li key={perk}>{t(`guarantees.perks.${perk}`)}</li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}

function GuaranteesView({ run }: { run: PoolRun | null }) {
  const { t } = useTranslation('demo');
  const format = useFormatters();
  const byQuintile = run ? payoutByQuintile(run) : null;
  return (
    <div className="grid gap-8 lg:grid-cols-2">
      <section aria-labelledby="guarantee-rules-title">
        <h3 id="guarantee-rules-title" className="font-semibold">
          {t('guarantees.driver.rulesTitle')}
        </h3>
        <dl className="mt-2 text-sm">
          <Row label={t('guarantees.driver.minimum')} value={format.money(GUARANTEED_MONTHLY_MINIMUM_CENTS)} isStrong />
          <Row label={t('guarantees.driver.fullTime')} value={t('guarantees.driver.hours', { hours: format.number(FULL_TIME_HOURS_PER_MONTH) })} />
          <Row label={t('guarantees.driver.hourly')} value={format.money(Math.floor(GUARANTEED_MONTHLY_MINIMUM_CENTS / FULL_TIME_HOURS_PER_MONTH))} />
          <Row label={t('guarantees.driver.acceptance')} value={format.percent(GUARANTEE_MIN_ACCEPTANCE_PERCENT / 100)} />
          <Row label={t('guarantees.driver.maxReduction')} value={format.percent(POOL_PROTECTIONS.maximumReduction / 100)} />
        </dl>
        <ul className="mt-3 list-disc space-y-1.5 ps-5 text-sm text-muted-foreground">
          <li>{t('guarantees.driver.who')}</li>
          <li>{t('guarantees.driver.first')}</li>
          <li>{t('guarantees.driver.reduction', { percent: format.percent(POOL_PROTECTIONS.maximumReduction / 100) })}</li>
        </ul>
      </section>
      <section aria-labelledby="guarantee-sample-title">
        <h3 id="guarantee-sample-title" className="font-semibold">
          {t('guarantees.driver.sampleTitle')}
        </h3>
        {byQuintile ? (
          <dl className="mt-2 text-sm">
            {byQuintile.map((q, i) => (
              <Row
                key={q.quintile}
                label={t(`guarantees.quintiles.${QUINTILES[i]!.key}`)}
                value={t('guarantees.driver.guaranteedCount', { count: q.guaranteed })}
              />
            ))}
          </dl>
        ) : (
          <p className="mt-2 text-sm text-muted-foreground">{t('guarantees.enterSample')}</p>
        )}
      </section>
    </div>
  );
}

function OversightView() {
  const { t } = useTranslation('demo');
  const format = useFormatters();
  return (
    <dl className="grid gap-4 sm:grid-cols-3">
      {(
        [
          ['escrow', t('guarantees.oversight.days', { count: POOL_PROTECTIONS.escrowDays, n: format.number(POOL_PROTECTIONS.escrowDays) })],
          ['dispute', t('guarantees.oversight.days', { count: POOL_PROTECTIONS.disputeResolution, n: format.number(POOL_PROTECTIONS.disputeResolution) })],
          ['community', POOL_PROTECTIONS.communityOversight ? t('guarantees.oversight.yes') : t('guarantees.oversight.no')],
        ] as const
      ).map(([key, value]) => (
        <div key={key} className="rounded-lg border p-4">
          <dt className="text-sm text-muted-foreground">{t(`guarantees.oversight.${key}.label`)}</dt>
          <dd className="mt-1 text-2xl font-bold">{value}</dd>
          <dd className="mt-2 text-sm text-muted-foreground">{t(`guarantees.oversight.${key}.description`)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The guarantees view: the bonus pool, tiers, driver guarantees and oversight, computed from a sample territory. */
export function GuaranteesTab({ sample }: { sample: PoolSampleState }) {
  const { t, i18n } = useTranslation('demo');
  const [tab, setTab] = useState<SubTab>('pool');
  return (
    <Card>
      <CardHeader className="flex-row items-start gap-3">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-primary text-primary-foreground">
          <ShieldCheckIcon className="size-6" aria-hidden />
        </span>
        <div className="space-y-1">
          <h2 className="text-2xl font-bold">{t('guarantees.title')}</h2>
          <CardDescription className="text-base">{t('guarantees.description')}</CardDescription>
        </div>
      </CardHeader>
      <CardContent className="space-y-6">
        <SampleFields sample={sample} />
        <Tabs value={tab} onValueChange={(value) => setTab(value as SubTab)} dir={i18n.dir(i18n.language)}>
          <TabsList aria-label={t('guarantees.subTabsLabel')}>
            {subTabs.map((id) => (
              <TabsTrigger key={id} value={id}>
                {t(`guarantees.subTabs.${id}`)}
              </TabsTrigger>
            ))}
          </TabsList>
          <TabsContent value="pool" className="mt-6">
            {sample.result ? (
              <PoolView run={sample.result.run} income={sample.result.income} />
            ) : (
              <p className="rounded-lg border border-dashed p-6 text-center text-muted-foreground">{t('guarantees.enterSample')}</p>
            )}
          </TabsContent>
          <TabsContent value="tiers" className="mt-6">
            <TiersView />
          </TabsContent>
          <TabsContent value="guarantees" className="mt-6">
            <GuaranteesView run={sample.result?.run ?? null} />
          </TabsContent>
          <TabsContent value="oversight" className="mt-6">
            <OversightView />
          </TabsContent>
        </Tabs>
        <p className="text-xs text-muted-foreground">{t('guarantees.note')}</p>
      </CardContent>
    </Card>
  );
}
