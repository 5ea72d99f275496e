import { territoryStatusRequestSchema, type AdminTerritory } from '@coride/domain/territories';
import { PauseCircleIcon, PlayCircleIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ReasonDialogContent } from '@/components/reason-dialog';
import { AlertDialog } from '@/components/ui/alert-dialog';
import { toast } from '@/components/ui/use-toast';
import { useSetTerritoryStatus } from '../api/use-admin-territories';

const REASON_MIN = territoryStatusRequestSchema.shape.reason.minLength ?? 1;
const REASON_MAX = territoryStatusRequestSchema.shape.reason.maxLength ?? undefined;

/**
 * "Suspend" (an active territory) or "Reinstate" (a suspended one): a confirmation that says what it
 * does and asks why; the reason goes to the territory's audit trail. It stays open on a refusal.
 */
export function TerritoryStatusDialog({ territory, onClose }: { territory: AdminTerritory | null; onClose: () => void }) {
  return (
    <AlertDialog open={territory !== null} onOpenChange={(isOpen) => (isOpen ? undefined : onClose())}>
      {territory ? <StatusForm key={`${territory.id}:${territory.status}`} territory={territory} onClose={onClose} /> : null}
    </AlertDialog>
  );
}

function StatusForm({ territory, onClose }: { territory: AdminTerritory; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const action = territory.status === 'active' ? 'suspend' : 'reinstate';
  const setStatus = useSetTerritoryStatus();
  return (
    <ReasonDialogContent
      schema={territoryStatusRequestSchema}
      title={t(`territories.${action}.title`, { name: territory.name })}
      description={t(`territories.${action}.description`)}
      reasonLabel={t('territories.reasonLabel')}
      reasonHint={(length) => t('territories.reasonHint', { min: REASON_MIN, max: REASON_MAX, length })}
      reasonError={() => t('territories.reasonInvalid', { min: REASON_MIN })}
      maxLength={REASON_MAX}
      cancelLabel={t('territories.cancel')}
      confirm={{
        label: t(`territories.${action}.confirm`),
        pendingLabel: t(`territories.${action}.pending`),
        icon: action === 'suspend' ? <PauseCircleIcon aria-hidden /> : <PlayCircleIcon aria-hidden />,
        variant: action === 'suspend' ? 'destructive' : 'default',
      }}
      onSubmit={async (reason) => {
        await setStatus.mutateAsync({ id: territory.id, action, reason });
        toast({ title: t(`territories.${action}.done`, { name: territory.name }), variant: 'success' });
        onClose();
      }}
      testIds={{ dialog: 'territory-status-dialog', reason: 'territory-status-reason', confirm: 'territory-status-confirm' }}
    />
  );
}
