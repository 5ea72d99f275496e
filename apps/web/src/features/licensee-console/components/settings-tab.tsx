import type { PublicUser } from '@coride/domain';
import { SaveIcon } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ComingSoonButton } from '@/components/ui/coming-soon-button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

/** Contact details start from the account; saving them arrives with licensee settings. */
export function SettingsTab({ user }: { user: PublicUser }) {
  const { t } = useTranslation('licensee');
  const ids = { businessName: useId(), email: useId(), phone: useId() };
  return (
    <Card className="max-w-2xl">
      <CardHeader>
        <CardTitle as="h2">{t('settings.title')}</CardTitle>
        <CardDescription>{t('settings.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <form className="space-y-4" onSubmit={(event) => event.preventDefault()} noValidate>
          <div className="space-y-2">
            <Label htmlFor={ids.businessName}>{t('settings.businessName')}</Label>
            <Input id={ids.businessName} name="businessName" autoComplete="organization" />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="space-y-2">
              <Label htmlFor={ids.email}>{t('settings.contactEmail')}</Label>
              <Input id={ids.email} name="contactEmail" type="email" autoComplete="email" defaultValue={user.email} />
            </div>
            <div className="space-y-2">
              <Label htmlFor={ids.phone}>{t('settings.phone')}</Label>
              <Input id={ids.phone} name="phone" type="tel" autoComplete="tel" defaultValue={user.phone ?? ''} />
            </div>
          </div>
          <div className="flex flex-wrap items-center gap-3 pt-2">
            <ComingSoonButton type="submit" reason={t('settings.saveSoon')}>
              <SaveIcon aria-hidden />
              {t('settings.save')}
            </ComingSoonButton>
            <p className="text-sm text-muted-foreground" aria-hidden>
              {t('settings.saveSoon')}
            </p>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
