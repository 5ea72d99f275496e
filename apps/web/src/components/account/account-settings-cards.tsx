import type { PublicUser } from '@coride/domain';
import { PencilIcon } from 'lucide-react';
import { Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { DetailList } from '@/components/ui/detail-list';
import { LoadingState } from '@/components/ui/query-state';
import { preloadNamespaces } from '@/lib/i18n';
import { ChangePasswordForm } from './change-password-form';
import { EmergencyContactsManager } from './emergency-contacts-manager';
import { LanguagePreferences } from './language-preferences';
import { NotificationPreferencesForm } from './notification-preferences-form';
import { ProfileForm } from './profile-form';

// Shown on the console's first screen: the texts start loading with the page's code, not after it.
preloadNamespaces(['preferences', 'account', 'validation']);

/**
 * A console's account settings as cards (the driver console; the licensee's settings may use them or
 * each piece alone): personal details, password, notifications, emergency contacts and language.
 */
export function AccountSettingsCards({ user }: { user: PublicUser }) {
  return (
    <Suspense fallback={<LoadingState />}>
      <AccountSettingsCardsInner user={user} />
    </Suspense>
  );
}

function AccountSettingsCardsInner({ user }: { user: PublicUser }) {
  const { t } = useTranslation('preferences');
  return (
    <section aria-labelledby="account-settings-heading" className="space-y-4" data-testid="account-settings">
      <h2 id="account-settings-heading" className="text-xl font-semibold">
        {t('title')}
      </h2>
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <PersonalDetailsCard user={user} />
        <PasswordCard />
        <NotificationsCard role={user.role} />
        <EmergencyContactsCard />
        <LanguageCard user={user} />
      </div>
    </section>
  );
}

/** A card's heading level: h3 under AccountSettingsCards' own heading, h2 where a console's tab shows it directly. */
type Heading = { as?: 'h2' | 'h3' };

/** The person's name, contact details and email status, with an Edit button that opens ProfileForm. */
export function PersonalDetailsCard({
  user,
  as = 'h3',
  title,
  description,
  testId,
}: { user: PublicUser; title?: string; description?: string; testId?: string } & Heading) {
  const { t } = useTranslation('preferences');
  const { t: tAccount } = useTranslation('account');
  const [isEditing, setIsEditing] = useState(false);
  return (
    <Card data-testid={testId}>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1.5">
          <CardTitle as={as}>{title ?? t('personal.title')}</CardTitle>
          {description ? <CardDescription>{description}</CardDescription> : null}
        </div>
        {isEditing ? null : (
          <Button variant="outline" size="sm" onClick={() => setIsEditing(true)} data-testid="edit-profile">
            <PencilIcon aria-hidden />
            {tAccount('profile.title')}
          </Button>
        )}
      </CardHeader>
      <CardContent>
        {isEditing ? (
          <ProfileForm user={user} onDone={() => setIsEditing(false)} />
        ) : (
          <DetailList
            items={[
              { label: tAccount('profile.firstName'), value: user.firstName },
              { label: tAccount('profile.lastName'), value: user.lastName },
              { label: t('personal.email'), value: <span className="break-all">{user.email}</span> },
              { label: tAccount('profile.phone'), value: user.phone || t('personal.notProvided') },
              { label: tAccount('profile.emailStatus'), value: user.emailVerified ? tAccount('profile.verified') : tAccount('profile.notVerified') },
            ]}
          />
        )}
      </CardContent>
    </Card>
  );
}

/** One settings card: a title, a line under it, and the piece. */
function SettingsCard({ as = 'h3', title, description, children }: { title: string; description: string; children: ReactNode } & Heading) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as={as}>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

export function PasswordCard({ as }: Heading) {
  const { t: tAccount } = useTranslation('account');
  return (
    <SettingsCard as={as} title={tAccount('password.title')} description={tAccount('password.description')}>
      <ChangePasswordForm />
    </SettingsCard>
  );
}

/** Which mails and in-app notices the person gets, for their role's categories. */
export function NotificationsCard({ role, as }: { role: PublicUser['role'] } & Heading) {
  const { t } = useTranslation('preferences');
  return (
    <SettingsCard as={as} title={t('notifications.title')} description={t('notifications.description')}>
      <NotificationPreferencesForm role={role} />
    </SettingsCard>
  );
}

export function EmergencyContactsCard({ as }: Heading) {
  const { t } = useTranslation('preferences');
  return (
    <SettingsCard as={as} title={t('contacts.title')} description={t('contacts.description')}>
      <EmergencyContactsManager />
    </SettingsCard>
  );
}

/** The app's language on this device and the language of the account's mails. */
export function LanguageCard({ user, as }: { user: PublicUser } & Heading) {
  const { t } = useTranslation('preferences');
  return (
    <SettingsCard as={as} title={t('language.title')} description={t('language.description')}>
      <LanguagePreferences user={user} />
    </SettingsCard>
  );
}
