import { LogOutIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { useAuth } from '@/lib/auth';

/** The signed-in person's name, role and a log-out button. */
export function AccountMenu() {
  const { t } = useTranslation(['common', 'auth']);
  const { user, logout } = useAuth();
  const [, navigate] = useLocation();
  if (!user) return null;
  return (
    <div className="flex items-center gap-2">
      <span className="hidden text-sm md:inline" data-testid="account-name">
        {user.firstName} {user.lastName}
      </span>
      <Badge variant="secondary" className="hidden sm:inline-flex">
        {t(`common:roles.${user.role}`)}
      </Badge>
      <Button
        variant="outline"
        size="sm"
        onClick={() =>
          void logout().then(() => {
            toast({ title: t('auth:signedOut') });
            navigate('/', { replace: true });
          })
        }
      >
        <LogOutIcon aria-hidden />
        {t('common:signOut')}
      </Button>
    </div>
  );
}
