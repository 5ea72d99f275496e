import type { PublicUser } from '@coride/domain';
import { PencilIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmergencyContactsDialog, LanguageSettingsDialog, NotificationSettingsDialog } from '@/components/account/account-settings-dialogs';
import { ChangePasswordForm } from '@/components/account/change-password-form';
import { ProfileForm } from '@/components/account/profile-form';
import { DeleteAccountDialog } from '@/components/privacy/delete-account-dialog';
import { PrivacyDialog } from '@/components/privacy/privacy-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { DetailList } from '@/components/ui/detail-list';
import { useFormatters } from '@/lib/format';

// Preferences (language), notifications and emergency contacts open their panels (components/account);
// privacy and the account's deletion theirs (components/privacy).

export function ProfileTab({ user }: { user: PublicUser }) {
  const { t } = useTranslation('customer');
  const format = useFormatters();
  const { t: tAccount } = useTranslation('account');
  const [isEditing, setIsEditing] = useState(false);

  return (
    <div className="grid items-start gap-6 lg:grid-cols-2">
      <Card>
        <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
          <CardTitle as="h2">{t('profile.personalTitle')}</CardTitle>
          {isEditing ? null : (
            <Button variant="outline" size="sm" onClick={() => setIsEditing(true)} data-testid="edit-profile">
              <PencilIcon aria-hidden />
              {t('profile.editProfile')}
            </Button>
          )}
        </CardHeader>
        <CardContent>
          {isEditing ? (
            <ProfileForm user={user} onDone={() => setIsEditing(false)} />
          ) : (
            <DetailList
              items={[
                { label: t('profile.firstName'), value: user.firstName },
                { label: t('profile.lastName'), value: user.lastName },
                { label: t('profileCard.email'), value: user.email },
                { label: t('profileCard.phone'), value: user.phone || t('profileCard.notProvided') },
                { label: tAccount('profile.homeAddress'), value: user.homeAddress || t('profileCard.notProvided') },
                { label: tAccount('profile.emailStatus'), value: user.emailVerified ? tAccount('profile.verified') : tAccount('profile.notVerified') },
              ]}
            />
          )}
        </CardContent>
      </Card>

      <div className="space-y-6">
        <Card>
          <CardHeader>
            <CardTitle as="h2">{t('profile.accountTitle')}</CardTitle>
          </CardHeader>
          <CardContent>
            <DetailList
              items={[
                {
                  label: t('profile.accountStatus'),
                  value: (
                    <Badge variant="success" data-testid="account-status">
                      {t('profile.active')}
                    </Badge>
                  ),
                },
                { label: t('profile.memberSince'), value: format.date(user.createdAt) },
              ]}
            />
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle as="h2">{t('profile.settingsTitle')}</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-2 sm:grid-cols-2">
            <LanguageSettingsDialog user={user} label={t('profile.preferences')} />
            <PrivacyDialog label={t('profile.privacy')} />
            <NotificationSettingsDialog user={user} label={t('profile.notifications')} />
            <EmergencyContactsDialog label={t('profile.emergencyContacts')} />
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle as="h2">{tAccount('password.title')}</CardTitle>
            <CardDescription>{tAccount('password.description')}</CardDescription>
          </CardHeader>
          <CardContent>
            <ChangePasswordForm />
          </CardContent>
        </Card>

        <Card className="border-destructive/40">
          <CardHeader>
            <CardTitle as="h2">{t('profile.dangerTitle')}</CardTitle>
            <CardDescription>{t('profile.dangerDescription')}</CardDescription>
          </CardHeader>
          <CardContent>
            <DeleteAccountDialog label={t('profile.deactivate')} />
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
