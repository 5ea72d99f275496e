import type { DriverMe, OwnSuspension } from '@coride/domain';
import { BanIcon, Loader2Icon } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/use-toast';
import { ApiRequestError } from '@/lib/api';
import { useFormatters } from '@/lib/format';
import { getCurrentPosition } from '@/lib/geolocation';
import { cn } from '@/lib/utils';
import { useUpdateDriverStatus } from '../api/use-update-driver-status';
import { showErrorToast } from '../show-error-toast';

/** The server's message when going online without a location (the spec's 'Location Required'). */
const isLocationRequired = (error: unknown) => error instanceof ApiRequestError && error.status === 422 && 'location' in error.fields;

/**
 * ONLINE/OFFLINE and the Online switch, whose label says what the current state means ("Online —
 * you receive ride offers" / "Offline — no offers"). Going online asks the browser for the position first
 * (the server needs it to place the driver in a territory); going offline is refused in the UI
 * while a ride is under way, so the rider keeps seeing the car.
 */
export function AvailabilityCard({ profile, hasActiveRide, onWentOffline }: { profile: DriverMe; hasActiveRide: boolean; onWentOffline: () => void }) {
  const { t } = useTranslation('driver');
  const switchId = useId();
  const reasonId = useId();
  const updateStatus = useUpdateDriverStatus();
  const [isLocating, setIsLocating] = useState(false);
  const isOnline = profile.status === 'online';
  const isBusy = isLocating || updateStatus.isPending;
  // Not disabled while a change is in flight: a disabled switch would drop keyboard focus.
  // A suspended driver cannot go online (ADR 031); one still shown online may go offline.
  const canToggle = profile.isApproved && !(isOnline && hasActiveRide) && !(profile.suspension && !isOnline);

  function locationRequiredToast() {
    toast({ title: t('toasts.locationRequiredTitle'), description: t('toasts.locationRequiredBody'), variant: 'destructive' });
  }

  async function goOnline() {
    setIsLocating(true);
    let location: { lat: number; lng: number };
    try {
      const found = await getCurrentPosition();
      location = { lat: found.lat, lng: found.lng };
    } catch {
      locationRequiredToast();
      return;
    } finally {
      setIsLocating(false);
    }
    try {
      await updateStatus.mutateAsync({ status: 'online', location });
      toast({ title: t('toasts.onlineTitle'), description: t('toasts.onlineBody'), variant: 'success' });
    } catch (error) {
      if (isLocationRequired(error)) locationRequiredToast();
      else showErrorToast(t('toasts.errorTitle'), t('errors.updateStatus'), error);
    }
  }

  async function goOffline() {
    try {
      await updateStatus.mutateAsync({ status: 'offline' });
      onWentOffline();
      toast({ title: t('toasts.offlineTitle'), description: t('toasts.offlineBody') });
    } catch (error) {
      showErrorToast(t('toasts.errorTitle'), t('errors.updateStatus'), error);
    }
  }

  const reason = availabilityReason();
  function availabilityReason(): string {
    const status = profile.applicationStatus;
    if (profile.suspension && !isOnline) return t('availability.suspended');
    if (!profile.isApproved) {
      return status === 'rejected' ? t('availability.rejected') : t('availability.notApproved', { status: t(`availability.statusInSentence.${status}`) });
    }
    if (isLocating) return t('availability.locating');
    if (isOnline && hasActiveRide) return t('availability.finishRideFirst');
    if (isOnline) return profile.territoryName ? t('availability.onlineIn', { territory: profile.territoryName }) : t('availability.onlineHint');
    return t('availability.offlineHint');
  }

  return (
    <>
      {profile.suspension ? <SuspensionBanner suspension={profile.suspension} /> : null}
      <Card className="flex flex-col gap-4 p-5 sm:flex-row sm:items-center sm:justify-between" data-testid="availability">
        <div className="flex items-start gap-3">
          <Badge
            variant={isOnline ? 'success' : 'secondary'}
            className="mt-0.5 shrink-0 tracking-wide"
            data-testid="driver-status-badge"
            data-status={profile.status}
          >
            <span className={cn('size-2 rounded-full', isOnline ? 'bg-white' : 'bg-muted-foreground')} aria-hidden />
            {isOnline ? t('availability.badgeOnline') : t('availability.badgeOffline')}
          </Badge>
          <div className="space-y-1">
            <h2 className="font-semibold">{t('availability.title')}</h2>
            <p id={reasonId} className="text-sm text-muted-foreground" data-testid="go-online-reason">
              {reason}
            </p>
          </div>
        </div>
        <div className="flex shrink-0 items-center gap-3 sm:ps-4">
          {isBusy ? <Loader2Icon className="size-4 animate-spin text-muted-foreground" aria-hidden /> : null}
          <Label htmlFor={switchId} className="cursor-pointer" data-testid="go-online-label">
            {isOnline ? t('availability.switchOnline') : t('availability.switchOffline')}
          </Label>
          <Switch
            id={switchId}
            checked={isOnline}
            disabled={!canToggle}
            onCheckedChange={(next) => {
              if (!isBusy) void (next ? goOnline() : goOffline());
            }}
            aria-describedby={reasonId}
            aria-busy={isBusy}
            data-testid="go-online-switch"
          />
        </div>
      </Card>
    </>
  );
}

/** Why the driver cannot work: staff's reason and since when (ADR 031). Announced when it appears. */
function SuspensionBanner({ suspension }: { suspension: OwnSuspension }) {
  const { t } = useTranslation('driver');
  const format = useFormatters();
  return (
    <div role="alert" className="flex gap-3 rounded-lg border border-destructive/50 bg-destructive/5 p-4" data-testid="suspension-banner">
      <BanIcon className="mt-0.5 size-5 shrink-0 text-destructive" aria-hidden />
      <div className="min-w-0 space-y-1 text-sm">
        <h2 className="font-semibold text-destructive">{t('suspension.title')}</h2>
        <p>{t('suspension.body', { date: format.date(suspension.at) })}</p>
        <p className="break-words">
          <span className="font-medium">{t('suspension.reason')}</span> <span data-testid="suspension-reason">{suspension.reason}</span>
        </p>
        <p className="text-muted-foreground">{t('suspension.contact')}</p>
      </div>
    </div>
  );
}
