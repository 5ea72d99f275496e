import { ShieldIcon } from 'lucide-react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { LoadingState } from '@/components/ui/query-state';
import { DownloadMyData } from './download-my-data';

/** The rider profile's "Privacy" settings button: what is kept and for how long, and the download of one's data. */
export function PrivacyDialog({ label }: { label: string }) {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="outline" className="w-full justify-start" data-testid="privacy-settings-open">
          <ShieldIcon aria-hidden />
          {label}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-xl" data-testid="privacy-settings">
        <Suspense fallback={<LoadingState />}>
          <PrivacyPanel />
        </Suspense>
      </DialogContent>
    </Dialog>
  );
}

function PrivacyPanel() {
  const { t } = useTranslation('privacy');
  return (
    <>
      <DialogHeader>
        <DialogTitle>{t('title')}</DialogTitle>
        <DialogDescription>{t('description')}</DialogDescription>
      </DialogHeader>
      <p className="text-sm">{t('retention')}</p>
      <DownloadMyData />
    </>
  );
}
