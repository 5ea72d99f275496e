import { zodResolver } from '@hookform/resolvers/zod';
import { passwordSchema } from '@coride/domain/registration';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { ApiRequestError, apiRequest } from '@/lib/api';
import { AccountPageCard } from './account-page-card';

const resetFormSchema = z
  .object({ password: passwordSchema, confirmPassword: z.string() })
  .refine((values) => values.password === values.confirmPassword, { message: "Passwords don't match", path: ['confirmPassword'] });
type ResetForm = z.infer<typeof resetFormSchema>;

/** The mailed link's page: a new password (twice); on success every session is signed out, so sign in again. */
export function ResetPasswordPage() {
  const { t } = useTranslation('account');
  const [, navigate] = useLocation();
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const form = useForm<ResetForm>({ resolver: zodResolver(resetFormSchema), defaultValues: { password: '', confirmPassword: '' } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ password }) => {
    try {
      await apiRequest('/api/password-reset/confirm', { method: 'POST', body: { token, password } });
      toast({ title: t('reset.done'), description: t('reset.doneDescription') });
      navigate('/sign-in', { replace: true });
    } catch (error) {
      if (error instanceof ApiRequestError && error.fields.password) {
        form.setError('password', { type: 'server', message: error.fields.password });
        return;
      }
      const isLinkProblem =
        error instanceof ApiRequestError && (error.code === 'TOKEN_EXPIRED' || error.code === 'TOKEN_INVALID' || Boolean(error.fields.token));
      toast({
        title: isLinkProblem ? t('reset.badLink') : t('reset.failed'),
        description: error instanceof Error ? error.message : String(error),
        variant: 'destructive',
      });
    }
  });

  if (!token) {
    return (
      <AccountPageCard title={t('reset.title')} description={t('reset.badLink')}>
        <Link href="/forgot-password" className="font-medium text-primary underline">
          {t('reset.askAgain')}
        </Link>
      </AccountPageCard>
    );
  }

  return (
    <AccountPageCard title={t('reset.title')} description={t('reset.description')}>
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="grid gap-4" aria-label={t('reset.title')}>
        <FormField id="reset-password" label={t('reset.password')} hint={t('password.newHint')} error={errors.password?.message}>
          {(control) => <Input {...control} type="password" autoComplete="new-password" {...form.register('password')} />}
        </FormField>
        <FormField id="reset-confirm" label={t('reset.confirm')} error={errors.confirmPassword?.message}>
          {(control) => <Input {...control} type="password" autoComplete="new-password" {...form.register('confirmPassword')} />}
        </FormField>
        <Button type="submit" size="lg" disabled={isSubmitting}>
          {isSubmitting ? <Spinner label={t('reset.saving')} /> : t('reset.submit')}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm">
        <Link href="/forgot-password" className="font-medium text-primary underline">
          {t('reset.askAgain')}
        </Link>
      </p>
    </AccountPageCard>
  );
}
