import { zodResolver } from '@hookform/resolvers/zod';
import { deleteAccountRequestSchema, type DeleteAccountRequest } from '@coride/domain/privacy';
import { UserXIcon } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { apiRequest } from '@/lib/api';
import { useAuth } from '@/lib/auth';
import { deletionProblemOf } from './deletion-problem';

/**
 * DELETE /api/users/me (contract §8, ADR 025): the person confirms with their password; a wrong one is
 * shown on the field, and what stands in the way (a ride under way, an open dispute…) is said plainly.
 * Once deleted, the app forgets the session and goes to the landing page with a confirmation.
 */
export function DeleteAccountDialog({ label }: { label: string }) {
  const { t } = useTranslation('privacy');
  const { logout } = useAuth();
  const [, navigate] = useLocation();
  const [isOpen, setIsOpen] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<DeleteAccountRequest>({ resolver: zodResolver(deleteAccountRequestSchema), defaultValues: { password: '' } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setProblem(null);
    try {
      await apiRequest('/api/users/me', { method: 'DELETE', body: values });
    } catch (error) {
      const found = deletionProblemOf(error);
      if (found.kind === 'password') form.setError('password', { type: 'server', message: t('delete.wrongPassword') });
      else if (found.kind === 'reason') setProblem(t(found.key));
      else setProblem(found.detail ? `${t('delete.errors.generic')} ${found.detail}` : t('delete.errors.generic'));
      return;
    }
    setIsOpen(false);
    // The server has ended every session already; this forgets the token here. Signed out first, then
    // home: the other way round the landing page sent the still signed-in visitor back to the dashboard,
    // whose guard then offered sign-in to come back to it.
    await logout();
    navigate('/');
    toast({ title: t('delete.done'), description: t('delete.doneDescription') });
  });

  return (
    <Dialog
      open={isOpen}
      onOpenChange={(open) => {
        setIsOpen(open);
        if (!open) {
          form.reset();
          setProblem(null);
        }
      }}
    >
      <DialogTrigger asChild>
        <Button variant="destructive" data-testid="delete-account-open">
          <UserXIcon aria-hidden />
          {label}
        </Button>
      </DialogTrigger>
      <DialogContent data-testid="delete-account-dialog">
        <DialogHeader>
          <DialogTitle>{t('delete.title')}</DialogTitle>
          <DialogDescription>{t('delete.description')}</DialogDescription>
        </DialogHeader>
        <form onSubmit={(event) => void onSubmit(event)} noValidate className="grid gap-4" aria-label={t('delete.title')}>
          <FormField id="delete-account-password" label={t('delete.password')} hint={t('delete.passwordHint')} error={errors.password?.message}>
            {(control) => <Input {...control} type="password" autoComplete="current-password" {...form.register('password')} />}
          </FormField>
          {problem ? (
            <p
              role="alert"
              className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive"
              data-testid="delete-account-problem"
            >
              {problem}
            </p>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setIsOpen(false)}>
              {t('delete.cancel')}
            </Button>
            <Button type="submit" variant="destructive" disabled={isSubmitting} data-testid="delete-account-confirm">
              {isSubmitting ? <Spinner label={t('delete.deleting')} /> : t('delete.confirm')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
