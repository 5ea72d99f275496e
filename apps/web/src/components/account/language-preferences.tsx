import type { PublicUser } from '@coride/domain';
import { isLanguageCode, languages, type LanguageCode } from '@coride/domain/languages';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { apiRequest } from '@/lib/api';
import { useAuth } from '@/lib/auth';
import { changeLanguage } from '@/lib/i18n';

const selectClass =
  'h-10 w-full rounded-md border border-input bg-background px-3 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

function LanguageOptions() {
  return languages.map((language) => (
    <option key={language.code} value={language.code} lang={language.code}>
      {language.nativeName}
    </option>
  ));
}

/**
 * The two languages a person has: the app's on this device (kept in the browser, as the header's
 * selector does) and their account's, in which mails are written (PATCH /api/users/me {language}).
 */
export function LanguagePreferences({ user }: { user: PublicUser }) {
  const { t, i18n } = useTranslation('preferences');
  const { updateUser } = useAuth();
  const accountLanguage: LanguageCode = isLanguageCode(user.language) ? user.language : 'en';
  const appLanguage: LanguageCode = isLanguageCode(i18n.language) ? i18n.language : 'en';
  const [mailLanguage, setMailLanguage] = useState<LanguageCode>(accountLanguage);
  const [isSaving, setIsSaving] = useState(false);

  async function saveMailLanguage(language: LanguageCode) {
    setIsSaving(true);
    try {
      updateUser(await apiRequest<PublicUser>('/api/users/me', { method: 'PATCH', body: { language } }));
      toast({ title: t('language.mailSaved'), variant: 'success' });
    } catch (error) {
      toast({ title: t('language.mailFailed'), description: error instanceof Error ? error.message : String(error), variant: 'destructive' });
    } finally {
      setIsSaving(false);
    }
  }

  return (
    <div className="grid gap-5" data-testid="language-preferences">
      <FormField id="preferences-app-language" label={t('language.app')} hint={t('language.appHint')}>
        {(control) => (
          <select {...control} className={selectClass} value={appLanguage} onChange={(event) => void changeLanguage(event.target.value as LanguageCode)}>
            <LanguageOptions />
          </select>
        )}
      </FormField>
      <form
        className="grid gap-3"
        aria-label={t('language.mail')}
        onSubmit={(event) => {
          event.preventDefault();
          void saveMailLanguage(mailLanguage);
        }}
      >
        <FormField id="preferences-mail-language" label={t('language.mail')} hint={t('language.mailHint')}>
          {(control) => (
            <select {...control} className={selectClass} value={mailLanguage} onChange={(event) => setMailLanguage(event.target.value as LanguageCode)}>
              <LanguageOptions />
            </select>
          )}
        </FormField>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={isSaving || mailLanguage === accountLanguage} data-testid="mail-language-save">
            {isSaving ? <Spinner label={t('language.saving')} /> : t('language.save')}
          </Button>
          {appLanguage !== mailLanguage ? (
            <Button type="button" variant="outline" disabled={isSaving} onClick={() => setMailLanguage(appLanguage)}>
              {t('language.useAppLanguage')}
            </Button>
          ) : null}
        </div>
      </form>
    </div>
  );
}
