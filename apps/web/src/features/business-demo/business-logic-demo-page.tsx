import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageShell } from '@/components/layout/page-shell';
import { SiteHeader } from '@/components/layout/site-header';
import { Badge } from '@/components/ui/badge';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { CommunityTab } from './community-tab';
import { demoTabIcons, demoTabs, type DemoTab } from './demo-tabs';
import { DriverTab } from './driver-tab';
import { FareCalculator } from './fare-calculator';
import { FlowsTab } from './flows-tab';
import { GuaranteesTab } from './guarantees-tab';
import { LicenseeTab } from './licensee-tab';
import { OverviewTab } from './overview-tab';
import { PricingMapTab } from './pricing-map-tab';
import { SampleNote } from './sample-note';
import { useDemoModel } from './use-demo-model';

/** The public "How It Works" demo (product spec, business-logic demo page): eight tabs over one sample trip. */
export function BusinessLogicDemoPage() {
  const { t, i18n } = useTranslation('demo');
  const [tab, setTab] = useState<DemoTab>('overview');
  const model = useDemoModel();

  /** From an overview card: show the tab and move focus to its trigger, since the card's button disappears. */
  function openTab(next: DemoTab) {
    setTab(next);
    requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-demo-tab="${next}"]`)?.focus());
  }

  return (
    <PageShell
      header={
        <SiteHeader>
          <Badge variant="success" data-testid="live-demo-badge">
            <span className="size-1.5 rounded-full bg-white" aria-hidden />
            {t('badge')}
          </Badge>
        </SiteHeader>
      }
    >
      <div className="bg-gradient-to-b from-accent/60 to-background">
        <div className="mx-auto max-w-6xl px-4 pt-10 pb-6 sm:pt-14">
          <p className="text-sm font-semibold tracking-wide text-primary uppercase">{t('eyebrow')}</p>
          <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-balance sm:text-4xl">{t('title')}</h1>
          <p className="mt-3 max-w-3xl text-lg text-pretty text-muted-foreground">{t('subtitle')}</p>
          <div className="mt-4 max-w-3xl">
            <SampleNote />
          </div>
        </div>
      </div>

      <div className="mx-auto max-w-6xl px-4 pb-16 sm:pb-24">
        <Tabs value={tab} onValueChange={(value) => setTab(value as DemoTab)} dir={i18n.dir(i18n.language)}>
          <TabsList aria-label={t('tabsLabel')} className="w-full justify-start">
            {demoTabs.map((id) => {
              const Icon = demoTabIcons[id];
              return (
                <TabsTrigger key={id} value={id} data-demo-tab={id}>
                  <Icon aria-hidden />
                  {t(`tabs.${id}`)}
                </TabsTrigger>
              );
            })}
          </TabsList>

          <TabsContent value="overview" className="mt-8">
            <OverviewTab onOpen={openTab} />
          </TabsContent>
          <TabsContent value="flows" className="mt-8">
            <FlowsTab model={model} />
          </TabsContent>
          <TabsContent value="driver" className="mt-8">
            <DriverTab model={model} />
          </TabsContent>
          <TabsContent value="rider" className="mt-8">
            <FareCalculator trip={model.trip} />
          </TabsContent>
          <TabsContent value="licensee" className="mt-8">
            <LicenseeTab model={model} />
          </TabsContent>
          <TabsContent value="pricingMap" className="mt-8">
            <PricingMapTab model={model} />
          </TabsContent>
          <TabsContent value="guarantees" className="mt-8">
            <GuaranteesTab sample={model.poolSample} />
          </TabsContent>
          <TabsContent value="community" className="mt-8">
            <CommunityTab model={model} />
          </TabsContent>
        </Tabs>
      </div>
    </PageShell>
  );
}
