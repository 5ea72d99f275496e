import { CheckCircle2Icon, SmartphoneIcon } from 'lucide-react';
import { useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { canPromptInstall, promptInstall, subscribeInstallPrompt } from '@/lib/install';

export type InstallPlatform = 'ios' | 'android' | 'desktop';

/** iOS Safari and Android Chrome get their home-screen steps; everything else the desktop card. */
export function detectInstallPlatform(userAgent: string): InstallPlatform {
  const isIos = /iPad|iPhone|iPod/.test(userAgent);
  if (isIos && /Safari/.test(userAgent) && !/CriOS|FxiOS|EdgiOS/.test(userAgent)) return 'ios';
  if (/Android/.test(userAgent) && /Chrome/.test(userAgent)) return 'android';
  return 'desktop';
}

const STEPS = 3;

/** Shown once after sign-up; finishing or skipping continues to the dashboard. */
export function InstallGuide({ onFinish, platform = detectInstallPlatform(navigator.userAgent) }: { onFinish: () => void; platform?: InstallPlatform }) {
  const { t } = useTranslation('onboarding');
  const [step, setStep] = useState(1);
  // Where the browser offers installation (Chrome, Edge, Android), one button does it for real.
  const canInstall = useSyncExternalStore(subscribeInstallPrompt, canPromptInstall, () => false);
  const installButton = canInstall ? (
    <Button
      variant="secondary"
      className="w-full"
      data-testid="install-app"
      onClick={() =>
        void promptInstall().then((isInstalled) => {
          if (isInstalled) onFinish();
        })
      }
    >
      {t('install.installNow')}
    </Button>
  ) : null;
  const benefits = (
    <div>
      <h3 className="mb-2 text-sm font-semibold">{t('install.benefitsTitle')}</h3>
      <ul className="space-y-1 text-sm">
        {(['fast', 'updates', 'offline'] as const).map((key) => (
          <li key={key} className="flex items-center gap-2">
            <CheckCircle2Icon className="size-4 text-success" aria-hidden />
            {t(`install.benefits.${key}`)}
          </li>
        ))}
      </ul>
    </div>
  );

  if (platform === 'desktop') {
    return (
      <Card className="mx-auto w-full max-w-lg" data-testid="install-guide">
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <SmartphoneIcon className="size-5 text-primary" aria-hidden />
            {t('install.mobileAccess')}
          </CardTitle>
          <CardDescription>{t('install.desktopBody')}</CardDescription>
        </CardHeader>
        <CardContent>{benefits}</CardContent>
        <CardFooter className="flex-col gap-2">
          {installButton}
          <Button className="w-full" onClick={onFinish}>
            {t('install.continue')}
          </Button>
        </CardFooter>
      </Card>
    );
  }

  return (
    <Card className="mx-auto w-full max-w-lg" data-testid="install-guide">
      <CardHeader>
        <div className="flex items-center justify-between gap-2">
          <CardTitle>{t('install.title')}</CardTitle>
          <Badge variant="secondary">{t('install.step', { current: step, total: STEPS })}</Badge>
        </div>
      </CardHeader>
      <CardContent className="space-y-6">
        <p className="text-base" aria-live="polite">
          {t(`install.${platform}.${step}`)}
        </p>
        {benefits}
        {installButton}
      </CardContent>
      <CardFooter className="flex-wrap justify-between gap-2">
        <Button variant="ghost" onClick={onFinish}>
          {t('install.skip')}
        </Button>
        <div className="flex gap-2">
          <Button variant="outline" onClick={() => setStep((s) => s - 1)} disabled={step === 1}>
            {t('install.previous')}
          </Button>
          {step < STEPS ? <Button onClick={() => setStep((s) => s + 1)}>{t('install.next')}</Button> : <Button onClick={onFinish}>{t('install.done')}</Button>}
        </div>
      </CardFooter>
    </Card>
  );
}
