import type { DemandLevel, PricingZone } from '@coride/domain/community/zones';
import { ActivityIcon, LayoutGridIcon, SlidersHorizontalIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState, LoadingState } from '@/components/ui/query-state';
import { NativeSelect } from '@/components/ui/select';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useFormatters } from '@/lib/format';
import { cn } from '@/lib/utils';
import { usePricingZones, type TerritoryPricing } from '../api';
import { LicenseeControl } from './licensee-control';
import { LabelledCell as Cell } from '@/components/ui/labelled-cell';
import { StackedRow, StackedRowHeader, StackedTable } from '@/components/ui/stacked-table';

/** Tier colours (light backgrounds, dark text: readable in both themes' cards). */
const tierClasses: Record<PricingZone['tier'], string> = {
  1: 'border-rose-300 bg-rose-50 text-rose-950',
  2: 'border-sky-300 bg-sky-50 text-sky-950',
  3: 'border-emerald-300 bg-emerald-50 text-emerald-950',
  4: 'border-amber-300 bg-amber-50 text-amber-950',
};
const demandKeys: Record<DemandLevel, 'veryHigh' | 'high' | 'medium' | 'low'> = { 'Very High': 'veryHigh', High: 'high', Medium: 'medium', Low: 'low' };

export type PricingMapProps = {
  territories: { id: string; name: string }[];
  /** Shows the Licensee Control tab (the territory's licensee or an admin). */
  canManage: boolean;
};

/**
 * The pricing map (spec §2): the territory's zones with their tier and rates, the live multiplier and
 * demand per zone (refetched every 30 s, like the server's refresh), and the licensee's rate
 * adjustments with their 7-day notice.
 */
export function PricingMap({ territories, canManage }: PricingMapProps) {
  const { t } = useTranslation('pricing');
  const selectId = useId();
  const [territoryId, setTerritoryId] = useState(territories[0]?.id);
  const pricing = usePricingZones(territoryId);
  if (territories.length === 0 || !territoryId) return <EmptyState icon={LayoutGridIcon} title={t('empty.title')} description={t('empty.description')} />;
  return (
    <Card data-testid="pricing-map">
      <CardHeader>
        <CardTitle as="h2">{t('title')}</CardTitle>
        <CardDescription>{t('description')}</CardDescription>
        {territories.length > 1 ? (
          <div className="grid max-w-xs gap-1.5 pt-2">
            <label htmlFor={selectId} className="text-sm font-medium">
              {t('territory')}
            </label>
            <NativeSelect id={selectId} value={territoryId} onChange={(event) => setTerritoryId(event.target.value)}>
              {territories.map((territory) => (
                <option key={territory.id} value={territory.id}>
                  {territory.name}
                </option>
              ))}
            </NativeSelect>
          </div>
        ) : null}
      </CardHeader>
      <CardContent>
        {pricing.isPending ? (
          <LoadingState />
        ) : pricing.isError ? (
          <ErrorState title={t('errors.load')} error={pricing.error} onRetry={() => void pricing.refetch()} />
        ) : (
          <PricingTabs pricing={pricing.data} updatedAt={pricing.dataUpdatedAt} canManage={canManage} />
        )}
      </CardContent>
    </Card>
  );
}

function PricingTabs({ pricing, updatedAt, canManage }: { pricing: TerritoryPricing; updatedAt: number; canManage: boolean }) {
  const { t } = useTranslation('pricing');
  const [selected, setSelected] = useState(pricing.zones[0]?.zoneId);
  const zone = pricing.zones.find((z) => z.zoneId === selected) ?? pricing.zones[0];
  return (
    <Tabs defaultValue="zones">
      <TabsList aria-label={t('tabs.label')} className="w-full justify-start sm:w-auto">
        <TabsTrigger value="zones">
          <LayoutGridIcon aria-hidden />
          {t('tabs.zones')}
        </TabsTrigger>
        <TabsTrigger value="realtime">
          <ActivityIcon aria-hidden />
          {t('tabs.realtime')}
        </TabsTrigger>
        {canManage ? (
          <TabsTrigger value="control">
            <SlidersHorizontalIcon aria-hidden />
            {t('tabs.control')}
          </TabsTrigger>
        ) : null}
      </TabsList>
      <TabsContent value="zones" className="space-y-4 pt-4">
        <ZoneGrid zones={pricing.zones} selected={zone?.zoneId} onSelect={setSelected} />
        {zone ? <ZoneDetails zone={zone} /> : null}
      </TabsContent>
      <TabsContent value="realtime" className="pt-4">
        <RealtimeRates pricing={pricing} updatedAt={updatedAt} />
      </TabsContent>
      {canManage ? (
        <TabsContent value="control" className="pt-4">
          <LicenseeControl territoryId={pricing.territoryId} territoryName={pricing.territoryName} />
        </TabsContent>
      ) : null}
    </Tabs>
  );
}

