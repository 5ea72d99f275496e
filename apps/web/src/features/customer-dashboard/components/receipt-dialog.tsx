import { PRICING } from '@coride/domain/pricing';
import type { Dispute, Receipt } from '@coride/domain/payments';
import { useQuery } from '@tanstack/react-query';
import { FlagIcon } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { receiptQueryOptions } from '../api/get-payments';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { ErrorState, LoadingState } from '@/components/ui/query-state';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useFormatters } from '@/lib/format';
import { RouteAddresses } from './route-addresses';
import { cn } from '@/lib/utils';
import { splitShares } from '../payments';
import { CardName, EscrowBadge } from './payment-labels';
import { ReportProblemForm } from './report-problem-form';

/**
 * A ride's receipt (loaded with the dialog, see ReceiptButton): the fare line by line, tip, refunds
 * and what was paid with which card; where the money goes (the ledger's real split of this ride);
 * where it is now (escrow); and a way to report a problem, or how the report was resolved.
 */
export function ReceiptDialogContent({ rideId }: { rideId: string }) {
  const { t } = useTranslation('customer');
  const format = useFormatters();
  const receipt = useQuery(receiptQueryOptions(rideId));
  const data = receipt.data;
  return (
    <DialogContent className="max-w-2xl" data-testid="receipt-dialog">
      <DialogHeader>
        <DialogTitle>{t('receipt.title')}</DialogTitle>
        <DialogDescription>
          {data?.completedAt ? t('receipt.descriptionDated', { date: format.dateTime(data.completedAt) }) : t('receipt.description')}
        </DialogDescription>
      </DialogHeader>
      {receipt.isPending ? (
        <LoadingState />
      ) : receipt.isError ? (
        <ErrorState title={t('receipt.loadFailed')} error={receipt.error} onRetry={() => void receipt.refetch()} />
      ) : (
        <ReceiptBody receipt={receipt.data} />
      )}
    </DialogContent>
  );
}

function ReceiptBody({ receipt }: { receipt: Receipt }) {
  const { t } = useTranslation('customer');
  const [hasReported, setHasReported] = useState(false);
  return (
    <div className="grid gap-6">
      <RouteAddresses pickup={receipt.pickupAddress} dropoff={receipt.dropoffAddress} />
      <FareSection receipt={receipt} />
      <SplitSection receipt={receipt} />
      <EscrowSection receipt={receipt} />
      {receipt.dispute ? (
        <DisputeSection dispute={receipt.dispute} takeFocus={hasReported} />
      ) : receipt.disputeUntil ? (
        <ReportSection rideId={receipt.rideId} until={receipt.disputeUntil} onReported={() => setHasReported(true)} />
      ) : receipt.completedAt ? (
        <p className="text-xs text-muted-foreground">{t('receipt.reportClosed')}</p>
      ) : null}
    </div>
  );
}

function Section({ title, description, children, testId }: { title: ReactNode; description?: ReactNode; children: ReactNode; testId?: string }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="grid gap-3" data-testid={testId}>
      <div className="grid gap-1">
        <h3 id={headingId} className="text-base font-semibold">
          {title}
        </h3>
        {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
      </div>
      {children}
    </section>
  );
}

