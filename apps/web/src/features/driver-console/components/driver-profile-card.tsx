import type { DriverMe } from '@coride/domain';
import { CarFrontIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ApplicationStatusBadge } from '@/components/application-status-badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { DetailList } from '@/components/ui/detail-list';
import { useFormatters } from '@/lib/format';

/** The vehicle and application exactly as the driver registered them. */
export function DriverProfileCard({ profile, name }: { profile: DriverMe; name: string }) {
  const { t } = useTranslation('driver');
  const format = useFormatters();
  return (
    <Card data-testid="driver-profile">
      <CardHeader>
        <CardTitle as="h2">{t('profile.title')}</CardTitle>
        <CardDescription>{name}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="flex items-center gap-3 rounded-lg bg-muted p-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-background text-primary">
            <CarFrontIcon className="size-5" aria-hidden />
          </span>
          <div className="min-w-0">
            <p className="text-xs text-muted-foreground">{t('profile.vehicle')}</p>
            <p className="font-semibold break-words" data-testid="driver-vehicle">
              {t('profile.vehicleName', { year: profile.vehicleYear, make: profile.vehicleMake, model: profile.vehicleModel })}
            </p>
          </div>
        </div>
        <DetailList
          items={[
            { label: t('profile.applicationStatus'), value: <ApplicationStatusBadge status={profile.applicationStatus} /> },
            { label: t('profile.color'), value: profile.vehicleColor },
            { label: t('profile.plate'), value: <span className="font-mono">{profile.vehiclePlate}</span> },
            { label: t('profile.seats'), value: format.number(profile.seatCount) },
            { label: t('profile.size'), value: t(`sizes.${profile.vehicleSize}`, { defaultValue: profile.vehicleSize }) },
            { label: t('profile.ageClass'), value: t(`ages.${profile.vehicleAge}`, { defaultValue: profile.vehicleAge }) },
            { label: t('profile.driveArea'), value: profile.driveArea },
            { label: t('profile.territory'), value: profile.territoryName ?? t('profile.noTerritory') },
            {
              label: t('profile.rating'),
              value: profile.rating === null ? t('profile.noRatings') : format.number(profile.rating, { minimumFractionDigits: 1, maximumFractionDigits: 2 }),
            },
            { label: t('profile.totalRides'), value: format.number(profile.totalRides) },
          ]}
        />
      </CardContent>
    </Card>
  );
}