function TierLegend() {
  const { t } = useTranslation('pricing');
  return (
    <ul className="flex flex-wrap gap-2 text-xs" aria-label={t('tiers.legend')}>
      {([1, 2, 3, 4] as const).map((tier) => (
        <li key={tier} className={cn('rounded-full border px-2 py-0.5', tierClasses[tier])}>
          {t('tiers.name', { tier, label: t(`tiers.${tier}`) })}
        </li>
      ))}
    </ul>
  );
}

function ZoneGrid({ zones, selected, onSelect }: { zones: PricingZone[]; selected: string | undefined; onSelect: (zoneId: string) => void }) {
  const { t } = useTranslation('pricing');
  return (
    <div className="space-y-3">
      <TierLegend />
      <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-5" aria-label={t('zones.label')} data-testid="pricing-zones">
        {zones.map((zone) => (
          <li key={zone.zoneId}>
            <button
              type="button"
              aria-pressed={zone.zoneId === selected}
              onClick={() => onSelect(zone.zoneId)}
              data-testid={`pricing-zone-${zone.zoneId}`}
              className={cn(
                'w-full rounded-md border p-2 text-start text-sm transition-shadow focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
                tierClasses[zone.tier],
                zone.zoneId === selected && 'ring-2 ring-primary',
              )}
            >
              <span className="block font-semibold">{zone.zoneName}</span>
              <span className="block text-xs">{t('tiers.name', { tier: zone.tier, label: t(`tiers.${zone.tier}`) })}</span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

function ZoneDetails({ zone }: { zone: PricingZone }) {
  const { t } = useTranslation('pricing');
  const format = useFormatters();
  const rows: [string, string][] = [
    [t('rates.base'), format.money(zone.baseFare)],
    [t('rates.perMile'), format.money(zone.perMile)],
    [t('rates.perMinute'), format.money(zone.perMinute)],
    [t('rates.adjustment'), format.percent(zone.rateAdjustmentPercent / 100)],
  ];
  return (
    <section aria-labelledby={`zone-${zone.zoneId}-title`} className="rounded-md border p-4" data-testid="pricing-zone-details">
      <h3 id={`zone-${zone.zoneId}-title`} className="font-semibold">
        {zone.zoneName} · {t('tiers.name', { tier: zone.tier, label: t(`tiers.${zone.tier}`) })}
      </h3>
      <p className="text-sm text-muted-foreground">{t(`tiers.why${zone.tier}`)}</p>
      <dl className="mt-3 grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="font-medium tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 text-xs text-muted-foreground">{t('rates.note')}</p>
    </section>
  );
}

function RealtimeRates({ pricing, updatedAt }: { pricing: TerritoryPricing; updatedAt: number }) {
  const { t } = useTranslation('pricing');
  const format = useFormatters();
  return (
    <div className="space-y-3">
      <p className="text-sm text-muted-foreground" data-testid="pricing-live-note">
        {t('realtime.updates', { seconds: 30 })} · {t('realtime.lastUpdated', { time: format.dateTime(new Date(updatedAt).toISOString()) })}
      </p>
      <StackedTable
        data-testid="pricing-realtime"
        caption={t('realtime.caption', { territory: pricing.territoryName })}
        headings={[t('realtime.zone'), t('realtime.multiplier'), t('realtime.demand'), t('realtime.idleDrivers'), t('realtime.wait')]}
      >
        {pricing.zones.map((zone) => (
          <StackedRow key={zone.zoneId}>
            <StackedRowHeader>{zone.zoneName}</StackedRowHeader>
            <Cell label={t('realtime.multiplier')} className="tabular-nums">
              ×{format.number(zone.currentMultiplier, { minimumFractionDigits: 2, maximumFractionDigits: 2 })}
              {zone.currentMultiplier < 1 ? (
                <span className="ms-1 text-xs text-muted-foreground">({t('realtime.discount', { percent: format.percent(1 - zone.currentMultiplier) })})</span>
              ) : null}
            </Cell>
            <Cell label={t('realtime.demand')}>
              <Badge variant={zone.demandLevel === 'Very High' || zone.demandLevel === 'High' ? 'default' : 'outline'}>
                {t(`demand.${demandKeys[zone.demandLevel]}`)}
              </Badge>
            </Cell>
            <Cell label={t('realtime.idleDrivers')} className="tabular-nums">
              {zone.activeDrivers}
            </Cell>
            <Cell label={t('realtime.wait')} className="tabular-nums">
              {t('realtime.minutes', { count: zone.averageWaitTime })}
            </Cell>
          </StackedRow>
        ))}
      </StackedTable>
      <p className="text-xs text-muted-foreground">{t('realtime.noSurge')}</p>
    </div>
  );
}
