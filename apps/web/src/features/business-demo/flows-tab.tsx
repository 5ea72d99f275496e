import { useState } from 'react';
import { ShieldAlertIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { FixInputs } from './demo-field';
import { DISPUTE_WINDOW_DAYS } from './fare-example';
import { FareFlowDiagram } from './fare-flow-diagram';
import { FlowDiagram } from './flow-diagram';
import type { FlowSpec } from './flow-layout';
import { bonusSystemFlow, communityFlow, driverPathFlow, flowIds, pricingLogicFlow, riderRewardsFlow, territoryFlow, type FlowId } from './flow-specs';
import { SampleNote } from './sample-note';
import type { DemoModel } from './use-demo-model';
import { useMoney } from './use-money';

/** The spec of each diagram for the current inputs, or null while an input it needs is invalid. */
function specFor(id: Exclude<FlowId, 'fareFlow'>, model: DemoModel): FlowSpec | null {
  const { trip, driver, poolSample, community, territory, pricing, territoryFields } = model;
  switch (id) {
    case 'driverPath':
      return driver ? driverPathFlow(driver.you.tier) : null;
    case 'bonusSystem':
      return poolSample.result ? bonusSystemFlow(poolSample.result.run) : null;
    case 'riderRewards':
      return community && trip.fare ? riderRewardsFlow(community, trip.fare) : null;
    case 'territory':
      return territory && pricing && territoryFields.values ? territoryFlow(territory, territoryFields.values.zipCodes, pricing) : null;
    case 'pricingLogic':
      return pricing ? pricingLogicFlow(pricing) : null;
    case 'community':
      return territory && community ? communityFlow(territory, community) : null;
  }
}

/** The flow-diagrams tab: seven diagrams, each drawn from the figures of the current inputs. */
export function FlowsTab({ model }: { model: DemoModel }) {
  const { t, i18n } = useTranslation('demo');
  const money = useMoney();
  const [tab, setTab] = useState<FlowId>('driverPath');
  const { trip } = model;
  return (
    <Card>
      <CardHeader>
        <h2 className="text-2xl font-bold">{t('flows.tabTitle')}</h2>
        <CardDescription className="text-base">{t('flows.tabDescription')}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        <SampleNote />
        <Tabs value={tab} onValueChange={(value) => setTab(value as FlowId)} dir={i18n.dir(i18n.language)}>
          <TabsList aria-label={t('flows.subTabsLabel')} className="w-full justify-start">
            {flowIds.map((id) => (
              <TabsTrigger key={id} value={id}>
                {t(`flows.subTabs.${id}`)}
              </TabsTrigger>
            ))}
          </TabsList>
          {flowIds.map((id) => {
            const spec = id === 'fareFlow' ? null : specFor(id, model);
            return (
              <TabsContent key={id} value={id} className="mt-6 space-y-4" data-testid={`flow-${id}`}>
                <h3 className="text-lg font-semibold">{t(`flows.${id}.title`)}</h3>
                <p className="text-muted-foreground">
                  {id === 'fareFlow' && trip.miles !== null && trip.minutes !== null
                    ? t('flows.description', { miles: money.number(trip.miles), minutes: money.number(trip.minutes) })
                    : t(`flows.${id}.description`)}
                </p>
                {id === 'fareFlow' ? (
                  trip.fare ? (
                    <>
                      <FareFlowDiagram fare={trip.fare} />
                      <p className="flex items-start gap-2 text-sm text-muted-foreground">
                        <ShieldAlertIcon className="mt-0.5 size-4 shrink-0 text-amber-700" aria-hidden />
                        {t('flows.dispute', { days: DISPUTE_WINDOW_DAYS })}
                      </p>
                    </>
                  ) : (
                    <FixInputs />
                  )
                ) : spec ? (
                  <FlowDiagram spec={spec} />
                ) : (
                  <FixInputs />
                )}
              </TabsContent>
            );
          })}
        </Tabs>
      </CardContent>
    </Card>
  );
}
