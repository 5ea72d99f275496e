import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageShell } from '@/components/layout/page-shell';
import { SiteHeader } from '@/components/layout/site-header';
import { Badge } from '@/components/ui/badge';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { ComingSoonTab } from './coming-soon-tab';
import { demoTabIcons, demoTabs, upcomingTabs, type DemoTab } from './demo-tabs';
import { FareCalculator } from './fare-calculator';
import { FlowsTab } from './flows-tab';
import { GuaranteesTab } from './guarantees-tab';
import { OverviewTab } from './overview-tab';
import { useTripInput } from './trip-input';
import { usePoolSample } from './use-pool-sample';

/** The public "How It Works" demo (product spec, business-logic demo page): eight tabs over one sample trip. */
export function BusinessLogicDemoPage() {
  const { t, i18n } = useTranslation('demo');
  const [tab, setTab] = useState<DemoTab>('overview');
  const trip = useTripInput();
  const poolSample = usePoolSample();

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
            <FlowsTab trip={trip} />
          </TabsContent>
          <TabsContent value="rider" className="mt-8">
            <FareCalculator trip={trip} />
          </TabsContent>
          <TabsContent value="guarantees" className="mt-8">
            <GuaranteesTab sample={poolSample} />
          </TabsContent>
          {upcomingTabs.map((id) => (
            <TabsContent key={id} value={id} className="mt-8">
              <ComingSoonTab tab={id} />
            </TabsContent>
          ))}
        </Tabs>
      </div>
    </PageShell>
  );
}
