import type { DriverOffer } from '@coride/domain';
import { useQueryClient } from '@tanstack/react-query';
import { CarIcon, FileCheckIcon, LandmarkIcon, TrophyIcon, UserIcon, WalletIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AccountSettingsCards } from '@/components/account/account-settings-cards';
import { DocumentsCard } from '@/components/driver-documents/documents-card';
import { DashboardShell } from '@/components/layout/dashboard-shell';
import { PayoutsPanel } from '@/components/payouts/payouts-panel';
import { PrivacyCard } from '@/components/privacy/privacy-card';
import { ConsoleTabList } from '@/components/console-tabs';
import { ErrorState, LoadingState } from '@/components/ui/query-state';
import { Tabs, TabsContent } from '@/components/ui/tabs';
import { ChatLauncher } from '@/features/assistant/chat-launcher';
import { VoiceLauncher } from '@/features/assistant/voice-launcher';
import { useAuth } from '@/lib/auth';
import { useActiveRide } from '@/features/driver-console/api/use-active-ride';
import { declineRide } from '@/features/driver-console/api/use-decline-ride';
import { driverOffersQueryKey, useDriverOffers } from '@/features/driver-console/api/use-driver-offers';
import { useDriverProfile } from '@/features/driver-console/api/use-driver-profile';
import { useDriverRides } from '@/features/driver-console/api/use-driver-rides';
import { ACTIVE_RIDE_HEADING_ID, ActiveRideCard } from '@/features/driver-console/components/active-ride-card';
import { RateRiderCard } from '@/features/driver-console/components/rate-rider-card';
import { AvailabilityCard } from '@/features/driver-console/components/availability-card';
import { DriverProfileCard } from '@/features/driver-console/components/driver-profile-card';
import { EarningsCard } from '@/features/driver-console/components/earnings-card';
import { LazyEarningsHistory, LazyEarningsTracker, LazyPerformanceDashboard } from '@/features/driver-console/components/lazy-performance';
import { LocationCard } from '@/features/driver-console/components/location-card';
import { RecentRidesCard } from '@/features/driver-console/components/recent-rides-card';
import { RIDE_REQUESTS_HEADING_ID, RideRequestsSection } from '@/features/driver-console/components/ride-requests-section';
import { TodaySummary } from '@/features/driver-console/components/today-summary';
import { useAnnouncer } from '@/features/driver-console/hooks/use-announcer';
import { useDriverRealtime } from '@/features/driver-console/hooks/use-driver-realtime';
import { useLocationStream } from '@/features/driver-console/hooks/use-location-stream';

const tabs = [
  { value: 'earnings', icon: WalletIcon },
  { value: 'performance', icon: TrophyIcon },
  { value: 'rides', icon: CarIcon },
  { value: 'payouts', icon: LandmarkIcon },
  { value: 'documents', icon: FileCheckIcon },
  { value: 'account', icon: UserIcon },
] as const;
type ConsoleTab = (typeof tabs)[number]['value'];

/**
 * The driver's console, laid out for a phone (ADR 037). The first screen is what matters while
 * online: availability, today's earnings, rides and online time, then the ride under way (with its
 * map) or the incoming requests with their countdown. Everything else is behind tabs: earnings
 * (tracker, history, escrow and the ledger), performance, recent rides, payouts, documents, and the account
 * (vehicle, location, settings, privacy). The server is the authority: every change is a call whose
 * answer updates the screen, and a reconnect re-reads everything.
 */
