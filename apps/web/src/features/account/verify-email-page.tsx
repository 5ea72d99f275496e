import type { PublicUser } from '@coride/domain';
import { dashboardPathFor } from '@coride/domain/roles';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearch } from 'wouter';
import { Spinner } from '@/components/ui/spinner';
import { apiRequest, getToken } from '@/lib/api';
import { useAuth } from '@/lib/auth';
import { AccountPageCard } from './account-page-card';

type Outcome = { state: 'checking' } | { state: 'done' } | { state: 'failed'; message: string };

/** The verification mail's link: confirms the address once, signed in or not. */
export function VerifyEmailPage() {
  const { t } = useTranslation('account');
  const { user, updateUser } = useAuth();
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const [outcome, setOutcome] = useState<Outcome>(token ? { state: 'checking' } : { state: 'failed', message: t('verify.noToken') });
  const started = useRef(false);

  useEffect(() => {
    // Once: the token is single use, and React may run an effect twice in development.
    if (!token || started.current) return;
    started.current = true;
    apiRequest<PublicUser>('/api/users/verify-email', { method: 'POST', body: { token } }).then(
      () => {
        setOutcome({ state: 'done' });
        // Signed in here (maybe still being checked): take the confirmed row, so the consoles' banner goes.
        if (getToken()) apiRequest<PublicUser>('/api/users/me').then(updateUser, () => undefined);
      },
      (error: unknown) => setOutcome({ state: 'failed', message: error instanceof Error ? error.message : String(error) }),
    );
  }, [token, updateUser]);

  const next = user ? dashboardPathFor(user.role) : '/sign-in';
  return (
    <AccountPageCard title={t('verify.title')}>
      <div aria-live="polite" className="grid gap-4">
        {outcome.state === 'checking' ? <Spinner label={t('verify.checking')} /> : null}
        {outcome.state === 'done' ? <p data-testid="verify-done">{t('verify.done')}</p> : null}
        {outcome.state === 'failed' ? (
          <p className="text-destructive" data-testid="verify-failed">
            {outcome.message} {user ? t('verify.resendHint') : null}
          </p>
        ) : null}
      </div>
      {outcome.state !== 'checking' ? (
        <p className="mt-6 text-sm">
          <Link href={next} className="font-medium text-primary underline">
            {user ? t('verify.continue') : t('backToSignIn')}
          </Link>
        </p>
      ) : null}
    </AccountPageCard>
  );
}
