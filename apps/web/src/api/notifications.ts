/**
 * The signed-in person's notifications (the consoles' bell): the unread count the bell shows, the
 * list its panel pages through, and what reading one changes in both caches. Types only from the
 * domain: its schemas must not land in the booking page's bundle.
 */
import type { Notification, UnreadCount } from '@coride/domain/notifications';
import { useQuery, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import type { Page } from '@/lib/api-page';

export const notificationsQueryKey = ['/api/notifications'] as const;
export const unreadCountQueryKey = ['/api/notifications', 'unread-count'] as const;
/** The list's own key, under notificationsQueryKey (invalidating that refreshes both). */
export const notificationListQueryKey = ['/api/notifications', 'list'] as const;

export function useUnreadCount(enabled: boolean) {
  return useQuery({
    queryKey: unreadCountQueryKey,
    queryFn: ({ signal }) => apiRequest<UnreadCount>('/api/notifications/unread-count', { signal }),
    enabled,
    select: (data) => data.unread,
  });
}

type ListData = InfiniteData<Page<Notification>, string | null>;

/** A notification pushed over the socket: first in the list (if read already), one more unread. */
export function addNotification(queryClient: QueryClient, notification: Notification): void {
  queryClient.setQueryData<ListData>(notificationListQueryKey, (data) => {
    if (!data || data.pages.length === 0) return data;
    if (data.pages.some((page) => page.items.some((item) => item.id === notification.id))) return data;
    const [first, ...rest] = data.pages;
    return { ...data, pages: [{ ...first!, items: [notification, ...first!.items] }, ...rest] };
  });
  if (notification.readAt === null) queryClient.setQueryData<UnreadCount>(unreadCountQueryKey, (data) => (data ? { unread: data.unread + 1 } : data));
}

/** The list as it is once these notifications (all when `ids` is undefined) were read at `readAt`. */
function markInCache(queryClient: QueryClient, ids: ReadonlySet<string> | undefined, readAt: string): void {
  queryClient.setQueryData<ListData>(notificationListQueryKey, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            items: page.items.map((item) => (item.readAt === null && (!ids || ids.has(item.id)) ? { ...item, readAt } : item)),
          })),
        }
      : data,
  );
}

export async function markNotificationRead(queryClient: QueryClient, notification: Notification): Promise<void> {
  if (notification.readAt !== null) return;
  const read = await apiRequest<Notification>(`/api/notifications/${notification.id}/read`, { method: 'POST' });
  markInCache(queryClient, new Set([notification.id]), read.readAt ?? new Date().toISOString());
  queryClient.setQueryData<UnreadCount>(unreadCountQueryKey, (data) => (data ? { unread: Math.max(0, data.unread - 1) } : data));
  void queryClient.invalidateQueries({ queryKey: unreadCountQueryKey });
}

export async function markAllNotificationsRead(queryClient: QueryClient): Promise<void> {
  await apiRequest<{ marked: number }>('/api/notifications/read-all', { method: 'POST' });
  markInCache(queryClient, undefined, new Date().toISOString());
  queryClient.setQueryData<UnreadCount>(unreadCountQueryKey, { unread: 0 });
}
