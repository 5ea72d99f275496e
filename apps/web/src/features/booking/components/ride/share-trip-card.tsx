import type { Ride } from '@coride/domain/rides';
import { CopyIcon, Share2Icon, XIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionButton } from '@/components/ui/action-button';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { useShareTrip, useStopSharingTrip } from '../../api/share-trip';

/** Share trip: a link anyone can open to follow the ride live, copied or handed to the device's share sheet; Stop sharing kills it (ADR 028). */
export function ShareTripCard({ ride }: { ride: Ride }) {
  const { t } = useTranslation('booking');
  const headingId = useId();
  const linkId = useId();
  const share = useShareTrip();
  const stop = useStopSharingTrip();
  const [url, setUrl] = useState<string | null>(null);
  if (ride.status === 'completed' || ride.status === 'cancelled') return null;

  async function start() {
    try {
      const link = await share.mutateAsync(ride.id);
      setUrl(link.url);
    } catch {
      toast({ title: t('share.failed'), variant: 'destructive' });
    }
  }

  async function handOver(link: string) {
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: t('share.shareTitle'), url: link });
        return;
      } catch {
        // Dismissed or refused: copying still works.
      }
    }
    try {
      await navigator.clipboard.writeText(link);
      toast({ title: t('share.copied'), variant: 'success' });
    } catch {
      toast({ title: t('share.copyFailed'), variant: 'destructive' });
    }
  }

  async function end() {
    try {
      await stop.mutateAsync(ride.id);
      setUrl(null);
      toast({ title: t('share.stopped') });
    } catch {
      toast({ title: t('share.failed'), variant: 'destructive' });
    }
  }

  return (
    <Card aria-labelledby={headingId} data-testid="share-trip-card">
      <CardHeader className="pb-2">
        <CardTitle as="h2" id={headingId} className="text-lg">
          {t('share.title')}
        </CardTitle>
        <CardDescription>{t('share.description')}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        {url ? (
          <>
            <div className="grid gap-1.5">
              <Label htmlFor={linkId}>{t('share.linkLabel')}</Label>
              <Input id={linkId} value={url} readOnly onFocus={(event) => event.target.select()} data-testid="share-trip-url" />
            </div>
            <div className="flex flex-wrap gap-2">
              <Button onClick={() => void handOver(url)} data-testid="share-trip-copy">
                {typeof navigator.share === 'function' ? <Share2Icon aria-hidden /> : <CopyIcon aria-hidden />}
                {typeof navigator.share === 'function' ? t('share.send') : t('share.copy')}
              </Button>
              <ActionButton variant="outline" onClick={() => void end()} isPending={stop.isPending} data-testid="share-trip-stop">
                <XIcon aria-hidden />
                {t('share.stop')}
              </ActionButton>
            </div>
          </>
        ) : (
          <ActionButton variant="outline" onClick={() => void start()} isPending={share.isPending} data-testid="share-trip">
            <Share2Icon aria-hidden />
            {t('share.button')}
          </ActionButton>
        )}
      </CardContent>
    </Card>
  );
}
