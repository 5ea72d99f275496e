import { signupRoles, type SignupRole } from '@coride/domain/roles';
import { ArrowRightIcon, BuildingIcon, CarFrontIcon, CheckIcon, UserRoundIcon, type IconComponent } from '@/components/ui/first-screen-icons';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { DRIVER_SHARE_OF_PAYMENT, FEE_SHARES_BPS, LICENSE_FEE_CENTS, ZIP_CODES_PER_LICENSE } from './marketplace-facts';
import { onboardingHref } from './onboarding-href';
import { useFormatters } from './use-formatters';

const roleIcons: Record<SignupRole, IconComponent> = { customer: UserRoundIcon, driver: CarFrontIcon, licensee: BuildingIcon };

/** The hero's sign-up card: one tab per role, each with an email field that carries over to /onboarding. */
export function JoinTabs() {
  const { t, i18n } = useTranslation(['tab', 'hero']);
  const format = useFormatters();
  const [, navigate] = useLocation();
  const [role, setRole] = useState<SignupRole>('customer');
  // One email for all tabs, so switching role keeps what was typed.
  const [email, setEmail] = useState('');
  const formId = useId();

  const values = {
    percent: format.ratio(Math.floor(DRIVER_SHARE_OF_PAYMENT * 100) / 100),
    zipCodes: ZIP_CODES_PER_LICENSE,
    fee: format.cents(LICENSE_FEE_CENTS),
  };
  const licenseeValues = { ...values, percent: format.bps(FEE_SHARES_BPS.licensee) };

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    navigate(onboardingHref(role, email));
  }

  return (
    <Tabs value={role} onValueChange={(value) => setRole(value as SignupRole)} dir={i18n.dir(i18n.language)} className="w-full">
      <TabsList aria-label={t('hero:rolesLabel')} className="grid w-full grid-cols-3">
        {signupRoles.map((tabRole) => {
          const Icon = roleIcons[tabRole];
          return (
            <TabsTrigger
              key={tabRole}
              value={tabRole}
              className="h-full flex-col gap-1 px-1.5 py-2 text-xs whitespace-normal sm:flex-row sm:text-sm [&_svg]:shrink-0"
              data-testid={`hero-tab-${tabRole}`}
            >
              <Icon aria-hidden />
              <span className="text-center leading-tight">{t(`${tabRole}.label`)}</span>
            </TabsTrigger>
          );
        })}
      </TabsList>
      {signupRoles.map((tabRole) => {
        const points = t(`${tabRole}.points`, { returnObjects: true, ...(tabRole === 'licensee' ? licenseeValues : values) }) as unknown as string[];
        const inputId = `${formId}-${tabRole}-email`;
        const hintId = `${inputId}-hint`;
        return (
          <TabsContent key={tabRole} value={tabRole} className="mt-5">
            <p className="text-lg font-semibold">{t(`${tabRole}.heading`)}</p>
            <p className="mt-1 text-sm text-muted-foreground">{t(`${tabRole}.description`, tabRole === 'licensee' ? licenseeValues : values)}</p>
            <ul className="mt-4 space-y-2 text-sm">
              {points.map((point) => (
                <li key={point} className="flex gap-2">
                  <CheckIcon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
                  <span>{point}</span>
                </li>
              ))}
            </ul>
            <form onSubmit={submit} className="mt-5 space-y-2" noValidate>
              <Label htmlFor={inputId}>{t('hero:emailLabel')}</Label>
              <Input
                id={inputId}
                type="email"
                inputMode="email"
                autoComplete="email"
                placeholder={t('hero:emailPlaceholder')}
                value={email}
                onChange={(event) => setEmail(event.target.value)}
                aria-describedby={hintId}
                data-testid={`hero-email-${tabRole}`}
              />
              <p id={hintId} className="text-xs text-muted-foreground">
                {t('hero:emailHint')}
              </p>
              <Button type="submit" size="lg" className="mt-2 w-full" data-testid={`hero-cta-${tabRole}`}>
                {t(`${tabRole}.cta`)}
                <ArrowRightIcon className="rtl:rotate-180" aria-hidden />
              </Button>
            </form>
          </TabsContent>
        );
      })}
    </Tabs>
  );
}
