import type { PublicUser } from '@coride/domain';
import { PencilIcon } from 'lucide-react';
import { Suspense, useState } from 'react';
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
  const { t: tAccount } = useTranslation('account');
  return (
    <section aria-labelledby="account-settings-heading" className="space-y-4" data-testid="account-settings">
      <h2 id="account-settings-heading" className="text-xl font-semibold">
        {t('title')}
      </h2>
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <PersonalDetailsCard user={user} />
        <Card>
          <CardHeader>
            <CardTitle as="h3">{tAccount('password.title')}</CardTitle>
            <CardDescription>{tAccount('password.description')}</CardDescription>
          </CardHeader>
          <CardContent>
            <ChangePasswordForm />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle as="h3">{t('notifications.title')}</CardTitle>
            <CardDescription>{t('notifications.description')}</CardDescription>
          </CardHeader>
          <CardContent>
            <NotificationPreferencesForm role={user.role} />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle as="h3">{t('contacts.title')}</CardTitle>
            <CardDescription>{t('contacts.description')}</CardDescription>
          </CardHeader>
          <CardContent>
            <EmergencyContactsManager />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle as="h3">{t('language.title')}</CardTitle>
            <CardDescription>{t('language.description')}</CardDescription>
          </CardHeader>
          <CardContent>
            <LanguagePreferences user={user} />
          </CardContent>
        </Card>
      </div>
    </section>
  );
}

function PersonalDetailsCard({ user }: { user: PublicUser }) {
  const { t } = useTranslation('preferences');
  const { t: tAccount } = useTranslation('account');
  const [isEditing, setIsEditing] = useState(false);
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <CardTitle as="h3">{t('personal.title')}</CardTitle>
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
              { label: t('personal.email'), value: user.email },
              { label: tAccount('profile.phone'), value: user.phone || t('personal.notProvided') },
              { label: tAccount('profile.emailStatus'), value: user.emailVerified ? tAccount('profile.verified') : tAccount('profile.notVerified') },
            ]}
          />
        )}
      </CardContent>
    </Card>
  );
}
