/**
 * The forms of the payment method dialogs (see payment-method-dialogs.tsx), loaded when one opens:
 * react-hook-form and the shared schemas stay out of the dashboard's first load.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import {
  addPaymentMethodSchema,
  updatePaymentMethodSchema,
  type AddPaymentMethodInput,
  type AddPaymentMethodRequest,
  type PaymentMethod,
  type UpdatePaymentMethodRequest,
} from '@coride/domain/payments';
import { useId } from 'react';
import { Controller, useForm, type Resolver, type UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { DialogClose, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { useAddPaymentMethod, useUpdatePaymentMethod } from '../api/payment-methods';
import { cardChanges, type EditCardValues } from '../payments';
import { FormError, useServerErrors } from './form-error';
import { useCardLabel } from './payment-labels';

/** The card's expiry (MM/YY), as the add and edit forms both ask for it. */
function ExpiryField({ id, error, registration }: { id: string; error: string | undefined; registration: UseFormRegisterReturn<'expiryDate'> }) {
  const { t } = useTranslation('customer');
  return (
    <FormField id={id} className="content-start" label={t('payments.expiry')} hint={t('payments.expiryHint')} error={error}>
      {(control) => (
        <Input
          {...control}
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder={t('payments.expiryPlaceholder')}
          maxLength={7}
          data-testid="card-expiry-input"
          {...registration}
        />
      )}
    </FormField>
  );
}

/** Adds a card: number, expiry and security code, checked by the server's own schema before it is sent. */
export function AddPaymentMethodForm({ isFirst, onDone }: { isFirst: boolean; onDone: () => void }) {
  const { t } = useTranslation('customer');
  const cardLabel = useCardLabel();
  const ids = { number: useId(), expiry: useId(), cvc: useId(), isDefault: useId() };
  const add = useAddPaymentMethod();
  const form = useForm<AddPaymentMethodInput, unknown, AddPaymentMethodRequest>({
    resolver: zodResolver(addPaymentMethodSchema),
    defaultValues: { cardNumber: '', expiryDate: '', cvc: '', isDefault: isFirst },
  });
  const server = useServerErrors(form.setError, ['cardNumber', 'expiryDate', 'cvc']);
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (request) => {
    server.clear();
    try {
      const saved = await add.mutateAsync(request);
      toast({ title: t('payments.added', { card: cardLabel(saved) }), variant: 'success' });
      onDone();
    } catch (error) {
      server.show(error);
    }
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="grid gap-4" data-testid="add-payment-method-form">
      <DialogHeader>
        <DialogTitle>{t('payments.addTitle')}</DialogTitle>
        <DialogDescription>{t('payments.addDescription')}</DialogDescription>
      </DialogHeader>
      <FormField id={ids.number} label={t('payments.cardNumber')} error={errors.cardNumber?.message}>
        {(control) => (
          <Input
            {...control}
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="1234 5678 9012 3456"
            maxLength={23}
            data-testid="card-number-input"
            {...form.register('cardNumber')}
          />
        )}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <ExpiryField id={ids.expiry} error={errors.expiryDate?.message} registration={form.register('expiryDate')} />
        <FormField id={ids.cvc} className="content-start" label={t('payments.cvc')} hint={t('payments.cvcHint')} error={errors.cvc?.message}>
          {(control) => <Input {...control} inputMode="numeric" autoComplete="cc-csc" maxLength={4} data-testid="card-cvc-input" {...form.register('cvc')} />}
        </FormField>
      </div>
      <Controller
        control={form.control}
        name="isDefault"
        render={({ field }) => (
          <DefaultCheckbox
            id={ids.isDefault}
            checked={field.value === true}
            onCheckedChange={field.onChange}
            onBlur={field.onBlur}
            hint={isFirst ? t('payments.firstIsDefault') : undefined}
            isLocked={isFirst}
          />
        )}
      />
      <FormFooter formError={server.formError} isSubmitting={isSubmitting} label={t('payments.addSubmit')} busyLabel={t('payments.adding')} />
    </form>
  );
}

/**
 * The shared update schema checks only what changed (an expired card can still become the default
 * without retyping its date); nothing changed closes the dialog without a request.
 */
