import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/client';
import { rateLimitedWarn } from './lib/rate-limited-warn';
import { loginThrottles } from './modules/accounts/login-throttle';
import { createAccountsService } from './modules/accounts/service';
import { createApplicationsService } from './modules/applications/service';
import { createFactsReader } from './modules/assistant/facts';
import { OpenAiCompatibleResponder } from './modules/assistant/llm';
import { createMediationService } from './modules/assistant/mediation';
import { createAssistantService, sharedOfflineEngine } from './modules/assistant/service';
import { GridDriverIndex, type DriverLocationIndex } from './modules/dispatch/driver-index';
import { FallbackDriverIndex } from './modules/dispatch/fallback-driver-index';
import { RedisDriverIndex } from './modules/dispatch/redis-driver-index';
import { createBonusPoolService } from './modules/community/bonus-pool';
import { createTiersService } from './modules/community/tiers';
import { createPresenceReader } from './modules/drivers/presence-reader';
import { createDriversService } from './modules/drivers/service';
import { createDriverSuspensions } from './modules/drivers/suspension';
import { createFavoritesService } from './modules/favorites/service';
import type { MailEvents } from './modules/mail/events';
import { createMailService } from './modules/mail/service';
import { createNotificationsService } from './modules/notifications/service';
import { createPreferencesService } from './modules/preferences/service';
import { createEmergencyContactsService } from './modules/emergency-contacts/service';
import { createPerformanceReader } from './modules/reporting/driver-performance';
import { createDashboardReports } from './modules/reporting/dashboards';
import { createUserDirectory } from './modules/reporting/user-directory';
import { gazetteerOf } from './modules/geo/gazetteer';
import { HttpGeocoder, OfflineGeocoder, type Geocoder } from './modules/geo/geocoder';
import { noGeocoder, PlaceSuggester } from './modules/geo/suggest';
import { EstimateRouter, OsrmRouter, type RouteProvider } from './modules/geo/router';
import { usZipIndex } from './modules/geo/zip-index';
import { InProcessHub, type RealtimeHub } from './modules/realtime/hub';
import { InProcessConnections, type ConnectionRegistry } from './modules/realtime/connections';
import { activeRideLoader, InProcessActiveRides, type ActiveRideStore } from './modules/dispatch/active-rides';
import { defaultDispatchSettings, Dispatcher } from './modules/dispatch/dispatcher';
import type { DispatchEvents } from './modules/dispatch/events';
import { createRetentionService } from './modules/retention/service';
import { createRewardsService } from './modules/rewards/service';
import { createRideMessagesService } from './modules/ride-messages/service';
import { TwilioProxyMasking } from './modules/ride-messages/phone-masking';
import { createRideReader } from './modules/rides/reader';
import { createSafetyService } from './modules/safety/service';
import { createRidesService } from './modules/rides/service';
import { createTripSharing } from './modules/rides/sharing';
import { EmbeddedProvider } from './modules/payments/embedded-provider';
import type { PaymentProvider } from './modules/payments/provider';
import { createMediationRecords } from './modules/payments/disputes';
import { createPaymentsService, type FaultHook } from './modules/payments/service';
import { StripeProvider } from './modules/payments/stripe-provider';
import { EmbeddedPayoutProvider, type PayoutProvider } from './modules/payouts/provider';
import { createPayoutsService } from './modules/payouts/service';
import { StripeConnectProvider } from './modules/payouts/stripe-connect';
import { createPaymentViews } from './modules/reporting/payment-views';
import { createPricingService } from './modules/pricing/service';
import { driverDocumentsPart, personalDataParts } from './modules/privacy/personal-data';
import { createPrivacyService } from './modules/privacy/service';
import { createDriveAreaPlacer } from './modules/territories/drive-area';
import { createDriverDocumentsService } from './modules/driver-documents/service';
import { DiskDocumentStorage, S3DocumentStorage, type DocumentStorage } from './modules/driver-documents/storage';
import { createTerritoriesService } from './modules/territories/service';
import { createAnalyticsService } from './modules/reporting/analytics';
import type { SharedState } from './shared-state';

export type Services = ReturnType<typeof createServices>;

/**
 * Wires the modules together. The clock is injectable so tests can move time; `shared` (REDIS_URL)
 * replaces the in-process hub and sign-in throttle with ones every instance shares.
 */
