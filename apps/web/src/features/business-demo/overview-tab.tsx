import { ArrowRightIcon, BarChart3Icon, CarFrontIcon, GaugeIcon, HeartHandshakeIcon, MapIcon, ReceiptIcon, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import type { DemoTab } from './demo-tabs';

const cards: { key: string; icon: LucideIcon; tab: DemoTab }[] = [
  { key: 'driverDashboard', icon: GaugeIcon, tab: 'driver' },
  { key: 'riderInterface', icon: ReceiptIcon, tab: 'rider' },
  { key: 'licenseeAnalytics', icon: BarChart3Icon, tab: 'licensee' },
  { key: 'pricingMap', icon: MapIcon, tab: 'pricingMap' },
  { key: 'earningsTracker', icon: CarFrontIcon, tab: 'driver' },
  { key: 'communityDashboard', icon: HeartHandshakeIcon, tab: 'community' },
];

/** Six cards, one per view of the marketplace, each opening the tab that shows it. */
export function OverviewTab({ onOpen }: { onOpen: (tab: DemoTab) => void }) {
  const { t } = useTranslation('demo');
  return (
    <div>
      <h2 className="text-2xl font-bold">{t('overview.title')}</h2>
      <p className="mt-1 text-muted-foreground">{t('overview.description')}</p>
      <ul className="mt-6 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
        {cards.map(({ key, icon: Icon, tab }) => {
          return (
            <li key={key}>
              <Card className="flex h-full flex-col">
                <CardHeader>
                  <div className="flex items-start justify-between gap-3">
                    <span className="flex size-11 items-center justify-center rounded-lg bg-accent text-accent-foreground">
                      <Icon className="size-6" aria-hidden />
                    </span>
                    <Badge variant="success">{t('available')}</Badge>
                  </div>
                  <CardTitle className="mt-2">{t(`overview.cards.${key}.title`)}</CardTitle>
                  <CardDescription>{t(`overview.cards.${key}.description`)}</CardDescription>
                </CardHeader>
                <CardFooter className="mt-auto">
                  <Button variant="outline" size="sm" onClick={() => onOpen(tab)}>
                    {t('overview.open', { tab: t(`tabs.${tab}`) })}
                    <ArrowRightIcon className="rtl:rotate-180" aria-hidden />
                  </Button>
                </CardFooter>
              </Card>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
