import type { PublicUser } from '@coride/domain';
import { useTranslation } from 'react-i18next';
import { LanguageCard, NotificationsCard, PasswordCard, PersonalDetailsCard } from '@/components/account/account-settings-cards';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
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
        <PersonalDetailsCard
          user={user}
          as="h2"
          title={t('settings.personalTitle')}
          description={t('settings.personalDescription')}
          testId="licensee-personal-profile"
        />
        <PasswordCard as="h2" />
        <NotificationsCard role={user.role} as="h2" />
        <LanguageCard user={user} as="h2" />
      </div>
    </div>
  );
}
