import { zodResolver } from '@hookform/resolvers/zod';
import { payoutAccountInputSchema, type PayoutAccountInput, type PayoutAccountRequest } from '@coride/domain/payouts';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyServerErrors } from '@/components/account/apply-server-errors';
import { Button } from '@/components/ui/button';
import { FormField, validationKey } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { useSavePayoutAccount } from './api';

const FIELDS = ['accountHolder', 'routingNumber', 'accountNumber'] as const;

/** Adds or replaces the payout account (PUT /api/payouts/account), checked by the same schema as the server. */
export function PayoutAccountForm({ onSaved, onCancel }: { onSaved: () => void; onCancel?: () => void }) {
  const { t } = useTranslation('payouts');
  const save = useSavePayoutAccount();
  const form = useForm<PayoutAccountInput, unknown, PayoutAccountRequest>({
    resolver: zodResolver(payoutAccountInputSchema),
    defaultValues: { accountHolder: '', routingNumber: '', accountNumber: '' },
  });
  const { errors, isSubmitting } = form.formState;
  // The schema's English message in this console's language (the payouts namespace holds them).
  const message = (text: string | undefined) => (text ? t(`validation.${validationKey(text)}`, { defaultValue: text }) : undefined);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
      form.reset();
      toast({ title: t('account.saved') });
      onSaved();
    } catch (error) {
      if (!applyServerErrors(error, FIELDS, form.setError)) {
        toast({ title: t('account.failed'), description: error instanceof Error ? error.message : String(error), variant: 'destructive' });
      }
    }
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="grid gap-4" aria-label={t('account.formTitle')} data-testid="payout-account-form">
      <FormField id="payout-holder" label={t('account.holder')} error={message(errors.accountHolder?.message)}>
        {(control) => <Input {...control} autoComplete="name" {...form.register('accountHolder')} />}
      </FormField>
      <FormField id="payout-routing" label={t('account.routing')} hint={t('account.routingHint')} error={message(errors.routingNumber?.message)}>
        {(control) => <Input {...control} inputMode="numeric" autoComplete="off" {...form.register('routingNumber')} />}
      </FormField>
      <FormField id="payout-number" label={t('account.number')} hint={t('account.numberHint')} error={message(errors.accountNumber?.message)}>
        {(control) => <Input {...control} inputMode="numeric" autoComplete="off" {...form.register('accountNumber')} />}
      </FormField>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? <Spinner label={t('account.saving')} /> : t('account.save')}
        </Button>
        {onCancel ? (
          <Button type="button" variant="ghost" onClick={onCancel}>
            {t('account.cancel')}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