export function DriverDashboardPage() {
  const { t } = useTranslation('driver');
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const profile = useDriverProfile();
  const activeRide = useActiveRide();
  const offers = useDriverOffers();
  const rides = useDriverRides();
  const announcer = useAnnouncer();
  useDriverRealtime(announcer.announce);
  const isOnline = profile.data?.status === 'online';
  const stream = useLocationStream(isOnline);
  const ride = activeRide.data?.ride ?? null;
  const [tab, setTab] = useState<ConsoleTab>('earnings');
  useFocusAcrossRideChanges(activeRide.isPending ? undefined : (ride?.id ?? null));
  if (!user) return null;

  // Going offline lets this driver's open requests go to the next drivers at once.
  function declineOpenOffers() {
    const open = queryClient.getQueryData<DriverOffer[]>(driverOffersQueryKey) ?? [];
    queryClient.setQueryData<DriverOffer[]>(driverOffersQueryKey, []);
    for (const offer of open) declineRide(offer.ride.id).catch(() => undefined);
  }

  return (
    <DashboardShell title={t('title')} subtitle={t('subtitle', { name: user.firstName })}>
      {profile.isPending ? (
        <LoadingState />
      ) : profile.isError ? (
        <ErrorState title={t('errors.fetchDriver')} error={profile.error} onRetry={() => void profile.refetch()} />
      ) : (
        <div className="space-y-4">
          <AvailabilityCard profile={profile.data} hasActiveRide={ride !== null} onWentOffline={declineOpenOffers} />
          <TodaySummary profile={profile.data} readAt={profile.dataUpdatedAt} />
          {activeRide.isError ? (
            <ErrorState title={t('errors.fetchActiveRide')} error={activeRide.error} onRetry={() => void activeRide.refetch()} />
          ) : ride ? (
            <ActiveRideCard ride={ride} position={stream.position} />
          ) : (
            <RateRiderCard ride={rides.items[0]} />
          )}
          {ride ? null : (
            <RideRequestsSection
              offers={offers}
              isOnline={isOnline}
              driverPosition={stream.position ?? (profile.data.currentLocation ? { ...profile.data.currentLocation, accuracyMeters: 0 } : null)}
              announcements={announcer}
              announce={announcer.announce}
            />
          )}
          <Tabs value={tab} onValueChange={(value) => setTab(value as ConsoleTab)} className="pt-2">
            <ConsoleTabList
              label={t('tabs.label')}
              tabs={tabs.map(({ value, icon }) => ({ value, icon, label: t(`tabs.${value}`), testId: `driver-tab-${value}` }))}
            />
            <TabsContent value="earnings" className="space-y-6">
              <LazyEarningsTracker />
              <EarningsCard />
              <LazyEarningsHistory />
            </TabsContent>
            <TabsContent value="performance">
              <LazyPerformanceDashboard />
            </TabsContent>
            <TabsContent value="rides">
              <RecentRidesCard rides={rides} />
            </TabsContent>
            <TabsContent value="payouts">
              {/* Released money to the bank: account, cash out, history, statements (components/payouts). */}
              <PayoutsPanel />
            </TabsContent>
            <TabsContent value="documents">
              {/* Licence, insurance, registration and photo: what is missing or expiring, upload from the camera (ADR 036). */}
              <DocumentsCard headingLevel="h2" />
            </TabsContent>
            <TabsContent value="account" className="space-y-6">
              <div className="grid gap-6 lg:grid-cols-2">
                <DriverProfileCard profile={profile.data} name={`${user.firstName} ${user.lastName}`} />
                <LocationCard livePosition={stream.position} isSharing={isOnline} isUnavailable={stream.isUnavailable} />
              </div>
              {/* Profile, password, notifications and emergency contacts (drivers need them for SOS too). */}
              <AccountSettingsCards user={user} />
              {/* The download of the driver's data and the deletion of the account (contract §8). */}
              <PrivacyCard />
            </TabsContent>
          </Tabs>
        </div>
      )}
      <ChatLauncher />
      <VoiceLauncher />
    </DashboardShell>
  );
}

/**
 * Accepting a request or finishing a ride swaps the cards under the keyboard; when that drops focus
 * to the page, it goes to the heading of what replaced them. Never on the first load.
 */
function useFocusAcrossRideChanges(rideId: string | null | undefined) {
  const previous = useRef<string | null | undefined>(undefined);
  useEffect(() => {
    if (rideId === undefined) return;
    const before = previous.current;
    previous.current = rideId;
    if (before === undefined || before === rideId) return;
    if (document.activeElement && document.activeElement !== document.body) return;
    document.getElementById(rideId ? ACTIVE_RIDE_HEADING_ID : RIDE_REQUESTS_HEADING_ID)?.focus();
  }, [rideId]);
}
