import { dashboardPathFor, type Role } from '@coride/domain/roles';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { Spinner } from '@/components/ui/spinner';
import { useAuth } from '@/lib/auth';

/** The spec's redirect delay when a dashboard is opened without a session. */
const SIGNED_OUT_REDIRECT_MS = 100;

export function FullPageSpinner() {
  const { t } = useTranslation('common');
  return (
    <div className="flex min-h-dvh items-center justify-center">
      <Spinner label={t('loading')} />
    </div>
  );
}

/**
 * Client-side routing only: the server checks the role on every API call. Signed-out visitors go to /,
 * people of another role go to their own dashboard. `pending` shows until then (a spinner by default).
 */
export function RequireRole({ roles, pending, children }: { roles: Role[]; pending?: ReactNode; children: ReactNode }) {
  const { user, isLoading } = useAuth();
  const [, navigate] = useLocation();
  const isAllowed = user !== null && roles.includes(user.role);

  useEffect(() => {
    if (isLoading || isAllowed) return;
    if (!user) {
      const timer = setTimeout(() => navigate('/', { replace: true }), SIGNED_OUT_REDIRECT_MS);
      return () => clearTimeout(timer);
    }
    navigate(dashboardPathFor(user.role), { replace: true });
  }, [isLoading, isAllowed, user, navigate]);

  return isAllowed ? children : (pending ?? <FullPageSpinner />);
}

/** Landing and sign-in: a signed-in person goes straight to their dashboard. */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const [, navigate] = useLocation();
  useEffect(() => {
    if (user) navigate(dashboardPathFor(user.role), { replace: true });
  }, [user, navigate]);
  return children;
}
