import type { LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';

/** A tab whose data starts once the territory is live. */
export function EmptySectionCard({ section, icon }: { section: 'territories' | 'drivers' | 'analytics'; icon: LucideIcon }) {
  const { t } = useTranslation('licensee');
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t(`${section}.title`)}</CardTitle>
        <CardDescription>{t(`${section}.description`)}</CardDescription>
      </CardHeader>
      <CardContent>
        <EmptyState icon={icon} title={t(`${section}.emptyTitle`)} description={t(`${section}.emptyDescription`)} />
      </CardContent>
    </Card>
  );
}
