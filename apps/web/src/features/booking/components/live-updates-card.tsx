import { RadioIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

/** No invented driver counts: availability shows once there is a live service to measure. */
export function LiveUpdatesCard() {
  const { t } = useTranslation('booking');
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2">
          <RadioIcon className="size-5 text-primary" aria-hidden />
          {t('live.title')}
        </CardTitle>
        <CardDescription>{t('live.description')}</CardDescription>
      </CardHeader>
    </Card>
  );
}
