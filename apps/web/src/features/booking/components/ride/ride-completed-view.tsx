import type { Ride } from '@coride/domain';
import { CarIcon, CircleCheckBigIcon, ReceiptTextIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { RideStatusBadge } from '@/components/ride-status-badge';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { receiptHref } from '@/lib/dashboard-href';
import { useFormatters } from '@/lib/format';
import { FareBreakdown } from '../fare-breakdown';
import { RateRideCard } from '@/components/ride-feedback/rate-ride-card';
import { RideTimeline } from './ride-timeline';
import { TipCard } from '@/components/ride-feedback/tip-card';
import { TripDetailsCard } from './trip-details-card';

/** After arrival: the receipt, rate the driver, an optional tip, then Book another ride. */
export function RideCompletedView({ ride, onBookAnother }: { ride: Ride; onBookAnother: () => void }) {
  const { t } = useTranslation('booking');
  const format = useFormatters();
  return (
    <div className="mx-auto grid max-w-4xl gap-6" data-testid="ride-completed">
      <Card className="border-success/40">
        <CardHeader className="gap-3 sm:flex-row sm:items-center sm:justify-between">
          <div className="flex items-start gap-3">
            <CircleCheckBigIcon className="mt-0.5 size-8 shrink-0 text-success" aria-hidden />
            <div className="space-y-1" role="status" aria-live="polite" aria-atomic="true">
              <RideStatusBadge status={ride.status} label={t(`status.${ride.status}`)} data-testid="ride-status" />
              <h2 className="text-xl font-semibold">{t('completed.title')}</h2>
              <p className="text-sm text-muted-foreground">{t('completed.description', { total: format.money(ride.totalFare) })}</p>
            </div>
          </div>
          <Button size="lg" onClick={onBookAnother} className="w-full sm:w-auto" data-testid="book-another">
            <CarIcon aria-hidden />
            {t('completed.bookAnother')}
          </Button>
        </CardHeader>
      </Card>
      <div className="grid items-start gap-6 md:grid-cols-2">
        <RateRideCard ride={ride} />
        <TipCard ride={ride} />
      </div>
      <div className="grid items-start gap-6 md:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle as="h2">{t('completed.receipt')}</CardTitle>
            <CardDescription>{t('completed.receiptDescription')}</CardDescription>
          </CardHeader>
          <CardContent className="space-y-4">
            <FareBreakdown fare={ride} tip={ride.tip} totalTestId="receipt-total" />
            {/* The full receipt (where the money goes, escrow, reporting a problem) lives on the dashboard. */}
            <Link href={receiptHref(ride.id)} className={buttonVariants({ variant: 'outline', size: 'sm' })} data-testid="open-receipt">
              <ReceiptTextIcon aria-hidden />
              {t('completed.fullReceipt')}
            </Link>
          </CardContent>
        </Card>
        <div className="space-y-6">
          <TripDetailsCard ride={ride} />
          <RideTimeline ride={ride} />
        </div>
      </div>
    </div>
  );
}
