import { driverReinstateFormSchema, driverSuspendRequestSchema, type DriverSuspension } from '@coride/domain/driver-suspension';
import type { InvalidateQueryFilters } from '@tanstack/react-query';
import { PauseCircleIcon, PlayCircleIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDriverSuspension } from '@/api/driver-suspension';
import { ReasonDialogContent } from '@/components/reason-dialog';
import { AlertDialog } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { useFormatters } from '@/lib/format';

/** The driver a console shows, as the suspension needs it. */
export type SuspendableDriver = { id: string; name: string; suspension: DriverSuspension | null };

const REASON_MIN = driverSuspendRequestSchema.shape.reason.minLength ?? 1;
const REASON_MAX = driverSuspendRequestSchema.shape.reason.maxLength ?? undefined;
/** Reinstating takes an optional note: the same field, nothing required. */
const reinstateSchema = driverReinstateFormSchema.required();

/**
 * Suspend (with a required reason) or Reinstate (with an optional note) a driver: a button that opens a
 * confirmation saying what it does. The licensee's drivers list and the admin's users list both use it,
 * each refreshing its own queries afterwards (ADR 031).
 */
export function DriverSuspensionButton({ driver, invalidate }: { driver: SuspendableDriver; invalidate: readonly InvalidateQueryFilters[] }) {
  const { t } = useTranslation('review');
  const [isOpen, setIsOpen] = useState(false);
  const action = driver.suspension ? 'reinstate' : 'suspend';
  return (
    <>
      <Button
        type="button"
        size="sm"
        variant={action === 'suspend' ? 'outline' : 'default'}
        className="shrink-0 self-start"
        onClick={() => setIsOpen(true)}
        aria-label={t(`suspension.${action}.label`, { name: driver.name })}
        data-testid={`${action}-driver`}
      >
        {action === 'suspend' ? <PauseCircleIcon aria-hidden /> : <PlayCircleIcon aria-hidden />}
        {t(`suspension.${action}.button`)}
      </Button>
      <AlertDialog open={isOpen} onOpenChange={setIsOpen}>
        {isOpen ? <SuspensionForm key={action} driver={driver} action={action} invalidate={invalidate} onClose={() => setIsOpen(false)} /> : null}
      </AlertDialog>
    </>
  );
}

/** "Suspended since … by …: reason", under a suspended driver's name. */
export function SuspensionNote({ suspension }: { suspension: DriverSuspension }) {
  const { t } = useTranslation('review');
  const format = useFormatters();
  const date = format.date(suspension.at);
  return (
    <p className="rounded-md border border-destructive/40 bg-destructive/5 p-2 text-sm break-words" data-testid="driver-suspension-note">
      {suspension.by
        ? t('suspension.noteBy', { date, name: suspension.by.name, role: t(`suspension.roles.${suspension.by.role}`) })
        : t('suspension.note', { date })}{' '}
      <span className="font-medium">{suspension.reason}</span>
    </p>
  );
}

function SuspensionForm({
  driver,
  action,
  invalidate,
  onClose,
}: {
  driver: SuspendableDriver;
  action: 'suspend' | 'reinstate';
  invalidate: readonly InvalidateQueryFilters[];
  onClose: () => void;
}) {
  const { t } = useTranslation('review');
  const change = useDriverSuspension(invalidate);
  return (
    <ReasonDialogContent
      schema={action === 'suspend' ? driverSuspendRequestSchema : reinstateSchema}
      title={t(`suspension.${action}.title`, { name: driver.name })}
      description={t(`suspension.${action}.description`)}
      reasonLabel={t(`suspension.${action}.reasonLabel`)}
      reasonHint={(length) => t(`suspension.${action}.reasonHint`, { min: REASON_MIN, max: REASON_MAX, length })}
      // A suspension's reason has its own words; a reinstatement's note, the schema's.
      reasonError={action === 'suspend' ? () => t('suspension.reasonInvalid', { min: REASON_MIN }) : undefined}
      maxLength={REASON_MAX}
      isReasonRequired={action === 'suspend'}
      cancelLabel={t('suspension.cancel')}
      confirm={{
        label: t(`suspension.${action}.confirm`),
        pendingLabel: t(`suspension.${action}.pending`),
        icon: action === 'suspend' ? <PauseCircleIcon aria-hidden /> : <PlayCircleIcon aria-hidden />,
        variant: action === 'suspend' ? 'destructive' : 'default',
      }}
      onSubmit={async (reason) => {
        await change.mutateAsync({ driverId: driver.id, action, reason });
        toast({ title: t(`suspension.${action}.done`, { name: driver.name }), variant: 'success' });
        onClose();
      }}
      testIds={{ dialog: 'driver-suspension-dialog', reason: 'driver-suspension-reason', confirm: 'driver-suspension-confirm' }}
    >
      {driver.suspension ? <SuspensionNote suspension={driver.suspension} /> : null}
    </ReasonDialogContent>
  );
}
