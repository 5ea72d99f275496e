import type { DriverProfile } from '@coride/domain';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';

/** Online/offline. Going online needs an approved application (and, with dispatch, a location). */
export function AvailabilityCard({ profile }: { profile: DriverProfile }) {
  const { t } = useTranslation('driver');
  const switchId = useId();
  const reasonId = useId();
  const status = profile.applicationStatus;
  const reason =
    profile.isApproved || status === 'approved'
      ? t('availability.approvedSoon')
      : status === 'rejected'
        ? t('availability.rejected')
        : t('availability.notApproved', { status: t(`availability.statusInSentence.${status}`) });

  return (
    <Card className="flex flex-col gap-4 p-5 sm:flex-row sm:items-center sm:justify-between" data-testid="availability">
      <div className="flex items-start gap-3">
        <Badge variant="secondary" className="mt-0.5 shrink-0 tracking-wide" data-testid="driver-status">
          <span className="size-2 rounded-full bg-muted-foreground" aria-hidden />
          {t('availability.offline')}
        </Badge>
        <div className="space-y-1">
          <h2 className="font-semibold">{t('availability.title')}</h2>
          <p id={reasonId} className="text-sm text-muted-foreground" data-testid="go-online-reason">
            {reason}
          </p>
        </div>
      </div>
      <div className="flex shrink-0 items-center gap-3 sm:ps-4">
        <Label htmlFor={switchId}>{t('availability.goOnline')}</Label>
        <Switch id={switchId} checked={false} disabled aria-describedby={reasonId} data-testid="go-online" />
      </div>
    </Card>
  );
}
