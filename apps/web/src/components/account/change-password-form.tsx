import { zodResolver } from '@hookform/resolvers/zod';
import { changePasswordRequestSchema, type ChangePasswordRequest } from '@coride/domain/registration';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { apiRequest } from '@/lib/api';
import { applyServerErrors } from './apply-server-errors';

/** POST /api/users/me/password: this session stays signed in, every other one is signed out. */
export function ChangePasswordForm() {
  const { t } = useTranslation('account');
  const form = useForm<ChangePasswordRequest>({ resolver: zodResolver(changePasswordRequestSchema), defaultValues: { currentPassword: '', newPassword: '' } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await apiRequest('/api/users/me/password', { method: 'POST', body: values });
      form.reset();
      toast({ title: t('password.changed'), description: t('password.changedDescription') });
    } catch (error) {
      if (!applyServerErrors(error, ['currentPassword', 'newPassword'], form.setError)) {
        toast({ title: t('password.failed'), description: error instanceof Error ? error.message : String(error), variant: 'destructive' });
      }
    }
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="grid gap-4" aria-label={t('password.title')} data-testid="change-password-form">
      <FormField id="password-current" label={t('password.current')} error={errors.currentPassword?.message}>
        {(control) => <Input {...control} type="password" autoComplete="current-password" {...form.register('currentPassword')} />}
      </FormField>
      <FormField id="password-new" label={t('password.new')} hint={t('password.newHint')} error={errors.newPassword?.message}>
        {(control) => <Input {...control} type="password" autoComplete="new-password" {...form.register('newPassword')} />}
      </FormField>
      <Button type="submit" disabled={isSubmitting} className="justify-self-start">
        {isSubmitting ? <Spinner label={t('password.saving')} /> : t('password.submit')}
      </Button>
    </form>
  );
}
