import { CreditCardIcon, PlusIcon, ReceiptIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ComingSoonButton } from '@/components/ui/coming-soon-button';
import { EmptyState } from '@/components/ui/empty-state';

export function PaymentsTab() {
  const { t } = useTranslation('customer');
  return (
    <div className="grid items-start gap-6 lg:grid-cols-2">
      <Card>
        <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
          <div className="space-y-1.5">
            <CardTitle as="h2">{t('payments.methodsTitle')}</CardTitle>
            <CardDescription>{t('payments.methodsDescription')}</CardDescription>
          </div>
          <ComingSoonButton variant="outline" size="sm" reason={t('payments.addMethodSoon')}>
            <PlusIcon aria-hidden />
            {t('payments.addMethod')}
          </ComingSoonButton>
        </CardHeader>
        <CardContent>
          <EmptyState icon={CreditCardIcon} title={t('payments.methodsEmptyTitle')} description={t('payments.methodsEmptyDescription')} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle as="h2">{t('payments.historyTitle')}</CardTitle>
          <CardDescription>{t('payments.historyDescription')}</CardDescription>
        </CardHeader>
        <CardContent>
          <EmptyState icon={ReceiptIcon} title={t('payments.historyEmptyTitle')} description={t('payments.historyEmptyDescription')} />
        </CardContent>
      </Card>
    </div>
  );
}
