import type { Notification } from '@coride/domain/notifications';
import type { Role } from '@coride/domain/roles';
import { useQueryClient } from '@tanstack/react-query';
import { CheckCheckIcon } from 'lucide-react';
import { useMemo, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { markAllNotificationsRead, markNotificationRead, notificationListQueryKey } from '@/api/notifications';
import { LoadMoreButton } from '@/components/paged-list/load-more-button';
import { usePagedList } from '@/components/paged-list/use-paged-list';
import { ActionButton } from '@/components/ui/action-button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { ErrorState, LoadingState } from '@/components/ui/query-state';
import { toast } from '@/components/ui/use-toast';
import { useFormatters } from '@/lib/format';
import { addEnglishTexts } from '@/lib/i18n';
import { cn } from '@/lib/utils';
import { notificationHref, notificationText, relativeTime } from './notification-text';

// The panel's English texts come with it: it draws without another round trip.
addEnglishTexts(import.meta.glob('../../locales/en/notifications.json', { eager: true }));

const PAGE_SIZE = 20;

/** The bell's panel: the person's notifications, newest first, read one by one or all at once. */
export default function NotificationPanel({
  open,
  onOpenChange,
  role,
  bellRef,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  role: Role;
  /** Where focus goes back when the panel closes (it has no Radix trigger of its own: the bell is outside the lazy chunk). */
  bellRef: RefObject<HTMLButtonElement | null>;
}) {
  const { t } = useTranslation('notifications');
  const queryClient = useQueryClient();
  const [location, navigate] = useLocation();
  const [isMarkingAll, setIsMarkingAll] = useState(false);
  const list = usePagedList<Notification>({ queryKey: notificationListQueryKey, path: '/api/notifications', limit: PAGE_SIZE, enabled: open });
  const hasUnread = list.items.some((item) => item.readAt === null);

  async function openOne(notification: Notification) {
    onOpenChange(false);
    // Already there: the panel closes and focus returns to the bell (a navigation would move it to the page).
    const href = notificationHref(notification, role);
    if (href !== location) navigate(href);
    await markNotificationRead(queryClient, notification).catch(() => undefined);
  }

  async function markAll() {
    setIsMarkingAll(true);
    try {
      await markAllNotificationsRead(queryClient);
    } catch (error) {
      toast({ title: t('markAllFailed'), description: error instanceof Error ? error.message : undefined, variant: 'destructive' });
    } finally {
      setIsMarkingAll(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="top-0 right-0 left-auto flex h-full max-h-none w-full max-w-md translate-x-0 translate-y-0 flex-col gap-3 rounded-none p-4 sm:p-6 rtl:right-auto rtl:left-0"
        data-testid="notification-panel"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          bellRef.current?.focus();
        }}
      >
        <div className="flex items-center justify-between gap-2 pe-8">
          <DialogTitle>{t('title')}</DialogTitle>
          {hasUnread ? (
            <ActionButton variant="outline" size="sm" isPending={isMarkingAll} onClick={() => void markAll()} data-testid="notifications-mark-all">
              <CheckCheckIcon aria-hidden />
              {t('markAllRead')}
            </ActionButton>
          ) : null}
        </div>
        <DialogDescription className="sr-only">{t('description')}</DialogDescription>
        <div className="-mx-1 flex-1 overflow-y-auto px-1">
          {list.isPending ? (
            <LoadingState />
          ) : list.isError && list.items.length === 0 ? (
            <ErrorState title={t('loadFailed')} error={list.error} onRetry={() => void list.refetch()} />
          ) : list.items.length === 0 ? (
            <p className="py-8 text-center text-sm text-muted-foreground">{t('empty')}</p>
          ) : (
            <>
              <ul className="flex flex-col gap-2" data-testid="notification-list">
                {list.items.map((notification) => (
                  <li key={notification.id}>
                    <NotificationItem notification={notification} onOpen={() => void openOne(notification)} />
                  </li>
                ))}
              </ul>
              <LoadMoreButton list={list} testId="notifications-load-more" />
            </>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}

function NotificationItem({ notification, onOpen }: { notification: Notification; onOpen: () => void }) {
  const { t, i18n } = useTranslation('notifications');
  const format = useFormatters();
  const text = notificationText(notification);
  const values = text.amountCents === undefined ? text.values : { ...text.values, amount: format.money(text.amountCents) };
  const when = useMemo(() => {
    const { value, unit } = relativeTime(notification.createdAt, new Date());
    return new Intl.RelativeTimeFormat(i18n.language, { numeric: 'auto' }).format(value, unit);
  }, [notification.createdAt, i18n.language]);
  const isUnread = notification.readAt === null;
  return (
    <button
      type="button"
      onClick={onOpen}
      data-testid="notification-item"
      data-unread={isUnread}
      className={cn(
        'w-full rounded-md border p-3 text-start transition-colors hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring',
        isUnread ? 'border-primary/40 bg-primary/5' : 'bg-background',
      )}
    >
      <span className="flex items-start gap-2">
        {isUnread ? <span className="mt-1.5 size-2 shrink-0 rounded-full bg-primary" aria-hidden /> : null}
        <span className="flex min-w-0 flex-col gap-0.5">
          <span className={cn('text-sm', isUnread ? 'font-semibold' : 'font-medium')}>
            {isUnread ? <span className="sr-only">{t('unread')}: </span> : null}
            {t(text.titleKey, values)}
          </span>
          <span className="text-sm text-muted-foreground">{t(text.bodyKey, values)}</span>
          {text.notes ? <span className="text-sm text-muted-foreground italic">{t('notes', { notes: text.notes })}</span> : null}
          <time className="text-xs text-muted-foreground" dateTime={notification.createdAt} title={format.dateTime(notification.createdAt)}>
            {when}
          </time>
        </span>
      </span>
    </button>
  );
}
