import { CarIcon, NavigationIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';

export function RidesTab() {
  const { t } = useTranslation('customer');
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t('rides.title')}</CardTitle>
        <CardDescription>{t('rides.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <EmptyState
          icon={CarIcon}
          title={t('rides.emptyTitle')}
          description={t('rides.emptyDescription')}
          action={
            <Link href="/ride" className={buttonVariants({ className: 'mt-2' })}>
              <NavigationIcon aria-hidden />
              {t('rides.bookFirst')}
            </Link>
          }
        />
      </CardContent>
    </Card>
  );
}
