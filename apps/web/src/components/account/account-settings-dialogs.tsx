import type { PublicUser } from '@coride/domain';
import { BellIcon, PhoneCallIcon, SlidersHorizontalIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmergencyContactsManager } from './emergency-contacts-manager';
import { LanguagePreferences } from './language-preferences';
import { NotificationPreferencesForm } from './notification-preferences-form';
import { SettingsDialog, SettingsDialogHeader } from './settings-dialog';

/** The settings buttons of a profile, each opening its panel: notifications, emergency contacts, language. */

export function NotificationSettingsDialog({ user, label }: { user: PublicUser; label: string }) {
  return (
    <SettingsDialog icon={BellIcon} label={label} testId="notification-settings">
      <NotificationSettingsPanel user={user} />
    </SettingsDialog>
  );
}

export function EmergencyContactsDialog({ label }: { label: string }) {
  return (
    <SettingsDialog icon={PhoneCallIcon} label={label} testId="emergency-contacts-settings">
      <EmergencyContactsPanel />
    </SettingsDialog>
  );
}

export function LanguageSettingsDialog({ user, label }: { user: PublicUser; label: string }) {
  return (
    <SettingsDialog icon={SlidersHorizontalIcon} label={label} testId="language-settings">
      <LanguagePanel user={user} />
    </SettingsDialog>
  );
}

function NotificationSettingsPanel({ user }: { user: PublicUser }) {
  const { t } = useTranslation('preferences');
  return (
    <>
      <SettingsDialogHeader title={t('notifications.title')} description={t('notifications.description')} />
      <NotificationPreferencesForm role={user.role} />
    </>
  );
}

function EmergencyContactsPanel() {
  const { t } = useTranslation('preferences');
  return (
    <>
      <SettingsDialogHeader title={t('contacts.title')} description={t('contacts.description')} />
      <EmergencyContactsManager />
    </>
  );
}

function LanguagePanel({ user }: { user: PublicUser }) {
  const { t } = useTranslation('preferences');
  return (
    <>
      <SettingsDialogHeader title={t('language.title')} description={t('language.description')} />
      <LanguagePreferences user={user} />
    </>
  );
}
