import { zodResolver } from '@hookform/resolvers/zod';
import { loginRequestSchema, type LoginRequest } from '@coride/domain/registration';
import { dashboardPathFor } from '@coride/domain/roles';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import { PageShell } from '@/components/layout/page-shell';
import { SiteHeader } from '@/components/layout/site-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { useAuth } from '@/lib/auth';
import { nextPathFrom, withNext } from '@/lib/next-path';

/** The spec only sends "Sign in" to /onboarding; returning people sign in here. */
export function SignInPage() {
  const { t } = useTranslation('auth');
  const { login } = useAuth();
  const [, navigate] = useLocation();
  // The page a signed-out visitor was sent away from (contract §10): they come back to it.
  const next = nextPathFrom(useSearch());
  const form = useForm<LoginRequest>({ resolver: zodResolver(loginRequestSchema), defaultValues: { email: '', password: '' } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const user = await login(values);
      navigate(next ?? dashboardPathFor(user.role), { replace: true });
    } catch (error) {
      // The form keeps what was typed; the server's message is generic on purpose.
      toast({ title: t('failedTitle'), description: error instanceof Error ? error.message : String(error), variant: 'destructive' });
    }
  });

  return (
    <PageShell header={<SiteHeader />}>
      <div className="mx-auto flex w-full max-w-md flex-col px-4 py-12">
        <Card>
          <CardHeader>
            <h1 className="text-2xl font-bold">{t('title')}</h1>
            <CardDescription data-testid="signin-subtitle">{next ? t('continueSubtitle') : t('subtitle')}</CardDescription>
          </CardHeader>
          <CardContent>
            <form onSubmit={(event) => void onSubmit(event)} noValidate className="grid gap-4" aria-label={t('submit')}>
              <FormField id="signin-email" label={t('email')} error={errors.email?.message}>
                {(control) => <Input {...control} type="email" autoComplete="email" {...form.register('email')} />}
              </FormField>
              <FormField id="signin-password" label={t('password')} error={errors.password?.message}>
                {(control) => <Input {...control} type="password" autoComplete="current-password" {...form.register('password')} />}
              </FormField>
              <Link href="/forgot-password" className="justify-self-end text-sm font-medium text-primary underline">
                {t('forgotPassword')}
              </Link>
              <Button type="submit" size="lg" disabled={isSubmitting} data-testid="signin-submit">
                {isSubmitting ? <Spinner label={t('submitting')} /> : t('submit')}
              </Button>
            </form>
            <p className="mt-6 text-center text-sm text-muted-foreground">
              {t('noAccount')}{' '}
              <Link href={withNext('/onboarding', next)} className="font-medium text-primary underline">
                {t('createAccount')}
              </Link>
            </p>
          </CardContent>
        </Card>
      </div>
    </PageShell>
  );
}
