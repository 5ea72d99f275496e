import { useQueryClient } from '@tanstack/react-query';
import { BellIcon } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addNotification, notificationsQueryKey, useUnreadCount } from '@/api/notifications';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/lib/auth';
import { useOnReconnected, useRealtimeMessages } from '@/lib/realtime-context';
import { unreadBadge } from './notification-text';

// The panel (its list, texts and dialog) loads on the first click: the bell alone is in every console's first screen.
const NotificationPanel = lazy(() => import('./notification-panel'));

/**
 * The bell of every signed-in console: the unread count, kept live by the socket's `notification`
 * messages (and re-read after a reconnection), and the panel listing them on click.
 */
export function NotificationBell() {
  const { t } = useTranslation('nav');
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const [isOpen, setIsOpen] = useState(false);
  const bellRef = useRef<HTMLButtonElement>(null);
  const [hasOpened, setHasOpened] = useState(false);
  const unread = useUnreadCount(Boolean(user)).data ?? 0;

  useRealtimeMessages((message) => {
    if (message.type === 'notification') addNotification(queryClient, message.notification);
  });
  useOnReconnected(() => void queryClient.invalidateQueries({ queryKey: notificationsQueryKey }));

  if (!user) return null;
  const label = unread > 0 ? t('notificationsUnread', { count: unread }) : t('notifications');
  return (
    <>
      <Button
        ref={bellRef}
        variant="ghost"
        size="icon"
        className="relative"
        aria-label={label}
        aria-haspopup="dialog"
        aria-expanded={isOpen}
        data-testid="notification-bell"
        onClick={() => {
          setHasOpened(true);
          setIsOpen(true);
        }}
      >
        <BellIcon aria-hidden />
        {unread > 0 ? (
          <span
            aria-hidden
            data-testid="notification-badge"
            className="absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-destructive px-1 text-xs font-semibold text-white rtl:right-auto rtl:-left-0.5"
          >
            {unreadBadge(unread)}
          </span>
        ) : null}
      </Button>
      {hasOpened ? (
        <Suspense fallback={null}>
          <NotificationPanel open={isOpen} onOpenChange={setIsOpen} role={user.role} bellRef={bellRef} />
        </Suspense>
      ) : null}
    </>
  );
}
