import { zodResolver } from '@hookform/resolvers/zod';
import type { PublicUser } from '@coride/domain';
import { profileUpdateSchema, type ProfileUpdate } from '@coride/domain/registration';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { apiRequest } from '@/lib/api';
import { useAuth } from '@/lib/auth';
import { applyServerErrors } from './apply-server-errors';

const fields = ['firstName', 'lastName', 'phone', 'homeAddress'] as const;

/**
 * PATCH /api/users/me with the sign-up rules (the shared schema); only what changed is sent. The
 * account's mail language is set with the app's language in LanguagePreferences.
 */
export function ProfileForm({ user, onDone }: { user: PublicUser; onDone: () => void }) {
  const { t } = useTranslation('account');
  const { updateUser } = useAuth();
  const hasHomeAddress = user.role === 'customer';
  const initial: ProfileUpdate = {
    firstName: user.firstName,
    lastName: user.lastName,
    phone: user.phone ?? '',
    homeAddress: hasHomeAddress ? (user.homeAddress ?? '') : undefined,
  };
  const form = useForm<ProfileUpdate>({ resolver: zodResolver(profileUpdateSchema), defaultValues: initial });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    const changes = Object.fromEntries(
      fields.filter((field) => values[field] !== undefined && values[field] !== initial[field]).map((field) => [field, values[field]]),
    );
    if (Object.keys(changes).length === 0) return onDone();
    try {
      updateUser(await apiRequest<PublicUser>('/api/users/me', { method: 'PATCH', body: changes }));
      toast({ title: t('profile.saved') });
      onDone();
    } catch (error) {
      if (!applyServerErrors(error, fields, form.setError)) {
        toast({ title: t('profile.failed'), description: error instanceof Error ? error.message : String(error), variant: 'destructive' });
      }
    }
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="grid gap-4" aria-label={t('profile.title')} data-testid="profile-form">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="profile-first-name" label={t('profile.firstName')} error={errors.firstName?.message}>
          {(control) => <Input {...control} autoComplete="given-name" {...form.register('firstName')} />}
        </FormField>
        <FormField id="profile-last-name" label={t('profile.lastName')} error={errors.lastName?.message}>
          {(control) => <Input {...control} autoComplete="family-name" {...form.register('lastName')} />}
        </FormField>
      </div>
      <FormField id="profile-phone" label={t('profile.phone')} error={errors.phone?.message}>
        {(control) => <Input {...control} type="tel" autoComplete="tel" {...form.register('phone')} />}
      </FormField>
      {hasHomeAddress ? (
        <FormField id="profile-home-address" label={t('profile.homeAddress')} error={errors.homeAddress?.message}>
          {(control) => <Input {...control} autoComplete="street-address" {...form.register('homeAddress')} />}
        </FormField>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={isSubmitting} data-testid="profile-save">
          {isSubmitting ? <Spinner label={t('profile.saving')} /> : t('profile.save')}
        </Button>
        <Button type="button" variant="outline" onClick={onDone} disabled={isSubmitting}>
          {t('profile.cancel')}
        </Button>
      </div>
    </form>
  );
}
