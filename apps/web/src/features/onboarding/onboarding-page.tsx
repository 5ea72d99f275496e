import { dashboardPathFor, isSignupRole, type SignupRole } from '@coride/domain/roles';
import { ArrowLeftIcon, BuildingIcon, CarIcon, UserIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import { PageShell } from '@/components/layout/page-shell';
import { SiteHeader } from '@/components/layout/site-header';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { nextPathFrom } from '@/lib/next-path';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { DocumentsCard } from '@/components/driver-documents/documents-card';
import { InstallGuide } from './install-guide';
import { RegistrationForm } from './registration-form';

const tabIcons = { customer: UserIcon, driver: CarIcon, licensee: BuildingIcon } as const;

/** /onboarding?tab=driver&email=a%40b.c&next=%2Fride — sign-up for riders, drivers and licensees. */
export function OnboardingPage() {
  const { t } = useTranslation('onboarding');
  const params = new URLSearchParams(useSearch());
  const requestedTab = params.get('tab');
  const initialEmail = params.get('email') ?? '';
  // A visitor sent to sign-in from a page that needs an account, who chose to create one instead (contract §10).
  const next = nextPathFrom(params.toString());
  const [tab, setTab] = useState<SignupRole>(isSignupRole(requestedTab) ? requestedTab : 'customer');
  // A link to another tab while this page is open (the footer's Become a Driver) keeps the page mounted.
  const [linkedTab, setLinkedTab] = useState(requestedTab);
  if (requestedTab !== linkedTab) {
    setLinkedTab(requestedTab);
    if (isSignupRole(requestedTab)) setTab(requestedTab);
  }
  const [registeredRole, setRegisteredRole] = useState<SignupRole | null>(null);
  // A new driver's application asks for documents first (contract §10), then the install guide.
  const [isDocumentsStepDone, setIsDocumentsStepDone] = useState(false);
  const [, navigate] = useLocation();
  useEffect(() => {
    if (registeredRole) window.scrollTo({ top: 0 });
  }, [registeredRole]);

  return (
    <PageShell
      header={
        <SiteHeader>
          <Link href="/" className={buttonVariants({ variant: 'ghost', size: 'sm' })}>
            <ArrowLeftIcon aria-hidden className="rtl:rotate-180" />
            {t('common:backToHome')}
          </Link>
        </SiteHeader>
      }
    >
      <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-12">
        {registeredRole === 'driver' && !isDocumentsStepDone ? (
          <div className="grid gap-4" data-testid="onboarding-documents">
            <DocumentsCard headingLevel="h2" />
            <Button variant="outline" onClick={() => setIsDocumentsStepDone(true)} data-testid="documents-continue">
              {t('documentsContinue')}
            </Button>
          </div>
        ) : registeredRole ? (
          <InstallGuide onFinish={() => navigate(next ?? dashboardPathFor(registeredRole), { replace: true })} />
        ) : (
          <>
            <div className="mb-8 text-center">
              <h1 className="text-3xl font-bold sm:text-4xl">{t('title')}</h1>
              <p className="mt-2 text-muted-foreground">{t('subtitle')}</p>
            </div>
            <Tabs value={tab} onValueChange={(value) => isSignupRole(value) && setTab(value)}>
              <TabsList className="grid h-auto w-full grid-cols-3">
                {(['customer', 'driver', 'licensee'] as const).map((role) => {
                  const Icon = tabIcons[role];
                  return (
                    <TabsTrigger key={role} value={role} className="flex-col gap-0.5 py-2 whitespace-normal sm:flex-row sm:gap-2" data-testid={`tab-${role}`}>
                      <Icon aria-hidden />
                      <span>{t(`tabs.${role}`)}</span>
                      <span className="hidden text-xs font-normal text-muted-foreground lg:inline">· {t(`tabs.${role}Hint`)}</span>
                    </TabsTrigger>
                  );
                })}
              </TabsList>
              {(['customer', 'driver', 'licensee'] as const).map((role) => (
                <TabsContent key={role} value={role} forceMount className="data-[state=inactive]:hidden">
                  <Card>
                    <CardContent className="pt-6">
                      <RegistrationForm role={role} initialEmail={initialEmail} onRegistered={setRegisteredRole} />
                    </CardContent>
                  </Card>
                </TabsContent>
              ))}
            </Tabs>
            <p className="mt-6 text-center text-sm text-muted-foreground">
              {t('alreadyHaveAccount')}{' '}
              <Link href="/sign-in" className="font-medium text-primary underline">
                {t('signIn')}
              </Link>
            </p>
          </>
        )}
      </div>
    </PageShell>
  );
}
