import {
  notificationCategoriesFor,
  notificationChannels,
  type NotificationCategory,
  type NotificationChannel,
  type NotificationPreferences,
} from '@coride/domain/account-settings';
import type { Role } from '@coride/domain/roles';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotificationPreferences, useSaveNotificationPreferences } from '@/api/account-settings';
import { Button } from '@/components/ui/button';
import { ErrorState, LoadingState } from '@/components/ui/query-state';
import { Spinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/use-toast';

/**
 * Which mails and in-app notifications the user gets, by category and channel (the categories of
 * their role). Saved as a whole with the Save button; security mails are listed as always on.
 */
export function NotificationPreferencesForm({ role }: { role: Role }) {
  const { t } = useTranslation('preferences');
  const query = useNotificationPreferences();
  const save = useSaveNotificationPreferences();
  // The switches as the user set them; undefined while they match what the server has.
  const [draft, setDraft] = useState<NotificationPreferences | undefined>(undefined);

  if (query.isPending) return <LoadingState />;
  if (query.isError) return <ErrorState title={t('notifications.loadFailed')} error={query.error} onRetry={() => void query.refetch()} />;

  const shown = draft ?? query.data;
  const categories = notificationCategoriesFor(role);
  const isChanged = draft !== undefined && JSON.stringify(draft) !== JSON.stringify(query.data);
  const set = (category: NotificationCategory, channel: NotificationChannel, isOn: boolean) =>
    setDraft({ ...shown, [category]: { ...shown[category], [channel]: isOn } });

  function submit() {
    if (!draft) return;
    save.mutate(draft, {
      onSuccess: () => {
        setDraft(undefined);
        toast({ title: t('notifications.saved'), variant: 'success' });
      },
      onError: (error) => toast({ title: t('notifications.saveFailed'), description: error.message, variant: 'destructive' }),
    });
  }

  return (
    <form
      className="grid gap-4"
      aria-label={t('notifications.title')}
      data-testid="notification-preferences"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <ul className="grid gap-3">
        {categories.map((category) => (
          <li key={category} className="rounded-lg border p-3">
            <fieldset>
              <legend className="font-medium">{t(`notifications.categories.${category}.title`)}</legend>
              <p className="text-sm text-muted-foreground">{t(`notifications.categories.${category}.description`)}</p>
              <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
                {notificationChannels.map((channel) => {
                  const id = `notify-${category}-${channel}`;
                  return (
                    <div key={channel} className="flex items-center gap-2">
                      <Switch id={id} checked={shown[category][channel]} onCheckedChange={(isOn) => set(category, channel, isOn)} data-testid={id} />
                      <label htmlFor={id} className="text-sm">
                        {t(`notifications.channels.${channel}`)}
                      </label>
                    </div>
                  );
                })}
              </div>
            </fieldset>
          </li>
        ))}
        <li className="rounded-lg border border-dashed p-3">
          <p className="font-medium">{t('notifications.security.title')}</p>
          <p className="text-sm text-muted-foreground">{t('notifications.security.description')}</p>
        </li>
      </ul>
      <Button type="submit" className="justify-self-start" disabled={!isChanged || save.isPending} data-testid="notification-preferences-save">
        {save.isPending ? <Spinner label={t('notifications.saving')} /> : t('notifications.save')}
      </Button>
    </form>
  );
}
