import type { LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';

export function ComingSoonTab({ icon, description }: { icon: LucideIcon; description: string }) {
  const { t } = useTranslation('admin');
  return (
    <Card>
      <CardContent className="pt-5">
        <EmptyState icon={icon} title={t('comingSoon.title')} description={description} />
      </CardContent>
    </Card>
  );
}
