import { zodResolver } from '@hookform/resolvers/zod';
import { licenseeBusinessProfileSchema, type LicenseeBusinessProfile } from '@coride/domain/territories';
import { SaveIcon } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyServerErrors } from '@/components/account/apply-server-errors';
import { ActionButton } from '@/components/ui/action-button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { useSaveBusinessProfile } from '../api/use-business-profile';

const fields = ['businessName', 'contactEmail', 'phone'] as const;

/**
 * The licensee's business name, contact email and phone, checked with the sign-up rules (the shared
 * schema) here and by the server, whose per-field refusals land on the fields.
 */
export function BusinessProfileForm({ profile }: { profile: LicenseeBusinessProfile }) {
  const { t } = useTranslation('licensee');
  const save = useSaveBusinessProfile();
  const form = useForm<LicenseeBusinessProfile>({ resolver: zodResolver(licenseeBusinessProfileSchema), defaultValues: profile });
  const { errors, isSubmitting, isDirty } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync(values);
      form.reset(saved);
      toast({ title: t('settings.saved'), variant: 'success' });
    } catch (error) {
      if (!applyServerErrors(error, fields, form.setError)) {
        toast({ title: t('settings.failed'), description: error instanceof Error ? error.message : String(error), variant: 'destructive' });
      }
    }
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-4" aria-busy={isSubmitting} data-testid="business-profile-form">
      <FormField id="business-name" label={t('settings.businessName')} error={errors.businessName?.message}>
        {(control) => <Input {...control} autoComplete="organization" data-testid="business-name" {...form.register('businessName')} />}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="business-contact-email" label={t('settings.contactEmail')} error={errors.contactEmail?.message}>
          {(control) => <Input {...control} type="email" autoComplete="email" data-testid="business-contact-email" {...form.register('contactEmail')} />}
        </FormField>
        <FormField id="business-phone" label={t('settings.phone')} error={errors.phone?.message}>
          {(control) => <Input {...control} type="tel" autoComplete="tel" data-testid="business-phone" {...form.register('phone')} />}
        </FormField>
      </div>
      <div className="flex flex-wrap items-center gap-3 pt-2">
        <ActionButton type="submit" isPending={isSubmitting} data-testid="business-save">
          {isSubmitting ? <Spinner /> : <SaveIcon aria-hidden />}
          {isSubmitting ? t('settings.saving') : t('settings.save')}
        </ActionButton>
        {isDirty ? <p className="text-sm text-muted-foreground">{t('settings.unsaved')}</p> : null}
      </div>
    </form>
  );
}
