import type { PublicUser } from '@coride/domain';
import { PencilIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChangePasswordForm } from '@/components/account/change-password-form';
import { LanguagePreferences } from '@/components/account/language-preferences';
import { NotificationPreferencesForm } from '@/components/account/notification-preferences-form';
import { ProfileForm } from '@/components/account/profile-form';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { DetailList } from '@/components/ui/detail-list';
import { ErrorState, LoadingState } from '@/components/ui/query-state';
import { useBusinessProfile } from '../api/use-business-profile';
import { BusinessProfileForm } from './business-profile-form';

/**
 * The licensee's settings: the business's details (saved for the licensee's own account only), then
 * the person's profile, password, which mails and notices they get, and the language of the app and
 * of their mails: the account pieces every console shares (components/account).
 */
export function SettingsTab({ user }: { user: PublicUser }) {
  const { t } = useTranslation('licensee');
  const business = useBusinessProfile();
  return (
    <div className="grid items-start gap-6 lg:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle as="h2">{t('settings.title')}</CardTitle>
          <CardDescription>{t('settings.description')}</CardDescription>
        </CardHeader>
        <CardContent>
          {business.isPending ? (
            <LoadingState />
          ) : business.isError ? (
            <ErrorState title={t('settings.loadFailed')} error={business.error} onRetry={() => void business.refetch()} />
          ) : (
            <BusinessProfileForm profile={business.data} />
          )}
        </CardContent>
      </Card>

      <div className="space-y-6">
        <PersonalProfileCard user={user} />
        <PasswordCard />
        <NotificationsCard user={user} />
        <LanguageCard user={user} />
      </div>
    </div>
  );
}

function PersonalProfileCard({ user }: { user: PublicUser }) {
  const { t } = useTranslation('licensee');
  const { t: tAccount } = useTranslation('account');
  const [isEditing, setIsEditing] = useState(false);
  return (
    <Card data-testid="licensee-personal-profile">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1.5">
          <CardTitle as="h2">{t('settings.personalTitle')}</CardTitle>
          <CardDescription>{t('settings.personalDescription')}</CardDescription>
        </div>
        {isEditing ? null : (
          <Button variant="outline" size="sm" onClick={() => setIsEditing(true)} data-testid="edit-profile">
            <PencilIcon aria-hidden />
            {t('settings.editProfile')}
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
              { label: t('settings.signInEmail'), value: <span className="break-all">{user.email}</span> },
              { label: tAccount('profile.phone'), value: user.phone || t('settings.notProvided') },
              { label: tAccount('profile.emailStatus'), value: user.emailVerified ? tAccount('profile.verified') : tAccount('profile.notVerified') },
            ]}
          />
        )}
      </CardContent>
    </Card>
  );
}

function PasswordCard() {
  const { t: tAccount } = useTranslation('account');
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{tAccount('password.title')}</CardTitle>
        <CardDescription>{tAccount('password.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <ChangePasswordForm />
      </CardContent>
    </Card>
  );
}

function NotificationsCard({ user }: { user: PublicUser }) {
  const { t } = useTranslation('preferences');
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t('notifications.title')}</CardTitle>
        <CardDescription>{t('notifications.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <NotificationPreferencesForm role={user.role} />
      </CardContent>
    </Card>
  );
}

function LanguageCard({ user }: { user: PublicUser }) {
  const { t } = useTranslation('preferences');
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t('language.title')}</CardTitle>
        <CardDescription>{t('language.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <LanguagePreferences user={user} />
      </CardContent>
    </Card>
  );
}
