import { MailIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { apiRequest } from '@/lib/api';
import { useAuth } from '@/lib/auth';

type Sending = { state: 'idle' } | { state: 'sending' } | { state: 'sent' } | { state: 'failed'; message: string };

/** Shown in the signed-in consoles until the account's email is confirmed, with a way to get the mail again. */
export function EmailVerificationBanner() {
  const { t } = useTranslation('account');
  const { user } = useAuth();
  const [sending, setSending] = useState<Sending>({ state: 'idle' });
  if (!user || user.emailVerified) return null;

  const resend = async () => {
    setSending({ state: 'sending' });
    try {
      await apiRequest('/api/users/me/verification-email', { method: 'POST' });
      setSending({ state: 'sent' });
    } catch (error) {
      setSending({ state: 'failed', message: error instanceof Error ? error.message : String(error) });
    }
  };

  return (
    <section
      aria-labelledby="verify-email-banner-title"
      className="mb-6 flex flex-wrap items-center gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50"
      data-testid="verify-email-banner"
    >
      <MailIcon aria-hidden className="size-5 shrink-0" />
      <div className="min-w-0 flex-1">
        <h2 id="verify-email-banner-title" className="font-semibold">
          {t('banner.title')}
        </h2>
        <p className="text-sm">{t('banner.description', { email: user.email })}</p>
        <p role="status" aria-live="polite" className="text-sm font-medium">
          {sending.state === 'sent' ? t('banner.sent') : sending.state === 'failed' ? sending.message : null}
        </p>
      </div>
      <Button variant="outline" size="sm" onClick={() => void resend()} disabled={sending.state === 'sending' || sending.state === 'sent'}>
        {sending.state === 'sending' ? <Spinner label={t('banner.sending')} /> : t('banner.resend')}
      </Button>
    </section>
  );
}
