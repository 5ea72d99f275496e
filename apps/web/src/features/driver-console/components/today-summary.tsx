import type { DriverMe } from '@coride/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';
import { useFormatters } from '@/lib/format';
import { onlineHoursNow } from '../online-time';

/** How often the running online time is redrawn while the driver is online. */
const ONLINE_TICK_MS = 30_000;

/**
 * Today at a glance, on the console's first screen: what today's rides earned (fares kept plus
 * tips: the one place the console shows today's earnings), how many rides, and the time online
 * from the stored sessions (GET /api/drivers/me), still counting while the driver is online.
 */
export function TodaySummary({ profile, readAt }: { profile: DriverMe; readAt: number }) {
  const { t } = useTranslation('driver');
  const format = useFormatters();
  const isOnline = profile.status === 'online';
  const now = useTicking(isOnline ? ONLINE_TICK_MS : null);
  const { rides, earnings } = profile.today;
  const hours = onlineHoursNow(profile.today.onlineSeconds, isOnline, readAt, now);
  const figures = [
    { key: 'earnings', label: t('today.earnings'), value: format.money(earnings), cents: earnings },
    { key: 'rides', label: t('today.rides'), value: format.number(rides) },
    { key: 'online', label: t('today.online'), value: format.number(hours, { style: 'unit', unit: 'hour', unitDisplay: 'short', maximumFractionDigits: 1 }) },
  ];
  return (
    <Card role="region" aria-labelledby="driver-today-heading" className="p-4" data-testid="driver-today">
      <h2 id="driver-today-heading" className="sr-only">
        {t('today.title')}
      </h2>
      <dl className="grid grid-cols-3 gap-2 text-center">
        {figures.map((figure) => (
          <div key={figure.key} className="min-w-0" data-testid={`today-${figure.key}`}>
            <dt className="text-xs font-medium text-muted-foreground">{figure.label}</dt>
            <dd className="mt-0.5 text-lg font-bold tabular-nums break-words" data-cents={figure.cents}>
              {figure.value}
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 text-center text-xs text-muted-foreground">{rides === 0 ? t('today.noRides') : t('today.hint')}</p>
    </Card>
  );
}

/** The current time, redrawn every `intervalMs` (never when null). */
function useTicking(intervalMs: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (intervalMs === null) return;
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
