import { CarIcon, DollarSignIcon, PercentIcon, UsersIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { StatCard } from '@/components/ui/stat-card';

const metrics = [
  { key: 'monthlyRevenue', icon: DollarSignIcon },
  { key: 'monthlyCommission', icon: PercentIcon },
  { key: 'activeDrivers', icon: UsersIcon },
  { key: 'monthlyRides', icon: CarIcon },
] as const;

export function OverviewTab() {
  const { t } = useTranslation('licensee');
  return (
    <div className="space-y-6">
      <section aria-labelledby="licensee-metrics-heading">
        <h2 id="licensee-metrics-heading" className="sr-only">
          {t('metrics.heading')}
        </h2>
        <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
          {metrics.map(({ key, icon }) => (
            <StatCard key={key} label={t(`metrics.${key}`)} value={null} hint={t('metrics.noTerritory')} icon={icon} />
          ))}
        </div>
      </section>
      <Card>
        <CardHeader>
          <CardTitle as="h2">{t('overview.nextStepsTitle')}</CardTitle>
        </CardHeader>
        <CardContent>
          <ol className="space-y-3">
            {(['step1', 'step2', 'step3'] as const).map((step, index) => (
              <li key={step} className="flex gap-3 text-sm">
                <span className="flex size-6 shrink-0 items-center justify-center rounded-full bg-primary text-xs font-semibold text-primary-foreground" aria-hidden>
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
