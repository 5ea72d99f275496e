import type { PaymentMethod } from '@coride/domain';
import { CreditCardIcon, PencilIcon, PlusIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePaymentMethods } from '@/api/payments';
import { ConfirmButton, ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState, LoadingState } from '@/components/ui/query-state';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { useRemovePaymentMethod } from '../api/payment-methods';
import { isCardExpired } from '../payments';
import { CardName, useCardLabel } from './payment-labels';
import { AddPaymentMethodDialog, EditPaymentMethodDialog } from './payment-method-dialogs';
import { PaymentHistory } from './payment-history';

/** The rider's cards (add, edit, remove, choose the default) and the payments of their last rides. */
export function PaymentsTab() {
  return (
    <div className="grid items-start gap-6 lg:grid-cols-2">
      <PaymentMethodsCard />
      <PaymentHistory />
    </div>
  );
}

function PaymentMethodsCard() {
  const { t } = useTranslation('customer');
  const methods = usePaymentMethods();
  const addButton = (
    <AddPaymentMethodDialog
      isFirst={methods.data?.length === 0}
      trigger={
        <Button variant="outline" size="sm" data-testid="add-payment-method">
          <PlusIcon aria-hidden />
          {t('payments.addMethod')}
        </Button>
      }
    />
  );
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="space-y-1.5">
          <CardTitle as="h2">{t('payments.methodsTitle')}</CardTitle>
          <CardDescription>{t('payments.methodsDescription')}</CardDescription>
        </div>
        {addButton}
      </CardHeader>
      <CardContent>
        {methods.isPending ? (
          <LoadingState />
        ) : methods.isError ? (
          <ErrorState title={t('payments.methodsLoadFailed')} error={methods.error} onRetry={() => void methods.refetch()} />
        ) : methods.data.length === 0 ? (
          <EmptyState icon={CreditCardIcon} title={t('payments.methodsEmptyTitle')} description={t('payments.methodsEmptyDescription')} />
        ) : (
          <ul className="grid gap-3" data-testid="payment-methods">
            {methods.data.map((method) => (
              <PaymentMethodItem key={method.id} method={method} isOnly={methods.data.length === 1} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function PaymentMethodItem({ method, isOnly }: { method: PaymentMethod; isOnly: boolean }) {
  const { t } = useTranslation('customer');
  const cardLabel = useCardLabel();
  const name = cardLabel(method);
  const isExpired = isCardExpired(method);
  return (
    <li
      className="flex flex-col gap-3 rounded-lg border p-4 sm:flex-row sm:items-center sm:justify-between"
      data-testid="payment-method"
      data-default={method.isDefault}
    >
      <div className="flex min-w-0 items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-accent text-accent-foreground">
          <CreditCardIcon className="size-5" aria-hidden />
        </span>
        <div className="min-w-0 space-y-1">
          <p className="flex flex-wrap items-center gap-2 font-semibold">
            <CardName brand={method.brand} lastFour={method.lastFour} />
            {method.isDefault ? (
              <Badge variant="default" data-testid="default-badge">
                {t('payments.default')}
              </Badge>
            ) : null}
            {isExpired ? <Badge variant="destructive">{t('payments.expired')}</Badge> : null}
          </p>
          <p className="text-sm text-muted-foreground">{t('payments.expires', { date: method.expiryDate })}</p>
        </div>
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        <EditPaymentMethodDialog
          method={method}
          name={name}
          trigger={
            <Button variant="outline" size="sm" aria-label={t('payments.editLabel', { card: name })} data-testid="edit-payment-method">
              <PencilIcon aria-hidden />
              {t('payments.edit')}
            </Button>
          }
        />
        <RemovePaymentMethodButton method={method} name={name} isOnly={isOnly} />
      </div>
    </li>
  );
}

function RemovePaymentMethodButton({ method, name, isOnly }: { method: PaymentMethod; name: string; isOnly: boolean }) {
  const { t } = useTranslation('customer');
  const remove = useRemovePaymentMethod();
  const [isOpen, setIsOpen] = useState(false);
  // mutateAsync: removing the card from the list unmounts this button before mutate's callbacks would run.
  async function confirm() {
    try {
      await remove.mutateAsync(method.id);
      toast({ title: t('payments.removed', { card: name }) });
    } catch (error) {
      toast({ title: t('payments.removeFailed'), description: error instanceof Error ? error.message : undefined, variant: 'destructive' });
    }
  }
  const consequence = isOnly ? t('payments.removeOnly') : method.isDefault ? t('payments.removeDefault') : null;
  return (
    <ConfirmDialog
      open={isOpen}
      onOpenChange={setIsOpen}
      trigger={
        <Button
          variant="ghost"
          size="sm"
          className="text-destructive hover:bg-destructive/5"
          aria-label={t('payments.removeLabel', { card: name })}
          data-testid="remove-payment-method"
        >
          <Trash2Icon aria-hidden />
          {t('payments.remove')}
        </Button>
      }
      title={t('payments.removeTitle', { card: name })}
      description={
        <>
          {t('payments.removeDescription')}
          {consequence ? ` ${consequence}` : null}
        </>
      }
      cancelLabel={t('payments.keep')}
      confirm={
        <ConfirmButton variant="destructive" onClick={() => void confirm()} disabled={remove.isPending} data-testid="confirm-remove-payment-method">
          {remove.isPending ? <Spinner /> : null}
          {remove.isPending ? t('payments.removing') : t('payments.removeConfirm')}
        </ConfirmButton>
      }
    />
  );
}
