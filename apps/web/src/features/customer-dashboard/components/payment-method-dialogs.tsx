import type { PaymentMethod } from '@coride/domain';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { LoadingState } from '@/components/ui/query-state';

const loadForms = () => import('./dialogs');
const AddPaymentMethodForm = lazy(async () => ({ default: (await loadForms()).AddPaymentMethodForm }));
const EditPaymentMethodForm = lazy(async () => ({ default: (await loadForms()).EditPaymentMethodForm }));

/**
 * A dialog whose form is mounted only while it is open, so a closed dialog keeps nothing typed (card
 * numbers least of all). The form's code loads on first use, starting when the trigger is pointed at.
 */
function FormDialog({ title, trigger, children }: { title: string; trigger: ReactNode; children: (close: () => void) => ReactNode }) {
  const { t } = useTranslation('customer');
  const [isOpen, setIsOpen] = useState(false);
  return (
    <Dialog open={isOpen} onOpenChange={setIsOpen}>
      <DialogTrigger asChild onPointerEnter={() => void loadForms()} onFocus={() => void loadForms()}>
        {trigger}
      </DialogTrigger>
      <DialogContent>
        {isOpen ? (
          <Suspense
            fallback={
              <DialogHeader>
                <DialogTitle>{title}</DialogTitle>
                <DialogDescription className="sr-only">{t('common:loading')}</DialogDescription>
                <LoadingState />
              </DialogHeader>
            }
          >
            {children(() => setIsOpen(false))}
          </Suspense>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

export function AddPaymentMethodDialog({ trigger, isFirst }: { trigger: ReactNode; isFirst: boolean }) {
  const { t } = useTranslation('customer');
  return (
    <FormDialog title={t('payments.addTitle')} trigger={trigger}>
      {(close) => <AddPaymentMethodForm isFirst={isFirst} onDone={close} />}
    </FormDialog>
  );
}

export function EditPaymentMethodDialog({ method, trigger, name }: { method: PaymentMethod; trigger: ReactNode; name: string }) {
  const { t } = useTranslation('customer');
  return (
    <FormDialog title={t('payments.editTitle', { card: name })} trigger={trigger}>
      {(close) => <EditPaymentMethodForm method={method} onDone={close} />}
    </FormDialog>
  );
}
