import type { TerritorySummary } from '@coride/domain';
import type { UseQueryResult } from '@tanstack/react-query';
import { MapIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ZipCodeList } from '@/components/application-review/review-parts';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { DetailList } from '@/components/ui/detail-list';
import { ErrorState, LoadingState } from '@/components/ui/query-state';
import { useFormatters } from '@/lib/format';
import { EmptySectionCard } from './empty-section-card';

export function TerritoriesTab({ territories }: { territories: UseQueryResult<TerritorySummary[]> }) {
  const { t } = useTranslation('licensee');
  if (territories.isPending) return <LoadingState />;
  if (territories.isError) return <ErrorState title={t('errors.territories')} error={territories.error} onRetry={() => void territories.refetch()} />;
  if (territories.data.length === 0) return <EmptySectionCard section="territories" icon={MapIcon} />;
  return (
    <section aria-labelledby="territories-heading" className="space-y-3">
      <div>
        <h2 id="territories-heading" className="text-lg font-semibold">
          {t('territories.title')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('territories.description')}</p>
      </div>
      <ul className="grid gap-4 md:grid-cols-2">
        {territories.data.map((territory) => (
          <li key={territory.id}>
            <TerritoryCard territory={territory} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function TerritoryCard({ territory }: { territory: TerritorySummary }) {
  const { t } = useTranslation('licensee');
  const format = useFormatters();
  return (
    <Card className="h-full" data-testid="territory-card">
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle as="h3">{territory.territoryName}</CardTitle>
          <Badge variant={territory.isApproved ? 'success' : 'secondary'} data-testid="territory-status">
            {territory.isApproved ? t('territories.active') : t('territories.pending')}
          </Badge>
        </div>
        <CardDescription>{t('territories.zipCount', { count: territory.zipCodes.length })}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <ZipCodeList zipCodes={territory.zipCodes} label={t('territories.zipCodes')} />
        <DetailList
          items={[
            { label: t('territories.driversOnline'), value: format.number(territory.activeDrivers) },
            { label: t('territories.totalRides'), value: format.number(territory.totalRides) },
            { label: t('territories.monthlyRevenue'), value: format.money(territory.monthlyRevenue) },
            { label: t('territories.totalRevenue'), value: format.money(territory.totalRevenue) },
            { label: t('territories.commission'), value: format.money(territory.commission) },
          ]}
        />
      </CardContent>
    </Card>
  );
}
