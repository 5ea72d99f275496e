import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { LoadingState } from '@/components/ui/query-state';
import { DeleteAccountDialog } from './delete-account-dialog';
import { DownloadMyData } from './download-my-data';

/** A console's "your data and account" card (the driver console): the download of one's data and the deletion of the account. */
export function PrivacyCard() {
  return (
    <Suspense fallback={<LoadingState />}>
      <PrivacyCardInner />
    </Suspense>
  );
}

function PrivacyCardInner() {
  const { t } = useTranslation('privacy');
  return (
    <Card data-testid="privacy-card">
      <CardHeader>
        <CardTitle as="h2">{t('card.title')}</CardTitle>
        <CardDescription>{t('description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <p className="text-sm">{t('retention')}</p>
        <DownloadMyData />
        <div className="grid gap-2 border-t pt-4">
          <p className="text-sm text-muted-foreground">{t('card.deleteHint')}</p>
          <div>
            <DeleteAccountDialog label={t('delete.open')} />
          </div>
        </div>
      </CardContent>
    </Card>
  );
}
