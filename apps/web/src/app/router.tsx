import { lazy, Suspense, type ComponentType } from 'react';
import { Route, Switch } from 'wouter';
import { FullPageSpinner, RedirectIfSignedIn, RequireRole } from './guards';
import { NotFoundPage } from './not-found-page';
import { LandingPage } from './routes/landing-page';

/**
 * Each route but the landing page is its own chunk, so the first screen does not carry the dashboards.
 * The landing page is the first screen of most visits: it is in the first-screen chunk, drawn without
 * waiting for another round trip (docs/decisions/015).
 */
function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return lazy(async () => ({ default: (await load())[name] }));
}

/** A page that reads server data: it also loads the query cache and the realtime socket. */
function dataPage<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return lazy(async () => {
    const [{ DataProviders }, module] = await Promise.all([import('./data-providers'), load()]);
    const Page: ComponentType = module[name];
    return {
      default: () => (
        <DataProviders>
          <Page />
        </DataProviders>
      ),
    };
  });
}

const OnboardingPage = page(() => import('@/features/onboarding/onboarding-page'), 'OnboardingPage');
const SignInPage = page(() => import('@/features/auth/sign-in-page'), 'SignInPage');
const CustomerDashboardPage = dataPage(() => import('./routes/customer-dashboard-page'), 'CustomerDashboardPage');
const BookRidePage = dataPage(() => import('./routes/book-ride-page'), 'BookRidePage');
const DriverDashboardPage = dataPage(() => import('./routes/driver-dashboard-page'), 'DriverDashboardPage');
const LicenseeDashboardPage = dataPage(() => import('./routes/licensee-dashboard-page'), 'LicenseeDashboardPage');
const AdminDashboardPage = dataPage(() => import('./routes/admin-dashboard-page'), 'AdminDashboardPage');
const BusinessLogicDemoPage = page(() => import('@/features/business-demo/business-logic-demo-page'), 'BusinessLogicDemoPage');
const GlobalShowcasePage = page(() => import('@/features/showcase/global-showcase-page'), 'GlobalShowcasePage');
const TermsPage = page(() => import('@/features/legal/terms-page'), 'TermsPage');
const PrivacyPage = page(() => import('@/features/legal/privacy-page'), 'PrivacyPage');

export function AppRouter() {
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <Switch>
        <Route path="/">
          <RedirectIfSignedIn>
            <LandingPage />
          </RedirectIfSignedIn>
        </Route>
        <Route path="/onboarding" component={OnboardingPage} />
        <Route path="/sign-in">
          <RedirectIfSignedIn>
            <SignInPage />
          </RedirectIfSignedIn>
        </Route>
        <Route path="/dashboard">
          <RequireRole roles={['customer']}>
            <CustomerDashboardPage />
          </RequireRole>
        </Route>
        {/* The footer's /ride-booking and the app's /ride are the same booking page. */}
        <Route path="/ride">
          <RequireRole roles={['customer']}>
            <BookRidePage />
          </RequireRole>
        </Route>
        <Route path="/ride-booking">
          <RequireRole roles={['customer']}>
            <BookRidePage />
          </RequireRole>
        </Route>
        <Route path="/driver-dashboard">
          <RequireRole roles={['driver']}>
            <DriverDashboardPage />
          </RequireRole>
        </Route>
        <Route path="/licensee-dashboard">
          <RequireRole roles={['licensee']}>
            <LicenseeDashboardPage />
          </RequireRole>
        </Route>
        <Route path="/admin-dashboard">
          <RequireRole roles={['admin']}>
            <AdminDashboardPage />
          </RequireRole>
        </Route>
        <Route path="/business-logic-demo" component={BusinessLogicDemoPage} />
        <Route path="/global-showcase" component={GlobalShowcasePage} />
        <Route path="/terms-of-service" component={TermsPage} />
        <Route path="/privacy-policy" component={PrivacyPage} />
        <Route component={NotFoundPage} />
      </Switch>
    </Suspense>
  );
}
