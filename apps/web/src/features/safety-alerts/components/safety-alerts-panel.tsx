import { resolveSafetyAlertSchema, type SafetyAlert } from '@coride/domain/safety';
import { CheckIcon, Loader2Icon, MapPinIcon, ShieldAlertIcon } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadMoreButton } from '@/components/paged-list/load-more-button';
import { ActionButton } from '@/components/ui/action-button';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Textarea } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { ErrorState, LoadingState } from '@/components/ui/query-state';
import { toast } from '@/components/ui/use-toast';
import { useFormatters } from '@/lib/format';
import { cn } from '@/lib/utils';
import { useSafetyAlertAction, useSafetyAlerts } from '../api/safety-alerts';

const HEADING_ID = 'safety-alerts-heading';
const NOTE_MAX_LENGTH = 1000;

/**
 * SOS alerts of the licensee's territories (an admin's: all), newest first (contract §9, ADR 032):
 * who pressed it and where, and the staff's steps: acknowledge, then resolve with a note. New ones
 * arrive live (use-safety-alerts-realtime); open ones are marked out.
 */
export function SafetyAlertsPanel() {
  const { t } = useTranslation('safety');
  const alerts = useSafetyAlerts();
  const openCount = alerts.items.filter((alert) => alert.status !== 'resolved').length;
  return (
    <Card role="region" aria-labelledby={HEADING_ID} className={cn(openCount > 0 && 'border-2 border-destructive')} data-testid="safety-alerts">
      <CardHeader className="pb-3">
        <CardTitle as="h2" id={HEADING_ID} className="flex items-center gap-2">
          <ShieldAlertIcon className="size-5 text-destructive" aria-hidden />
          {t('title')}
        </CardTitle>
        <CardDescription>{alerts.isPending ? t('description') : t('openCount', { number: openCount })}</CardDescription>
      </CardHeader>
      <CardContent>
        {alerts.isPending ? (
          <LoadingState />
        ) : alerts.isError && !alerts.isFetchNextPageError ? (
          <ErrorState title={t('errors.fetch')} error={alerts.error} onRetry={() => void alerts.refetch()} />
        ) : alerts.items.length === 0 ? (
          <p className="text-sm text-muted-foreground" data-testid="safety-alerts-empty">
            {t('empty')}
          </p>
        ) : (
          <>
            <ul className="divide-y" data-testid="safety-alert-list">
              {alerts.items.map((alert) => (
                <AlertItem key={alert.id} alert={alert} />
              ))}
            </ul>
            <LoadMoreButton list={alerts} describedBy={HEADING_ID} testId="load-more-safety-alerts" />
          </>
        )}
      </CardContent>
    </Card>
  );
}

function AlertItem({ alert }: { alert: SafetyAlert }) {
  const { t } = useTranslation('safety');
  const format = useFormatters();
  const headingId = useId();
  const action = useSafetyAlertAction();
  const { location } = alert;
  const mapUrl = location ? `https://www.openstreetmap.org/?mlat=${location.lat}&mlon=${location.lng}#map=17/${location.lat}/${location.lng}` : null;

  async function acknowledge() {
    try {
      await action.mutateAsync({ id: alert.id, action: 'acknowledge' });
    } catch (error) {
      toast({ variant: 'destructive', title: t('errors.action'), description: error instanceof Error ? error.message : String(error) });
    }
  }

  return (
    <li
      className="space-y-2 py-4 first:pt-0 last:pb-0"
      aria-labelledby={headingId}
      data-testid="safety-alert"
      data-status={alert.status}
      data-alert-id={alert.id}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0 space-y-0.5">
          <h3 id={headingId} className="font-semibold break-words" data-testid="safety-alert-who">
            {t(`raisedBy.${alert.raisedBy.role}`, { name: alert.raisedBy.name })}
          </h3>
          <p className="text-xs text-muted-foreground">
            <time dateTime={alert.createdAt}>{format.dateTime(alert.createdAt)}</time> ·{' '}
            {t('ride', { pickup: alert.pickupAddress, dropoff: alert.dropoffAddress })}
          </p>
        </div>
        <Badge variant={alert.status === 'open' ? 'destructive' : alert.status === 'acknowledged' ? 'secondary' : 'success'} data-testid="safety-alert-status">
          {t(`status.${alert.status}`)}
        </Badge>
      </div>
      <p className="flex flex-wrap items-center gap-1 text-sm">
        <MapPinIcon className="size-4 text-muted-foreground" aria-hidden />
        {location && mapUrl ? (
          <>
            <a href={mapUrl} target="_blank" rel="noreferrer" className="font-medium underline underline-offset-4" data-testid="safety-alert-location">
              {t('position', {
                lat: format.number(location.lat, { maximumFractionDigits: 5 }),
                lng: format.number(location.lng, { maximumFractionDigits: 5 }),
              })}
            </a>
            <span className="text-muted-foreground">({t(`source.${alert.locationSource ?? 'device'}`)})</span>
          </>
        ) : (
          <span className="text-muted-foreground">{t('noPosition')}</span>
        )}
      </p>
      <p className="text-xs text-muted-foreground">{t('contactsMailed', { number: alert.contactsMailed })}</p>
      {alert.acknowledgedAt && alert.acknowledgedBy ? (
        <p className="text-xs text-muted-foreground" data-testid="safety-alert-acknowledged">
          {t('acknowledgedBy', { name: alert.acknowledgedBy })} · <time dateTime={alert.acknowledgedAt}>{format.dateTime(alert.acknowledgedAt)}</time>
        </p>
      ) : null}
      {alert.status === 'resolved' ? (
        <p className="rounded-md bg-muted/60 p-2 text-sm break-words whitespace-pre-wrap" data-testid="safety-alert-resolution">
          <span className="font-semibold">{t('resolvedBy', { name: alert.resolvedBy ?? '' })}: </span>
          {alert.resolutionNote}
        </p>
      ) : (
        <div className="space-y-3">
          {alert.status === 'open' ? (
            <ActionButton size="sm" onClick={() => void acknowledge()} isPending={action.isPending} data-testid="safety-alert-acknowledge">
              {action.isPending ? <Loader2Icon className="animate-spin" aria-hidden /> : <CheckIcon aria-hidden />}
              {t('acknowledge')}
            </ActionButton>
          ) : null}
          <ResolveForm alert={alert} />
        </div>
      )}
    </li>
  );
}

function ResolveForm({ alert }: { alert: SafetyAlert }) {
  const { t } = useTranslation('safety');
  const id = useId();
  const action = useSafetyAlertAction();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = resolveSafetyAlertSchema.safeParse({ note });
    if (!parsed.success) {
      setError(t('noteRequired'));
      return;
    }
    setError(null);
    try {
      await action.mutateAsync({ id: alert.id, action: 'resolve', note: parsed.data.note });
      toast({ variant: 'success', title: t('resolvedToast') });
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : String(cause));
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-1.5" data-testid="safety-alert-resolve-form">
      <Label htmlFor={`${id}-note`}>{t('noteLabel')}</Label>
      <Textarea
        id={`${id}-note`}
        value={note}
        onChange={(event) => setNote(event.target.value)}
        rows={2}
        maxLength={NOTE_MAX_LENGTH}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        data-testid="safety-alert-note"
      />
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
      <div>
        <ActionButton type="submit" size="sm" variant="outline" isPending={action.isPending} data-testid="safety-alert-resolve">
          {action.isPending ? <Loader2Icon className="animate-spin" aria-hidden /> : null}
          {t('resolve')}
        </ActionButton>
      </div>
    </form>
  );
}