function Row({ label, value, className, muted, testId }: { label: ReactNode; value: ReactNode; className?: string; muted?: boolean; testId?: string }) {
  return (
    <div className={cn('flex items-baseline justify-between gap-4', muted && 'text-muted-foreground', className)}>
      <dt>{label}</dt>
      <dd className="text-end tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

function FareSection({ receipt }: { receipt: Receipt }) {
  const { t } = useTranslation(['customer', 'rewards']);
  const format = useFormatters();
  return (
    <Section title={t('receipt.fareTitle')} testId="receipt-fare">
      <dl className="space-y-2 text-sm">
        <Row label={t('receipt.baseFare')} value={format.money(receipt.baseFare)} />
        <Row
          label={t('receipt.distanceFare', { value: format.number(receipt.distance, { maximumFractionDigits: 1 }) })}
          value={format.money(receipt.distanceFare)}
        />
        <Row label={t('receipt.timeFare', { value: format.number(receipt.duration) })} value={format.money(receipt.timeFare)} />
        <Row label={t('receipt.subtotal')} value={format.money(receipt.subtotal)} className="border-t pt-2 font-medium" />
        <Row label={t('receipt.platformFee', { percent: format.percent(PRICING.platformFeeRate) })} value={format.money(receipt.platformFee)} muted />
        <Row label={t('receipt.adminFee', { percent: format.percent(PRICING.adminFeeRate) })} value={format.money(receipt.adminFee)} muted />
        <Row label={t('receipt.totalFare')} value={format.money(receipt.totalFare)} className="border-t pt-2 font-medium" testId="receipt-total-fare" />
        <Row label={t('receipt.tip')} value={format.money(receipt.tip)} testId="receipt-tip" />
        {receipt.creditApplied ? <Row label={t('rewards:receipt.credit')} value={format.money(-receipt.creditApplied)} testId="receipt-credit" /> : null}
        {receipt.refunded > 0 ? (
          <Row label={t('receipt.refunded')} value={format.money(-receipt.refunded)} className="text-success" testId="receipt-refunded" />
        ) : null}
        <Row label={t('receipt.paid')} value={format.money(receipt.paid)} className="border-t pt-2 text-base font-bold" testId="receipt-paid" />
        <Row
          label={t('receipt.card')}
          value={receipt.paymentMethod ? <CardName brand={receipt.paymentMethod.brand} lastFour={receipt.paymentMethod.lastFour} /> : t('receipt.noCard')}
          muted
        />
      </dl>
    </Section>
  );
}

/** The ledger's split of this ride: who gets what, and what share of the whole that is. */
function SplitSection({ receipt }: { receipt: Receipt }) {
  const { t } = useTranslation('customer');
  const format = useFormatters();
  const shares = splitShares(receipt.split);
  const total = shares.reduce((sum, row) => sum + row.amount, 0);
  return (
    <Section title={t('receipt.splitTitle')} description={t('receipt.splitDescription', { total: format.money(total) })} testId="receipt-split">
      <Table className="w-full">
        <TableHeader className="sr-only">
          <TableRow>
            <TableHead scope="col">{t('receipt.splitRecipient')}</TableHead>
            <TableHead scope="col">{t('receipt.splitAmount')}</TableHead>
            <TableHead scope="col">{t('receipt.splitShare')}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody className="divide-y">
          {shares.map((row) => (
            <TableRow key={row.payee} data-testid={`split-${row.payee}`}>
              <TableHead scope="row" className="py-2 pe-3 font-normal">
                <span className="block">{t(`receipt.payees.${row.payee}`)}</span>
                <span className="mt-1 block h-1.5 w-full max-w-48 overflow-hidden rounded-full bg-muted" aria-hidden>
                  <span className="block h-full rounded-full bg-primary" style={{ width: `${Math.max(row.share > 0 ? 1 : 0, row.share * 100)}%` }} />
                </span>
              </TableHead>
              <TableCell className="py-2 pe-3 text-end font-medium tabular-nums">{format.money(row.amount)}</TableCell>
              <TableCell className="w-16 py-2 text-end text-muted-foreground tabular-nums">{format.percent(row.share)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Section>
  );
}

function EscrowSection({ receipt }: { receipt: Receipt }) {
  const { t } = useTranslation('customer');
  const format = useFormatters();
  const releaseDate = receipt.releaseAfter ? format.date(receipt.releaseAfter) : null;
  const explanation =
    receipt.escrow === 'held'
      ? releaseDate
        ? t('escrow.explain.heldUntil', { date: releaseDate })
        : t('escrow.explain.held')
      : t(`escrow.explain.${receipt.escrow}`);
  return (
    <Section title={t('receipt.escrowTitle')} testId="receipt-escrow">
      <div className="grid gap-2">
        <EscrowBadge escrow={receipt.escrow} releaseAfter={receipt.releaseAfter} className="w-fit" />
        <p className="text-sm text-muted-foreground">{explanation}</p>
      </div>
    </Section>
  );
}

function ReportSection({ rideId, until, onReported }: { rideId: string; until: string; onReported: () => void }) {
  const { t } = useTranslation('customer');
  const format = useFormatters();
  const [isOpen, setIsOpen] = useState(false);
  const [wasCancelled, setWasCancelled] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  // Cancelling removes the form that had focus: focus goes back to the button that opened it.
  useEffect(() => {
    if (wasCancelled) toggleRef.current?.focus();
  }, [wasCancelled]);
  return (
    <Section title={t('disputes.reportTitle')} description={t('disputes.reportDescription', { date: format.date(until) })} testId="report-problem">
      {isOpen ? (
        <ReportProblemForm
          rideId={rideId}
          onCancel={() => {
            setIsOpen(false);
            setWasCancelled(true);
          }}
          onReported={onReported}
        />
      ) : (
        <Button
          ref={toggleRef}
          variant="outline"
          className="w-fit"
          onClick={() => {
            setIsOpen(true);
            setWasCancelled(false);
          }}
          data-testid="report-problem-toggle"
        >
          <FlagIcon aria-hidden />
          {t('disputes.reportButton')}
        </Button>
      )}
    </Section>
  );
}

/** The rider's report and, once the licensee has decided, the outcome and their note. */
function DisputeSection({ dispute, takeFocus }: { dispute: Dispute; takeFocus: boolean }) {
  const { t } = useTranslation('customer');
  const format = useFormatters();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  const isResolved = dispute.status === 'resolved';
  // Just reported: the form is gone, so focus moves to what replaced it.
  useEffect(() => {
    if (takeFocus) headingRef.current?.focus();
  }, [takeFocus]);
  return (
    <section aria-labelledby={headingId} className="grid gap-3 rounded-lg border p-4" data-testid="dispute-details" data-status={dispute.status}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} ref={headingRef} tabIndex={-1} className="text-base font-semibold focus-visible:outline-2 focus-visible:outline-ring">
          {t('disputes.yourReport')}
        </h3>
        <Badge variant={isResolved ? 'success' : 'secondary'} data-testid="dispute-status">
          {t(`disputes.status.${dispute.status}`)}
        </Badge>
      </div>
      <dl className="grid gap-2 text-sm">
        <Row label={t('disputes.reason')} value={t(`disputes.reasons.${dispute.reason}`)} />
        <Row label={t('disputes.openedAt')} value={format.dateTime(dispute.openedAt)} />
        <div className="grid gap-1">
          <dt className="text-muted-foreground">{t('disputes.description')}</dt>
          <dd className="rounded-md bg-muted p-3 break-words whitespace-pre-line">{dispute.description}</dd>
        </div>
        {isResolved && dispute.resolution ? (
          <>
            <Row label={t('disputes.resolution')} value={t(`disputes.resolutions.${dispute.resolution}`)} className="border-t pt-2" />
            {dispute.refundAmount > 0 ? <Row label={t('disputes.refund')} value={format.money(dispute.refundAmount)} testId="dispute-refund" /> : null}
            {dispute.resolvedAt ? <Row label={t('disputes.resolvedAt')} value={format.dateTime(dispute.resolvedAt)} /> : null}
            {dispute.resolutionNote ? (
              <div className="grid gap-1">
                <dt className="text-muted-foreground">{t('disputes.licenseeNote')}</dt>
                <dd className="rounded-md bg-muted p-3 break-words whitespace-pre-line" data-testid="dispute-note">
                  {dispute.resolutionNote}
                </dd>
              </div>
            ) : null}
          </>
        ) : null}
      </dl>
      {isResolved ? null : takeFocus ? (
        <p className="grid gap-0.5 text-sm" role="status" data-testid="dispute-sent">
          <span className="font-semibold text-success">{t('disputes.sentTitle')}</span>
          <span className="text-muted-foreground">{t('disputes.sentDescription')}</span>
        </p>
      ) : (
        <p className="text-sm text-muted-foreground">{t('disputes.underReview')}</p>
      )}
    </section>
  );
}
