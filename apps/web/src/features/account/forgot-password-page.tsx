import { zodResolver } from '@hookform/resolvers/zod';
import { passwordResetRequestSchema, type PasswordResetRequest } from '@coride/domain/registration';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { apiRequest } from '@/lib/api';
import { AccountPageCard } from './account-page-card';

/** Asks for a reset link. The answer is the same whether or not the address has an account (no enumeration). */
export function ForgotPasswordPage() {
  const { t } = useTranslation('account');
  const [isSent, setIsSent] = useState(false);
  const form = useForm<PasswordResetRequest>({ resolver: zodResolver(passwordResetRequestSchema), defaultValues: { email: '' } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await apiRequest('/api/password-reset', { method: 'POST', body: values });
      setIsSent(true);
    } catch (error) {
      toast({ title: t('forgot.failed'), description: error instanceof Error ? error.message : String(error), variant: 'destructive' });
    }
  });

  return (
    <AccountPageCard title={t('forgot.title')} description={t('forgot.description')}>
      {isSent ? (
        <p role="status" className="rounded-md bg-muted p-4 text-sm" data-testid="forgot-sent">
          {t('forgot.sent')}
        </p>
      ) : (
        <form onSubmit={(event) => void onSubmit(event)} noValidate className="grid gap-4" aria-label={t('forgot.title')}>
          <FormField id="forgot-email" label={t('forgot.email')} error={errors.email?.message}>
            {(control) => <Input {...control} type="email" autoComplete="email" {...form.register('email')} />}
          </FormField>
          <Button type="submit" size="lg" disabled={isSubmitting}>
            {isSubmitting ? <Spinner label={t('forgot.sending')} /> : t('forgot.submit')}
          </Button>
        </form>
      )}
      <p className="mt-6 text-center text-sm">
        <Link href="/sign-in" className="font-medium text-primary underline">
          {t('backToSignIn')}
        </Link>
      </p>
    </AccountPageCard>
  );
}