export function createServices(deps: {
  config: Config;
  db: Database;
  now: () => Date;
  log: FastifyBaseLogger;
  faults?: FaultHook | undefined;
  shared?: SharedState | undefined;
  /** Told of offers made, accepted and expired (the app's metrics). */
  dispatchEvents?: DispatchEvents | undefined;
  /** Told of mails sent, logged and failed (the app's metrics). */
  mailEvents?: MailEvents | undefined;
}) {
  const { config, db, now, log, faults, shared } = deps;
  const zips = usZipIndex();
  const offline = new OfflineGeocoder(zips);
  const geocoder: Geocoder = config.geocoderUrl ? new HttpGeocoder(config.geocoderUrl, offline) : offline;
  // Type-ahead: the in-memory gazetteer, and the configured geocoder (1.5 s at most, nothing on failure).
  const suggester = new PlaceSuggester(() => gazetteerOf(zips), config.geocoderUrl ? new HttpGeocoder(config.geocoderUrl, noGeocoder, fetch, 1500) : undefined);
  const router: RouteProvider = config.routerUrl ? new OsrmRouter(config.routerUrl) : new EstimateRouter();
  const hub: RealtimeHub = shared?.hub ?? new InProcessHub();
  // Who has a socket open, on any live instance (the driver's online session follows it).
  const connections: ConnectionRegistry = shared?.connections ?? new InProcessConnections();
  // Redis down: what falls back or lets a request through says so at most every 10 s, not per request.
  const redisWarn = rateLimitedWarn(log);
  // Where drivers are: in the process, or in Redis where every instance's dispatch sees every driver;
  // while Redis cannot answer, reads come from driver_presence and writes wait for the reconcile.
  const index: DriverLocationIndex = shared
    ? new FallbackDriverIndex(new RedisDriverIndex(shared.redis, shared.prefix), createPresenceReader(db), redisWarn)
    : new GridDriverIndex();
  const territories = createTerritoriesService({ db, zips, now });
  // What each user turned off: mail and the bell ask it in the cause's transaction (ADR 026).
  const preferences = createPreferencesService({ db, now });
  const emergencyContacts = createEmergencyContactsService({ db, now });
  // Mails are written in the transaction of their cause (the modules below take `mail`) and sent by the delivery job.
  const mail = createMailService({ db, now, log, settings: { ...config.mail, publicUrl: config.publicUrl }, events: deps.mailEvents, preferences });
  // The consoles' bell: written in the same transactions (beside the mails, and with rides' changes), pushed through the hub after the commit.
  const notifications = createNotificationsService({ db, hub, now, preferences });

  // Sign-up files drivers' and licensees' applications through it (accounts' ApplicationIntake).
  const applications = createApplicationsService({ db, territories, now, mail, notifications });
  const accounts = createAccountsService({
    db,
    config,
    now,
    placeDriveArea: createDriveAreaPlacer({ geocoder, territories }),
    throttles: loginThrottles(
      config.loginThrottle,
      shared && {
        redis: shared.redis,
        prefix: shared.prefix,
        onError: (error) => redisWarn(error, 'sign-in throttle unavailable (Redis): attempt allowed'),
      },
    ),
    // A revoked session's sockets close, and a changed user's cached sign-ins go, on every instance
    // (the hub carries both through Redis when shared).
    announce: { sessionsEnded: (sessionIds) => hub.endSessions(sessionIds), usersChanged: (userIds) => hub.usersChanged(userIds) },
    // Verification and reset links, and "your password was changed", go out through the outbox.
    mail,
    applications: applications.intake,
  });
  hub.onAccountsChanged((change) => accounts.applyRemoteChange(change));
  const provider: PaymentProvider = config.stripe
    ? new StripeProvider({ secretKey: config.stripe.secretKey, apiUrl: config.stripe.apiUrl })
    : new EmbeddedProvider(db, { authorizeDelayMs: config.embeddedAuthDelayMs });
  // Dispute mediation reads and keeps records through payments' repository; payments calls it through its DisputeMediator port (one-way).
  const mediation = createMediationService({ db, records: createMediationRecords(db), access: territories.access, now });
  const payments = createPaymentsService({
    db,
    provider,
    hub,
    now,
    log,
    settings: { escrowHoldMs: config.escrowHoldMs, disputeWindowMs: config.disputeWindowMs },
    ...(faults ? { faults } : {}),
    mediator: mediation,
    access: territories.access,
    mail,
    notifications,
  });
  const paymentViews = createPaymentViews({ db, payments, now });
  const analytics = createAnalyticsService({ db, paymentViews, now, access: territories.access });
  // Payouts to drivers' and licensees' banks: Stripe Connect beside Stripe payments, the embedded provider otherwise (ADR 024).
  const payoutProvider: PayoutProvider = config.stripe
    ? new StripeConnectProvider({ secretKey: config.stripe.secretKey, apiUrl: config.stripe.apiUrl })
    : new EmbeddedPayoutProvider(db);
  const payouts = createPayoutsService({ db, provider: payoutProvider, now, log, mail, notifications });

  // One way: the dispatcher reads rides through the repository (RideReader); rides and drivers call it through DispatchPort.
  const settings = { ...defaultDispatchSettings, offerTimeoutMs: config.offerTimeoutMs };
  // Driver -> active ride for forwarding locations: any instance may hold the driver's socket when shared.
  const activeRides: ActiveRideStore = shared ? shared.activeRides(activeRideLoader(db)) : new InProcessActiveRides(activeRideLoader(db));
  const dispatcher = new Dispatcher({
    db,
    index,
    hub,
    activeRides,
    settings,
    now,
    rides: createRideReader({ db, index }),
    log,
    events: deps.dispatchEvents,
    notifications,
  });
  const pricing = createPricingService({ db, zips, now, access: territories.access });
  const rewards = createRewardsService({ db, now, log, userChanged: (userId) => accounts.userChanged(userId) });
  const rides = createRidesService({
    db,
    territories,
    router,
    index,
    hub,
    now,
    dispatcher,
    payments,
    pricing,
    log,
    rewards,
    notifications,
    ridePin: config.ridePin,
    scheduleLeadMinutes: config.scheduleLeadMinutes,
    ...(faults ? { faults } : {}),
  });
  // Trip-sharing links of rides (ADR 028): rides' own table, read with the live driver positions.
  const tripSharing = createTripSharing({ db, index, now, publicUrl: config.publicUrl });
  // Drivers' documents (contract §10, ADR 036): files on disk or in an S3 bucket; an expired licence or insurance keeps a driver offline.
  const documentStorage: DocumentStorage = config.uploads.s3 ? new S3DocumentStorage(config.uploads.s3, now) : new DiskDocumentStorage(config.uploads.dir);
  const driverDocuments = createDriverDocumentsService({ db, storage: documentStorage, access: territories.access, notifications, now, log });
  const drivers = createDriversService({ db, territories, index, now, dispatcher, mayGoOnline: (driverId) => driverDocuments.assertMayGoOnline(driverId) });
  // Staff suspend drivers (ADR 031): offline, offers withdrawn, told by mail and bell, in one transaction.
  const driverSuspensions = createDriverSuspensions({ db, access: territories.access, index, hub, mail, notifications, dispatcher, drivers, now });
  const tiers = createTiersService({ db, now });
  // Rider and driver talk through the ride's thread, never each other's phone or email (ADR 029).
  // Call rings a masked number through PHONE_MASKING_URL when set (ADR 035).
  const phoneMasking = config.phoneMasking ? new TwilioProxyMasking(config.phoneMasking) : null;
  const rideMessages = createRideMessagesService({ db, hub, now, access: territories.access, phoneMasking, log });
  // SOS (ADR 032): the alert, the staff's bell and the contacts' mails with a trip link in one transaction, then live.
  const safety = createSafetyService({ db, hub, now, access: territories.access, index, notifications, mail, emergencyContacts, tripSharing });
  const bonusPool = createBonusPoolService({ db, now, log, peakTimeZone: config.peakTimeZone });
  // Every module's personal data, and the driver documents' files, which need the storage (ADR 025, 036).
  const personalData = [...personalDataParts, driverDocumentsPart(documentStorage)];
  const retention = createRetentionService({ db, now, log, personalData });
  const favorites = createFavoritesService({ db });
  // The person's export and account deletion (contract §8, ADR 025); the erasure is a retention rule.
  const privacy = createPrivacyService({ db, now, accounts, mail, drivers, log, parts: personalData });
  const performance = createPerformanceReader({ db, now });
  const reports = createDashboardReports({ db, index, paymentViews, territories, now });
  const userDirectory = createUserDirectory({ db });

  // The assistants: the offline engine is trained once per process, in the background (app.ts starts it).
  const facts = createFactsReader({ db, rides, payments, paymentViews, drivers, territories, applications });
  const assistant = createAssistantService({
    db,
    engine: sharedOfflineEngine,
    llm: config.ai ? new OpenAiCompatibleResponder(config.ai) : undefined,
    facts,
    territories,
    hub,
    notifications,
    now,
    log,
  });

  return {
    zips,
    geocoder,
    suggester,
    router,
    hub,
    connections,
    index,
    territories,
    accounts,
    applications,
    payments,
    tripSharing,
    paymentViews,
    analytics,
    pricing,
    rides,
    payouts,
    rewards,
    dispatcher,
    drivers,
    driverSuspensions,
    driverDocuments,
    tiers,
    bonusPool,
    retention,
    favorites,
    privacy,
    performance,
    reports,
    userDirectory,
    assistant,
    mediation,
    mail,
    notifications,
    preferences,
    emergencyContacts,
    rideMessages,
    safety,
  };
}
