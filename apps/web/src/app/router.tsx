import { lazy, Suspense, type ComponentType } from 'react';
import { Route, Switch } from 'wouter';
import { FullPageSpinner, RedirectIfSignedIn, RequireRole } from './guards';
import { LandingPage } from './routes/landing-page';

/**
 * Each route but the landing page is its own chunk, so the first screen does not carry the dashboards.
 * The landing page is the first screen of most visits: it is in the first-screen chunk, drawn without
 * waiting for another round trip (docs/decisions/015).
 */
function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return Object.assign(
    lazy(async () => ({ default: (await load())[name] })),
    { load },
  );
}

/** A page that reads server data: it also loads the query cache and the realtime socket. */
function dataPage<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  const loadBoth = () => Promise.all([import('./data-providers'), load()]);
  const component = lazy(async () => {
    const [{ DataProviders }, module] = await loadBoth();
    const Page: ComponentType = module[name];
    return {
      default: () => (
        <DataProviders>
          <Page />
        </DataProviders>
      ),
    };
  });
  return Object.assign(component, { load: loadBoth });
}

// Sign-up reads server data once an account exists: a new driver's documents step (ADR 036).
const OnboardingPage = dataPage(() => import('@/features/onboarding/onboarding-page'), 'OnboardingPage');
const SignInPage = page(() => import('@/features/auth/sign-in-page'), 'SignInPage');
const CustomerDashboardPage = dataPage(() => import('./routes/customer-dashboard-page'), 'CustomerDashboardPage');
// The booking page's route draws the page's frame before it fetches the page's code (routes/book-ride-route).
const BookRideRoute = page(() => import('./routes/book-ride-route'), 'BookRideRoute');
const DriverDashboardPage = dataPage(() => import('./routes/driver-dashboard-page'), 'DriverDashboardPage');
const LicenseeDashboardPage = dataPage(() => import('./routes/licensee-dashboard-page'), 'LicenseeDashboardPage');
const AdminDashboardPage = dataPage(() => import('./routes/admin-dashboard-page'), 'AdminDashboardPage');
const BusinessLogicDemoPage = page(() => import('@/features/business-demo/business-logic-demo-page'), 'BusinessLogicDemoPage');
const GlobalShowcasePage = page(() => import('@/features/showcase/global-showcase-page'), 'GlobalShowcasePage');
const TermsPage = page(() => import('@/features/legal/terms-page'), 'TermsPage');
const PrivacyPage = page(() => import('@/features/legal/privacy-page'), 'PrivacyPage');
const ForgotPasswordPage = page(() => import('@/features/account/forgot-password-page'), 'ForgotPasswordPage');
const ResetPasswordPage = page(() => import('@/features/account/reset-password-page'), 'ResetPasswordPage');
const VerifyEmailPage = page(() => import('@/features/account/verify-email-page'), 'VerifyEmailPage');
// A trip a rider shared (ADR 028): public, works signed out.
const SharedTripPage = dataPage(() => import('@/features/shared-trip/shared-trip-page'), 'SharedTripPage');
const NotFoundPage = page(() => import('./not-found-page'), 'NotFoundPage');

/**
 * The page of the address the app opens on starts downloading at once, while the stored session is
 * still being checked, instead of after it (the role guards wait for the check): one round trip less
 * before a signed-in page can draw.
 */
const pageOfPath: Record<string, { load: () => Promise<unknown> }> = {
  '/onboarding': OnboardingPage,
  '/sign-in': SignInPage,
  '/dashboard': CustomerDashboardPage,
  '/ride': BookRideRoute,
  '/ride-booking': BookRideRoute,
  '/driver-dashboard': DriverDashboardPage,
  '/licensee-dashboard': LicenseeDashboardPage,
  '/admin-dashboard': AdminDashboardPage,
  '/business-logic-demo': BusinessLogicDemoPage,
  '/global-showcase': GlobalShowcasePage,
  '/terms-of-service': TermsPage,
  '/privacy-policy': PrivacyPage,
  '/forgot-password': ForgotPasswordPage,
  '/reset-password': ResetPasswordPage,
  '/verify-email': VerifyEmailPage,
};
const openedPath = window.location.pathname;
// An address no route has opens the 404 page, a lazy chunk too (rarely needed, so not on the first screen).
const openedPage = openedPath === '/' ? undefined : (pageOfPath[openedPath] ?? NotFoundPage);
openedPage?.load().catch(() => undefined); // a failure shows when the page renders

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
        <Route path="/ride" component={BookRideRoute} />
        <Route path="/ride-booking" component={BookRideRoute} />
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
        <Route path="/forgot-password" component={ForgotPasswordPage} />
        <Route path="/reset-password" component={ResetPasswordPage} />
        <Route path="/verify-email" component={VerifyEmailPage} />
        <Route path="/trip/:token" component={SharedTripPage} />
        <Route component={NotFoundPage} />
      </Switch>
    </Suspense>
  );
}
