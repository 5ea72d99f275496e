import { MapPinIcon, PlusIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ComingSoonButton } from '@/components/ui/coming-soon-button';
import { EmptyState } from '@/components/ui/empty-state';

export function FavoritesTab() {
  const { t } = useTranslation('customer');
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="space-y-1.5">
          <CardTitle as="h2">{t('favorites.title')}</CardTitle>
          <CardDescription>{t('favorites.description')}</CardDescription>
        </div>
        <ComingSoonButton variant="outline" size="sm" reason={t('favorites.addLocationSoon')}>
          <PlusIcon aria-hidden />
          {t('favorites.addLocation')}
        </ComingSoonButton>
      </CardHeader>
      <CardContent>
        <EmptyState icon={MapPinIcon} title={t('favorites.emptyTitle')} description={t('favorites.emptyDescription')} />
      </CardContent>
    </Card>
  );
}
