import type { TFunction } from 'i18next';
import { lazy, Suspense, use } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { PageShell } from '@/components/layout/page-shell';
import { EmailVerificationBanner } from '@/components/account/email-verification-banner';
import { SiteHeader } from '@/components/layout/site-header';
import { buttonVariants } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useAuth } from '@/lib/auth';
import { preloadNamespaces } from '@/lib/i18n';
import { useHasPainted } from '@/lib/use-has-painted';
import { FullPageSpinner, RequireRole } from '../guards';

// The frame's texts (the email banner's included) start downloading with this small chunk.
const frameNamespaces = ['booking', 'account'];
preloadNamespaces(frameNamespaces);

const BookRidePage = lazy(async () => {
  const [{ DataProviders, queryClient }, { BookRidePage: Page, prefetchBookRide }] = await Promise.all([
    import('../data-providers'),
    import('./book-ride-page'),
  ]);
  prefetchBookRide(queryClient);
  return {
    default: () => (
      <DataProviders>
        <Page />
      </DataProviders>
    ),
  };
});

/**
 * What the booking page shows before its code and the active ride are known: the
 * dashboard shell's header, the page's heading and subtitle (its largest text) and the loading row, laid
 * out as BookRidePage lays them out so nothing moves when it takes over (docs/decisions/023).
 */
function BookRideFrame({ t }: { t: TFunction<string[]> }) {
  return (
    <PageShell header={<SiteHeader />}>
      <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:py-8">
        <div className="mb-6 flex flex-wrap items-start justify-between gap-4">
          <div>
            <h1 className="text-2xl font-bold sm:text-3xl">{t('booking:title')}</h1>
            <p className="mt-1 text-muted-foreground">{t('booking:subtitle')}</p>
          </div>
          <div className="flex flex-wrap gap-2">
            <Link href="/dashboard" className={buttonVariants({ variant: 'outline', size: 'sm' })}>
              {/* Lucide's arrow-left, drawn here so the frame does not wait for lucide-react. */}
              <svg
                aria-hidden
                viewBox="0 0 24 24"
                width="24"
                height="24"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
                strokeLinejoin="round"
                className="rtl:rotate-180"
              >
                <path d="m12 19-7-7 7-7" />
                <path d="M19 12H5" />
              </svg>
              {t('booking:backToDashboard')}
            </Link>
          </div>
        </div>
        <EmailVerificationBanner />
        <div className="flex items-center justify-center p-8 text-sm text-muted-foreground">
          <Spinner label={t('booking:loadingRide')} />
        </div>
      </div>
    </PageShell>
  );
}

const never = new Promise<never>(() => undefined);
/** Keeps the Suspense boundary around it on its fallback, the frame, without drawing it anew. */
function Hold(): null {
  use(never);
  return null;
}

/**
 * /ride and /ride-booking: the frame paints first, from this small chunk, once the session check and
 * its texts have answered (both started at once); the booking page's code (the map, the forms, the query cache, the socket) is fetched once that
 * paint is on the screen, so a phone's connection and CPU spend nothing on it before the heading shows.
 * Signed-out visitors and other roles are still sent away by the role guard; the frame stays meanwhile.
 */
export function BookRideRoute() {
  // Not suspending: a Suspense boundary would hold the revealed frame back for up to 300 ms (React 19).
  const { t, ready } = useTranslation(frameNamespaces, { useSuspense: false });
  // The session is known first, so the email banner (often larger than the subtitle) is in the frame's
  // first paint rather than a later, larger paint that moves the loading row.
  const { isLoading } = useAuth();
  return ready && !isLoading ? <FramedPage t={t} /> : <FullPageSpinner />;
}

function FramedPage({ t }: { t: TFunction<string[]> }) {
  // The page's code is asked for once the frame is on the screen (a signed-in rider only).
  const hasPainted = useHasPainted();
  // The frame is the fallback of one boundary throughout (the guard's and the page's are the same element
  // in the same place), so its heading stays the same element, the page's largest contentful paint,
  // until the page replaces it; the guard, outside it, still redirects.
  const frame = <BookRideFrame t={t} />;
  return (
    <RequireRole
      roles={['customer']}
      pending={
        <Suspense fallback={frame}>
          <Hold />
        </Suspense>
      }
    >
      <Suspense fallback={frame}>{hasPainted ? <BookRidePage /> : <Hold />}</Suspense>
    </RequireRole>
  );
}