function editResolver(method: PaymentMethod): Resolver<EditCardValues, unknown, Partial<UpdatePaymentMethodRequest>> {
  const validate = zodResolver(updatePaymentMethodSchema);
  return async (values, context, options) => {
    const result = await validate(cardChanges(values, method) ?? {}, context, { ...options, names: undefined });
    return result as Awaited<ReturnType<Resolver<EditCardValues, unknown, Partial<UpdatePaymentMethodRequest>>>>;
  };
}

export function EditPaymentMethodForm({ method, onDone }: { method: PaymentMethod; onDone: () => void }) {
  const { t } = useTranslation('customer');
  const cardLabel = useCardLabel();
  const ids = { expiry: useId(), isDefault: useId() };
  const update = useUpdatePaymentMethod();
  const form = useForm<EditCardValues, unknown, Partial<UpdatePaymentMethodRequest>>({
    resolver: editResolver(method),
    defaultValues: { expiryDate: method.expiryDate, isDefault: method.isDefault },
  });
  const server = useServerErrors(form.setError, ['expiryDate']);
  const { errors, isSubmitting } = form.formState;
  const name = cardLabel(method);

  const onSubmit = form.handleSubmit(async (changes) => {
    server.clear();
    try {
      await update.mutateAsync({ id: method.id, changes });
      toast({ title: t('payments.updated', { card: name }), variant: 'success' });
      onDone();
    } catch (error) {
      server.show(error);
    }
  });

  return (
    <form
      onSubmit={(event) => {
        if (cardChanges(form.getValues(), method) === null) {
          event.preventDefault();
          onDone();
          return;
        }
        void onSubmit(event);
      }}
      noValidate
      className="grid gap-4"
      data-testid="edit-payment-method-form"
    >
      <DialogHeader>
        <DialogTitle>{t('payments.editTitle', { card: name })}</DialogTitle>
        <DialogDescription>{t('payments.editDescription')}</DialogDescription>
      </DialogHeader>
      <ExpiryField id={ids.expiry} error={errors.expiryDate?.message} registration={form.register('expiryDate')} />
      <Controller
        control={form.control}
        name="isDefault"
        render={({ field }) => (
          <DefaultCheckbox
            id={ids.isDefault}
            checked={field.value}
            onCheckedChange={field.onChange}
            onBlur={field.onBlur}
            hint={method.isDefault ? t('payments.alreadyDefault') : undefined}
            isLocked={method.isDefault}
          />
        )}
      />
      <FormFooter formError={server.formError} isSubmitting={isSubmitting} label={t('payments.save')} busyLabel={t('payments.saving')} />
    </form>
  );
}

/** "Make this my default card". The default card cannot be un-defaulted, only replaced by another. */
function DefaultCheckbox({
  id,
  checked,
  onCheckedChange,
  onBlur,
  hint,
  isLocked,
}: {
  id: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  onBlur: () => void;
  hint?: string;
  isLocked: boolean;
}) {
  const { t } = useTranslation('customer');
  return (
    <div className="grid gap-1.5">
      <div className="flex items-center gap-3">
        <Checkbox
          id={id}
          checked={checked}
          disabled={isLocked}
          onCheckedChange={(value) => onCheckedChange(value === true)}
          onBlur={onBlur}
          aria-describedby={hint ? `${id}-hint` : undefined}
          data-testid="card-default-checkbox"
        />
        <Label htmlFor={id} className="font-normal">
          {t('payments.makeDefault')}
        </Label>
      </div>
      {hint ? (
        <p id={`${id}-hint`} className="ps-8 text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** The server's form-level error, Cancel, and the submit button with its progress: shared by the add and edit forms. */
function FormFooter({ formError, isSubmitting, label, busyLabel }: { formError: string | null; isSubmitting: boolean; label: string; busyLabel: string }) {
  const { t } = useTranslation('customer');
  return (
    <>
      <FormError message={formError} testId="payment-method-form-error" />
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">{t('payments.cancel')}</Button>
        </DialogClose>
        <Button type="submit" disabled={isSubmitting} data-testid="save-payment-method">
          {isSubmitting ? <Spinner /> : null}
          {isSubmitting ? busyLabel : label}
        </Button>
      </DialogFooter>
    </>
  );
}
