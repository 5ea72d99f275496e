import { dashboardPathFor, type Role } from '@coride/domain/roles';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { Spinner } from '@/components/ui/spinner';
import { useAuth } from '@/lib/auth';
import { nextPathFrom, withNext } from '@/lib/next-path';

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
 * Client-side routing only: the server checks the role on every API call. Signed-out visitors go to /
 * with the page kept (`/?next=/ride`, contract §10), which sends them to sign-in and back here;
 * people of another role go to their own dashboard. `pending` shows until then (a spinner by default).
 */
export function RequireRole({ roles, pending, children }: { roles: Role[]; pending?: ReactNode; children: ReactNode }) {
  const { user, isLoading } = useAuth();
  const [, navigate] = useLocation();
  const isAllowed = user !== null && roles.includes(user.role);

  useEffect(() => {
    if (isLoading || isAllowed) return;
    if (!user) {
      const here = window.location.pathname + window.location.search;
      const timer = setTimeout(() => navigate(withNext('/', here), { replace: true }), SIGNED_OUT_REDIRECT_MS);
      return () => clearTimeout(timer);
    }
    navigate(dashboardPathFor(user.role), { replace: true });
  }, [isLoading, isAllowed, user, navigate]);

  return isAllowed ? children : (pending ?? <FullPageSpinner />);
}

/**
 * Landing and sign-in: a signed-in person goes straight to their dashboard, or to the page a safe
 * `?next=` names (the role guard there still applies). On the landing page a signed-out visitor who
 * was sent away from such a page is taken on to sign-in, which says "Sign in to continue".
 */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const { user, isLoading } = useAuth();
  const [path, navigate] = useLocation();
  useEffect(() => {
    const next = nextPathFrom(window.location.search);
    if (user) navigate(next ?? dashboardPathFor(user.role), { replace: true });
    else if (next && !isLoading && path === '/') navigate(withNext('/sign-in', next), { replace: true });
  }, [user, isLoading, path, navigate]);
  return children;
}
