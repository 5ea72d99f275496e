import { useState } from 'react';
import { MapIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { DEMAND_MULTIPLIER_MAX, DEMAND_MULTIPLIER_MIN, type ZoneTier } from '@coride/domain/community/zones';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useFormatters } from '@/lib/format';
import { cn } from '@/lib/utils';
import { DemoNumberField, FixInputs, Stat } from './demo-field';
import { LazyBarChart } from './lazy-charts';
import { parseLimited } from './limits';
import { MAX_RATE_ADJUSTMENT_PERCENT, PRICING_LIMITS, RATE_CHANGE_NOTICE_DAYS, type PricingResult } from './pricing-sample';
import { SampleNote } from './sample-note';
import type { DemoModel } from './use-demo-model';
import { useMoney } from './use-money';

const subTabs = ['zones', 'live', 'control'] as const;
type SubTab = (typeof subTabs)[number];

function ZoneList({ pricing, selected, onSelect }: { pricing: PricingResult; selected: ZoneTier; onSelect: (tier: ZoneTier) => void }) {
  const { t } = useTranslation('demo');
  const money = useMoney();
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <fieldset>
        <legend className="font-semibold">{t('pricing.zonesLegend')}</legend>
        <div className="mt-3 space-y-2">
          {pricing.zones.map((zone) => (
            <label
              key={zone.zip}
              className={cn(
                'flex cursor-pointer gap-3 rounded-lg border p-3 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                zone.tier === selected && 'border-primary bg-accent/60',
              )}
            >
              <input
                type="radio"
                name="pricing-zone"
                value={zone.tier}
                checked={zone.tier === selected}
                onChange={() => onSelect(zone.tier)}
                className="mt-1 accent-primary"
              />
              <span className="flex-1">
                <span className="flex flex-wrap items-center gap-2 font-medium">
                  {t('pricing.zoneName', { zip: zone.zip, name: t(`pricing.tiers.${zone.tier}.label`) })}
                  <Badge variant="secondary">{t('pricing.tierBadge', { tier: zone.tier, factor: money.ratio(zone.factor) })}</Badge>
                </span>
                <span className="mt-1 block text-sm text-muted-foreground">
                  {t('pricing.rates', {
                    base: money.cents(zone.rates.baseFare),
                    mile: money.cents(zone.rates.perMile),
                    minute: money.cents(zone.rates.perMinute),
                  })}
                </span>
                <span className="block text-xs text-muted-foreground">{t(`pricing.tiers.${zone.tier}.justification`)}</span>
                <span className="mt-1 block text-sm" data-testid={`zone-fare-${zone.tier}`}>
                  {t('pricing.sampleTrip', { total: money.cents(zone.fare.totalFare) })}
                </span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <figure>
        <figcaption className="font-semibold">{t('pricing.chartCaption')}</figcaption>
        <LazyBarChart
          data={pricing.zones.map((zone) => ({ label: zone.zip, value: zone.fare.totalFare, highlight: zone.tier === selected }))}
          format={money.cents}
          height={260}
        />
        <p className="mt-2 text-xs text-muted-foreground">{t('pricing.chartNote')}</p>
      </figure>
    </div>
  );
}

function LiveRates({ model, pricing }: { model: DemoModel; pricing: PricingResult | null }) {
  const { t } = useTranslation('demo');
  const money = useMoney();
  const fields = model.pricingFields;
  return (
    <div className="space-y-5">
      <p className="text-sm text-muted-foreground">
        {t('pricing.liveDescription', { min: money.number(DEMAND_MULTIPLIER_MIN), max: money.number(DEMAND_MULTIPLIER_MAX) })}
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        {(['openRequests', 'idleDrivers'] as const).map((field) => (
          <DemoNumberField
            key={field}
            label={t(`pricing.fields.${field}`)}
            value={fields.texts[field]}
            onChange={(text) => fields.set(field, text)}
            isValid={fields.isValid(field)}
            limit={PRICING_LIMITS[field]}
          />
        ))}
      </div>
      {pricing ? (
        <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <Stat label={t('pricing.zone')} value={t(`pricing.tiers.${pricing.live.tier}.label`)} />
          <Stat label={t('pricing.demand')} value={t(`pricing.demandLevels.${pricing.live.demand.replace(' ', '')}`)} testId="demand-level" />
          <Stat
            label={t('pricing.currentMultiplier')}
            value={t('flows.multiplier', { value: money.number(pricing.live.multiplier) })}
            testId="current-multiplier"
          />
          <Stat
            label={t('pricing.liveFare')}
            value={money.cents(pricing.live.fare.totalFare)}
            detail={t('pricing.liveFareDetail', { factor: money.number(Math.round(pricing.live.quoteMultiplier * 1000) / 1000) })}
            testId="live-fare"
          />
        </dl>
      ) : (
        <FixInputs />
      )}
      <p className="text-xs text-muted-foreground">{t('pricing.noSurge')}</p>
    </div>
  );
}

function LicenseeControl({ model, pricing }: { model: DemoModel; pricing: PricingResult | null }) {
  const { t } = useTranslation('demo');
  const money = useMoney();
  const format = useFormatters();
  const fields = model.pricingFields;
  // In range but not a multiple of 0.5%: say so, rather than repeat the range.
  const isOffStep = !fields.isValid('adjustment') && parseLimited(PRICING_LIMITS.adjustment, fields.texts.adjustment) !== null;
  return (
    <div className="space-y-5">
      <p className="text-sm text-muted-foreground">{t('pricing.controlDescription', { max: MAX_RATE_ADJUSTMENT_PERCENT, days: RATE_CHANGE_NOTICE_DAYS })}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <DemoNumberField
          label={t('pricing.fields.adjustment')}
          value={fields.texts.adjustment}
          onChange={(text) => fields.set('adjustment', text)}
          isValid={fields.isValid('adjustment') || isOffStep}
          error={isOffStep ? t('pricing.stepError') : null}
          limit={PRICING_LIMITS.adjustment}
          hint={t('pricing.adjustmentHint', { max: MAX_RATE_ADJUSTMENT_PERCENT })}
        />
        <DemoNumberField
          label={t('pricing.fields.daysSinceAnnounced')}
          value={fields.texts.daysSinceAnnounced}
          onChange={(text) => fields.set('daysSinceAnnounced', text)}
          isValid={fields.isValid('daysSinceAnnounced')}
          limit={PRICING_LIMITS.daysSinceAnnounced}
        />
      </div>
      {pricing ? (
        <>
          <dl className="grid gap-3 sm:grid-cols-3">
            <Stat label={t('pricing.announced')} value={format.date(pricing.announcedAt.toISOString())} />
            <Stat
              label={t('pricing.effective')}
              value={format.date(pricing.effectiveAt.toISOString())}
              detail={pricing.isPending ? t('pricing.pending') : t('pricing.inForceDetail')}
            />
            <Stat label={t('pricing.inForce')} value={money.ratio(pricing.adjustmentInForce / 100)} testId="adjustment-in-force" />
          </dl>
          <div className="overflow-x-auto">
            <Table className="w-full">
              <TableCaption className="mb-2 text-start text-xs text-muted-foreground">{t('pricing.tableCaption')}</TableCaption>
              <TableHeader>
                <TableRow className="border-b">
                  <TableHead scope="col" className="py-1.5">
                    {t('pricing.zone')}
                  </TableHead>
                  <TableHead scope="col" className="py-1.5 text-end">
                    {t('pricing.columns.base')}
                  </TableHead>
                  <TableHead scope="col" className="py-1.5 text-end">
                    {t('pricing.columns.mile')}
                  </TableHead>
                  <TableHead scope="col" className="py-1.5 text-end">
                    {t('pricing.columns.minute')}
                  </TableHead>
                  <TableHead scope="col" className="py-1.5 text-end">
                    {t('pricing.columns.trip')}
                  </TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {pricing.zones.map((zone) => (
                  <TableRow key={zone.zip} className="border-b last:border-0">
                    <TableHead scope="row" className="py-1.5 font-normal">
                      {t('pricing.zoneName', { zip: zone.zip, name: t(`pricing.tiers.${zone.tier}.label`) })}
                    </TableHead>
                    <TableCell className="py-1.5 text-end tabular-nums">{money.cents(zone.rates.baseFare)}</TableCell>
                    <TableCell className="py-1.5 text-end tabular-nums">{money.cents(zone.rates.perMile)}</TableCell>
                    <TableCell className="py-1.5 text-end tabular-nums">{money.cents(zone.rates.perMinute)}</TableCell>
                    <TableCell className="py-1.5 text-end tabular-nums">{money.cents(zone.fare.totalFare)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
        </>
      ) : (
        <FixInputs />
      )}
    </div>
  );
}

/** The pricing map: zones and their rates, live rates from demand, and the licensee's adjustment with notice. */
export function PricingMapTab({ model }: { model: DemoModel }) {
  const { t, i18n } = useTranslation('demo');
  const [tab, setTab] = useState<SubTab>('zones');
  const { pricing } = model;
  return (
    <Card>
      <CardHeader className="flex-row items-start gap-3">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-primary text-primary-foreground">
          <MapIcon className="size-6" aria-hidden />
        </span>
        <div className="space-y-1">
          <h2 className="text-2xl font-bold">{t('pricing.title')}</h2>
          <CardDescription className="text-base">{t('pricing.description')}</CardDescription>
        </div>
      </CardHeader>
      <CardContent className="space-y-6">
        <SampleNote />
        <Tabs value={tab} onValueChange={(value) => setTab(value as SubTab)} dir={i18n.dir(i18n.language)}>
          <TabsList aria-label={t('pricing.subTabsLabel')}>
            {subTabs.map((id) => (
              <TabsTrigger key={id} value={id}>
                {t(`pricing.subTabs.${id}`)}
              </TabsTrigger>
            ))}
          </TabsList>
          <TabsContent value="zones" className="mt-6">
            {pricing ? <ZoneList pricing={pricing} selected={model.zoneTier} onSelect={model.setZoneTier} /> : <FixInputs />}
          </TabsContent>
          <TabsContent value="live" className="mt-6">
            <LiveRates model={model} pricing={pricing} />
          </TabsContent>
          <TabsContent value="control" className="mt-6">
            <LicenseeControl model={model} pricing={pricing} />
          </TabsContent>
        </Tabs>
      </CardContent>
    </Card>
  );
}
