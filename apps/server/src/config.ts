import { isIP } from 'node:net';
import path from 'node:path';
import { DEFAULT_PEAK_TIME_ZONE } from '@coride/domain/community/peak-hours';
import { DISPUTE_WINDOW_DAYS as DEFAULT_DISPUTE_WINDOW_DAYS, ESCROW_DAYS } from '@coride/domain/money';
import { z } from 'zod';

const booleanFlag = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((value) => value === 'true' || value === '1' || value === 'yes');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.url().optional(),
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().positive().default(15_000),
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().positive().default(5000),
  REDIS_URL: z.url().optional(),
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[\w.:-]{1,64}$/, 'letters, digits, and . : _ - only')
    .default('coride:'),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  DEMO_DATA: booleanFlag.optional(),
  DEMO_SIMULATOR: booleanFlag.default(true),
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((value, context) => {
      const parsed = parseTrustProxy(value);
      if (parsed === undefined) {
        context.addIssue({
          code: 'custom',
          message: 'false, true, a hop count, or a comma list of proxy addresses or CIDRs (or loopback, linklocal, uniquelocal)',
        });
        return z.NEVER;
      }
      return parsed;
    }),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PASSWORD_COST: z.coerce.number().int().min(10).max(20).default(17),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .positive()
    .default(24 * 30),
  SESSION_CACHE_MAX: z.coerce.number().int().min(0).default(10_000),
  SESSION_CACHE_TTL_MS: z.coerce.number().int().min(0).max(300_000).default(10_000),
  LOGIN_MAX_FAILURES: z.coerce.number().int().positive().default(5),
  LOGIN_FAILURE_WINDOW_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(15 * 60),
  LOGIN_MAX_FAILURES_PER_ADDRESS: z.coerce.number().int().positive().default(20),
  LOGIN_SLOWDOWN_AFTER_EMAIL_FAILURES: z.coerce.number().int().positive().default(100),
  SIGNUP_RATE_LIMIT_PER_HOUR: z.coerce.number().int().positive().default(30),
  CARD_RATE_LIMIT_PER_HOUR: z.coerce.number().int().positive().default(10),
  BOOKING_RATE_LIMIT_PER_HOUR: z.coerce.number().int().positive().default(20),
  /** Password reset requests per client address, and per email, per hour; verification mails resent per user per hour. */
  PASSWORD_RESET_RATE_LIMIT_PER_HOUR: z.coerce.number().int().positive().default(10),
  PASSWORD_RESET_RATE_LIMIT_PER_EMAIL_HOUR: z.coerce.number().int().positive().default(3),
  VERIFICATION_MAIL_RATE_LIMIT_PER_HOUR: z.coerce.number().int().positive().default(5),
  /** Views of shared trips per client address per hour (the public page polls every 5 s: 720 an hour). */
  SHARED_TRIP_RATE_LIMIT_PER_HOUR: z.coerce.number().int().positive().default(1500),
  /**
   * Address lookups (type-ahead, geocoding, reverse) per signed-in user per hour: a booking takes a few
   * dozen; the limit keeps one account from passing a flood on to GEOCODER_URL's service.
   */
  GEO_RATE_LIMIT_PER_HOUR: z.coerce.number().int().positive().default(1200),
  /** Booking and going online wait for a confirmed email (contract §8; default false). */
  REQUIRE_VERIFIED_EMAIL: booleanFlag.default(false),
  /** The driver starts a ride with the rider's 4-digit PIN (contract §9); false turns the check off. */
  RIDE_PIN: booleanFlag.default(true),
  PASSWORD_RESET_TTL_MINUTES: z.coerce.number().int().positive().max(1440).default(60),
  EMAIL_VERIFICATION_TTL_HOURS: z.coerce
    .number()
    .int()
    .positive()
    .default(7 * 24),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(100 * 1024),
  WEB_DIST_DIR: z.string().optional(),
  OFFER_TIMEOUT_SECONDS: z.coerce.number().positive().default(15),
  DISPATCH_SWEEP_MS: z.coerce.number().int().min(0).default(1000),
  WS_AUTH_TIMEOUT_MS: z.coerce.number().int().positive().default(5000),
  WS_HEARTBEAT_MS: z.coerce.number().int().positive().default(30_000),
  DRAIN_DELAY_MS: z.coerce.number().int().min(0).max(60_000).optional(),
  METRICS_TOKEN: z.string().min(16, 'at least 16 characters').optional(),
  GEOCODER_URL: z.url().optional(),
  ROUTER_URL: z.url().optional(),
  /** A Twilio-compatible Proxy service, credentials in the address: https://<sid>:<token>@proxy.twilio.com/v1/Services/<service sid> (ADR 035). */
  PHONE_MASKING_URL: z
    .url()
    .refine((value) => /^https?:\/\//i.test(value), 'https://<account sid>:<auth token>@host/v1/Services/<service sid>')
    .optional(),
  MAP_TILE_URL: z.string().default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  ESCROW_HOLD_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .default(ESCROW_DAYS * 86_400),
  DISPUTE_WINDOW_DAYS: z.coerce.number().positive().default(DEFAULT_DISPUTE_WINDOW_DAYS),
  SETTLEMENT_SWEEP_MS: z.coerce.number().int().min(0).default(10_000),
  EMBEDDED_AUTH_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  TIER_RECOMPUTE_MS: z.coerce.number().int().min(0).optional(),
  ZONE_REFRESH_MS: z.coerce.number().int().min(0).optional(),
  RETENTION_SWEEP_MS: z.coerce.number().int().min(0).optional(),
  PAYOUT_SWEEP_MS: z.coerce.number().int().min(0).optional(),
  REWARDS_SWEEP_MS: z.coerce.number().int().min(0).optional(),
  /** Scheduled rides (ADR 034): their dispatch starts this many minutes before their time. */
  SCHEDULE_LEAD_MINUTES: z.coerce.number().int().min(1).max(60).default(10),
  SCHEDULED_RIDES_SWEEP_MS: z.coerce.number().int().min(0).optional(),
  INDEX_RECONCILE_MS: z.coerce.number().int().min(0).optional(),
  LOCATION_FLUSH_MS: z.coerce.number().int().min(0).optional(),
  PEAK_TIME_ZONE: z
    .string()
    .default(DEFAULT_PEAK_TIME_ZONE)
    .refine((zone) => {
      try {
        new Intl.DateTimeFormat('en-US', { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    }, 'PEAK_TIME_ZONE must be an IANA time zone, such as America/New_York'),
  STRIPE_SECRET_KEY: z.string().min(8).optional(),
  STRIPE_API_URL: z.url().default('https://api.stripe.com'),
  TEST_CLOCK: booleanFlag.default(false),
  AI_BASE_URL: z.url().optional(),
  AI_API_KEY: z.string().min(1).optional(),
  AI_MODEL: z.string().min(1).default('gpt-4o-mini'),
  AI_TIMEOUT_MS: z.coerce.number().int().positive().default(8000),
  /** Chat and voice turns per minute per user (or per address when signed out). */
  AI_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(30),
  ASSISTANT_WARMUP: booleanFlag.optional(),
  SMTP_URL: z
    .url()
    .refine((value) => /^smtps?:\/\//i.test(value), 'smtp://user:password@host:port or smtps://…')
    .optional(),
  MAIL_FROM: z.string().min(3).default('CoRide <no-reply@localhost>'),
  PUBLIC_URL: z
    .url()
    .refine((value) => /^https?:\/\//i.test(value), 'an http:// or https:// address')
    .optional(),
  MAIL_DELIVERY_MS: z.coerce.number().int().min(0).optional(),
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(20),
  /** Drivers' documents in an S3-compatible bucket: https://<access key>:<secret>@<host>/<bucket>[/<prefix>]?region=<region> (ADR 036). */
  UPLOADS_S3_URL: z
    .url()
    .refine((value) => {
      const url = new URL(value);
      return /^https?:$/.test(url.protocol) && url.username !== '' && url.password !== '' && url.pathname.length > 1;
    }, 'https://<access key>:<secret key>@<host>/<bucket>[/<prefix>]?region=<region>')
    .optional(),
  DOCUMENT_EXPIRY_SWEEP_MS: z.coerce.number().int().min(0).optional(),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** Folder of the embedded database; unused when databaseUrl is set. */
  dataDir: string;
  databaseUrl: string | undefined;
  /**
   * PostgreSQL only: a statement is cancelled after statementTimeoutMs, and getting a connection
   * (new or from the busy pool) fails after connectTimeoutMs, so no request waits on a lost database.
   */
  postgresTimeouts: { statementMs: number; connectMs: number };
  /**
   * Set: the realtime hub, the sign-in throttle and the assistants' turn budget are shared by every
   * instance through Redis, under `redisKeyPrefix` (docs/decisions/009-redis-shared-state.md).
   */
  redisUrl: string | undefined;
  redisKeyPrefix: string;
  admin: { email: string; password: string } | undefined;
  demoData: boolean | undefined;
  /** In the demo world, run the bot drivers inside the server process so booked rides get accepted. */
  demoSimulator: boolean;
  /**
   * Which X-Forwarded-For hops to believe (client addresses feed the per-address limits): false, none;
   * a hop count, that many proxies in front (TRUST_PROXY=true is 1: the right-most entry is the client);
   * a list of addresses/CIDRs, peers that are proxies. The client writes the left of the header itself.
   */
  trustProxy: TrustProxy;
  logLevel: string;
  /** log2 of scrypt's N for new password hashes. */
  passwordCost: number;
  sessionTtlMs: number;
  /**
   * Checked tokens each process keeps (up to `maxEntries`, each for `ttlMs`) so a signed-in request
   * needs no database read; revocations and user changes drop them at once, on every instance through
   * Redis. 0 for either turns the cache off.
   */
  sessionCache: { maxEntries: number; ttlMs: number };
  /** Sign-in failures: per (email, address) and per address refused, per email only slowed (contract §4). */
  loginThrottle: { maxFailures: number; maxFailuresPerAddress: number; slowdownAfterEmailFailures: number; windowMs: number };
  /** 429 with Retry-After past these, per hour: sign-ups per address, cards added and bookings per user. */
  rateLimits: {
    signUpsPerHour: number;
    cardsPerHour: number;
    bookingsPerHour: number;
    /** Password reset requests per client address, and per email address asked about. */
    passwordResetsPerHour: number;
    passwordResetsPerEmailHour: number;
    /** Verification mails a signed-in user may have resent. */
    verificationMailsPerHour: number;
    /** Public shared-trip views per client address (ADR 028). */
    sharedTripViewsPerHour: number;
    /** Address lookups (suggest, geocode, reverse) per signed-in user. */
    geoLookupsPerHour: number;
  };
  /**
   * The mailed one-time links (modules/accounts): a password reset works for `passwordResetTtlMs`
   * (contract: one hour), a verification link for `emailVerificationTtlMs` (7 days). With
   * `requireVerifiedEmail`, booking and going online answer 403 EMAIL_NOT_VERIFIED until the email is confirmed.
   */
  accountTokens: { passwordResetTtlMs: number; emailVerificationTtlMs: number };
  requireVerifiedEmail: boolean;
  /** RIDE_PIN: starting a ride needs the rider's PIN (ADR 028). */
  ridePin: boolean;
  aiRateLimitPerMinute: number;
  bodyLimitBytes: number;
  /** Built web app to serve; undefined serves the API only. */
  webDistDir: string | undefined;
  offerTimeoutMs: number;
  /** How often offers are expired and waiting rides moved on; 0 turns the timer off (tests drive it). */
  dispatchSweepMs: number;
  /** A WebSocket that has not authenticated within this time is closed. */
  wsAuthTimeoutMs: number;
  /** WebSocket ping interval; a socket that missed the previous ping is dropped (half-open connections). */
  wsHeartbeatMs: number;
  /**
   * After SIGTERM, how long /api/ready answers 503 before the process stops accepting connections, so a
   * load balancer's health check sees it first (default 2 s; 0 under NODE_ENV=test).
   */
  drainDelayMs: number;
  /** Set: GET /metrics needs `Authorization: Bearer <token>`; unset: only loopback callers without a proxy header get it. */
  metricsToken: string | undefined;
  geocoderUrl: string | undefined;
  routerUrl: string | undefined;
  /**
   * Set: Call on the ride asks this Twilio-compatible Proxy service for a masked number (ADR 035):
   * `serviceUrl` without credentials, which go as Basic auth (secrets: never logged). Unset: calls
   * go through the ride's messages.
   */
  phoneMasking: PhoneMaskingConfig | undefined;
  mapTileUrl: string;
  /** The IANA time zone the bonus pool's peak hours are read in (docs/community-economics.md §2). */
  peakTimeZone: string;
  /** Captured money stays in escrow this long (contract: 3 days). */
  escrowHoldMs: number;
  disputeWindowMs: number;
  /** How often escrow is released and half-done settlements retried (contract §1: at least every 10 s); 0 turns the timer off. */
  settlementSweepMs: number;
  /** The embedded provider answers a fare hold after this long: rehearses a real processor's latency (Stripe: up to seconds). */
  embeddedAuthDelayMs: number;
  /** How often every territory's driver tiers are recomputed and stored (default 1 hour; 0 turns the timer off, the default in tests). */
  tierRecomputeMs: number;
  /** How often pricing zones recount open requests and idle drivers (default 30 s; 0 turns the timer off, the default in tests). */
  zoneRefreshMs: number;
  /** How often old sessions, quotes and rejected submissions are deleted (default 1 hour; 0 turns the timer off, the default in tests). */
  retentionSweepMs: number;
  /** How often the weekly payout round runs (each payee is paid once per ISO week); 0 turns it off. */
  payoutSweepMs: number;
  /** How often the month-end champions are decided and system-cancelled rides' credit given back (default 1 minute; 0, the default when SETTLEMENT_SWEEP_MS is 0, turns the timer off). */
  rewardsSweepMs: number;
  /** Scheduled rides (ADR 034): dispatch starts this many minutes before the pickup time (default 10). */
  scheduleLeadMinutes: number;
  /** How often due scheduled rides are moved into dispatch (default 15 s; 0 turns the timer off, the default in tests). */
  scheduledRidesSweepMs: number;
  /**
   * With REDIS_URL: how often the shared dispatch index is made to match driver_presence again (adds
   * online drivers it lost, e.g. to a Redis restart; removes those no longer online). Default 30 s; 0
   * turns it off, the default in tests.
   */
  indexReconcileMs: number;
  /**
   * How often a process stores the drivers' positions it received (the latest per driver, at most one
   * per 10 s), in one statement. Default 1 s; 0 turns the timer off (the default in tests: positions
   * are then stored when the app closes, or by drivers.flushLocations).
   */
  locationFlushMs: number;
  /** Set: payments go through Stripe (PaymentIntents with manual capture); unset: the embedded provider. */
  stripe: { secretKey: string; apiUrl: string } | undefined;
  /** Lets an admin move the server's clock forward (POST /api/dev/clock): for end-to-end tests of escrow, never in production. */
  testClock: boolean;
  /**
   * Set: the assistants ask an OpenAI-compatible chat-completions endpoint first (AI_BASE_URL, AI_API_KEY,
   * AI_MODEL), falling back to the offline engine on any failure; unset: the offline engine only.
   */
  ai: { baseUrl: string; apiKey: string | undefined; model: string; timeoutMs: number } | undefined;
  /** Train the offline assistant engine in the background at start (default; tests train on first use). */
  assistantWarmup: boolean;
  /** The base of every link the product sends (contract §8), without a trailing slash. */
  publicUrl: string;
  /**
   * The mail outbox (modules/mail, ADR 019). `smtpUrl` set: mails go through that server (a secret:
   * never logged); unset: each mail is printed to the log and kept. A mail whose sending failed is
   * tried again with back-off, `maxAttempts` times in all; `deliveryMs` is how often due mails are
   * sent (0 turns the job off; tests call the service).
   */
  mail: { smtpUrl: string | undefined; from: string; deliveryMs: number; maxAttempts: number };
  /**
   * Where drivers' documents are kept (ADR 036): files under `dir` (DATA_DIR/uploads), or an
   * S3-compatible bucket when `s3` is set (UPLOADS_S3_URL; its keys are secrets: never logged).
   */
  uploads: { dir: string; s3: S3UploadsConfig | undefined };
  /** How often licences and insurances are checked for expiry (reminders, taking drivers offline); default 1 hour, 0 in tests. */
  documentExpirySweepMs: number;
};

/** UPLOADS_S3_URL split: the bucket's address (path style), the key prefix, the region and the keys. */
export type S3UploadsConfig = { endpoint: string; bucket: string; prefix: string; region: string; accessKeyId: string; secretAccessKey: string };

/** UPLOADS_S3_URL, https://KEY:SECRET@host/bucket/prefix?region=eu-west-1, as its parts. */
function s3UploadsFrom(value: string | undefined): S3UploadsConfig | undefined {
  if (!value) return undefined;
  const url = new URL(value);
  const [bucket = '', ...prefix] = url.pathname.split('/').filter(Boolean);
  return {
    endpoint: `${url.protocol}//${url.host}`,
    bucket: decodeURIComponent(bucket),
    prefix: prefix.map(decodeURIComponent).join('/'),
    region: url.searchParams.get('region') ?? 'us-east-1',
    accessKeyId: decodeURIComponent(url.username),
    secretAccessKey: decodeURIComponent(url.password),
  };
}

export type PhoneMaskingConfig = { serviceUrl: string; username: string; password: string };

export class ConfigError extends Error {}

/** PHONE_MASKING_URL split into the service's address and its Basic-auth credentials. */
function phoneMaskingFrom(value: string | undefined): PhoneMaskingConfig | undefined {
  if (!value) return undefined;
  const url = new URL(value);
  const credentials = { username: decodeURIComponent(url.username), password: decodeURIComponent(url.password) };
  url.username = '';
  url.password = '';
  return { serviceUrl: url.toString().replace(/\/+$/, ''), ...credentials };
}

/** false: no proxy; a number: that many proxy hops; a list: the proxies' addresses or CIDRs. */
export type TrustProxy = false | number | string[];

/** proxy-addr's names for whole ranges, accepted in a TRUST_PROXY list. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** TRUST_PROXY's value, or undefined when it is none of the accepted forms. */
export function parseTrustProxy(value: string): TrustProxy | undefined {
  const text = value.trim().toLowerCase();
  if (['false', 'no', '0'].includes(text)) return false;
  // Exactly one proxy (the usual load balancer): the right-most entry, which that proxy wrote.
  if (['true', 'yes'].includes(text)) return 1;
  if (/^\d+$/.test(text)) return Number(text);
  const entries = text.split(',').map((entry) => entry.trim());
  const isProxy = (entry: string) => {
    if (PROXY_RANGE_NAMES.has(entry)) return true;
    const [address = '', bits, ...rest] = entry.split('/');
    const family = isIP(address);
    if (family === 0 || rest.length > 0) return false;
    return bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
  };
  return entries.every(isProxy) ? entries : undefined;
}

/** The one place that reads process.env. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable means unset (DATABASE_URL= turns the real database off).
  const parsed = envSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, value]) => value !== '')));
  if (!parsed.success) {
    const details = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new ConfigError(`Invalid configuration: ${details}`);
  }
  const e = parsed.data;
  if (Boolean(e.ADMIN_EMAIL) !== Boolean(e.ADMIN_PASSWORD)) {
    throw new ConfigError('Invalid configuration: set ADMIN_EMAIL and ADMIN_PASSWORD together');
  }
  if (e.TEST_CLOCK && e.NODE_ENV === 'production') {
    // The test clock lets an admin move time forward, which releases escrow early.
    throw new ConfigError('Invalid configuration: TEST_CLOCK is for tests and is refused when NODE_ENV=production');
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    postgresTimeouts: { statementMs: e.DB_STATEMENT_TIMEOUT_MS, connectMs: e.DB_CONNECT_TIMEOUT_MS },
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    admin: e.ADMIN_EMAIL && e.ADMIN_PASSWORD ? { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD } : undefined,
    demoData: e.DEMO_DATA,
    demoSimulator: e.DEMO_SIMULATOR,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    passwordCost: e.PASSWORD_COST,
    sessionTtlMs: e.SESSION_TTL_HOURS * 3600_000,
    sessionCache: { maxEntries: e.SESSION_CACHE_MAX, ttlMs: e.SESSION_CACHE_TTL_MS },
    loginThrottle: {
      maxFailures: e.LOGIN_MAX_FAILURES,
      maxFailuresPerAddress: e.LOGIN_MAX_FAILURES_PER_ADDRESS,
      slowdownAfterEmailFailures: e.LOGIN_SLOWDOWN_AFTER_EMAIL_FAILURES,
      windowMs: e.LOGIN_FAILURE_WINDOW_SECONDS * 1000,
    },
    rateLimits: {
      signUpsPerHour: e.SIGNUP_RATE_LIMIT_PER_HOUR,
      cardsPerHour: e.CARD_RATE_LIMIT_PER_HOUR,
      bookingsPerHour: e.BOOKING_RATE_LIMIT_PER_HOUR,
      passwordResetsPerHour: e.PASSWORD_RESET_RATE_LIMIT_PER_HOUR,
      passwordResetsPerEmailHour: e.PASSWORD_RESET_RATE_LIMIT_PER_EMAIL_HOUR,
      verificationMailsPerHour: e.VERIFICATION_MAIL_RATE_LIMIT_PER_HOUR,
      sharedTripViewsPerHour: e.SHARED_TRIP_RATE_LIMIT_PER_HOUR,
      geoLookupsPerHour: e.GEO_RATE_LIMIT_PER_HOUR,
    },
    accountTokens: { passwordResetTtlMs: e.PASSWORD_RESET_TTL_MINUTES * 60_000, emailVerificationTtlMs: e.EMAIL_VERIFICATION_TTL_HOURS * 3_600_000 },
    requireVerifiedEmail: e.REQUIRE_VERIFIED_EMAIL,
    ridePin: e.RIDE_PIN,
    aiRateLimitPerMinute: e.AI_RATE_LIMIT_PER_MINUTE,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    webDistDir: e.WEB_DIST_DIR ? path.resolve(e.WEB_DIST_DIR) : undefined,
    offerTimeoutMs: e.OFFER_TIMEOUT_SECONDS * 1000,
    dispatchSweepMs: e.DISPATCH_SWEEP_MS,
    wsAuthTimeoutMs: e.WS_AUTH_TIMEOUT_MS,
    wsHeartbeatMs: e.WS_HEARTBEAT_MS,
    drainDelayMs: e.DRAIN_DELAY_MS ?? (e.NODE_ENV === 'test' ? 0 : 2000),
    metricsToken: e.METRICS_TOKEN,
    geocoderUrl: e.GEOCODER_URL,
    routerUrl: e.ROUTER_URL,
    phoneMasking: phoneMaskingFrom(e.PHONE_MASKING_URL),
    mapTileUrl: e.MAP_TILE_URL,
    peakTimeZone: e.PEAK_TIME_ZONE,
    escrowHoldMs: e.ESCROW_HOLD_SECONDS * 1000,
    disputeWindowMs: e.DISPUTE_WINDOW_DAYS * 86_400_000,
    settlementSweepMs: e.SETTLEMENT_SWEEP_MS,
    embeddedAuthDelayMs: e.EMBEDDED_AUTH_DELAY_MS,
    tierRecomputeMs: e.TIER_RECOMPUTE_MS ?? (e.NODE_ENV === 'test' ? 0 : 3_600_000),
    zoneRefreshMs: e.ZONE_REFRESH_MS ?? (e.NODE_ENV === 'test' ? 0 : 30_000),
    retentionSweepMs: e.RETENTION_SWEEP_MS ?? (e.NODE_ENV === 'test' ? 0 : 3_600_000),
    payoutSweepMs: e.PAYOUT_SWEEP_MS ?? (e.NODE_ENV === 'test' ? 0 : 3_600_000),
    rewardsSweepMs: e.REWARDS_SWEEP_MS ?? (e.SETTLEMENT_SWEEP_MS > 0 ? 60_000 : 0),
    scheduleLeadMinutes: e.SCHEDULE_LEAD_MINUTES,
    scheduledRidesSweepMs: e.SCHEDULED_RIDES_SWEEP_MS ?? (e.NODE_ENV === 'test' ? 0 : 15_000),
    indexReconcileMs: e.INDEX_RECONCILE_MS ?? (e.NODE_ENV === 'test' ? 0 : 30_000),
    locationFlushMs: e.LOCATION_FLUSH_MS ?? (e.NODE_ENV === 'test' ? 0 : 1000),
    stripe: e.STRIPE_SECRET_KEY ? { secretKey: e.STRIPE_SECRET_KEY, apiUrl: e.STRIPE_API_URL } : undefined,
    testClock: e.TEST_CLOCK,
    ai: e.AI_BASE_URL ? { baseUrl: e.AI_BASE_URL.replace(/\/+$/, ''), apiKey: e.AI_API_KEY, model: e.AI_MODEL, timeoutMs: e.AI_TIMEOUT_MS } : undefined,
    assistantWarmup: e.ASSISTANT_WARMUP ?? e.NODE_ENV !== 'test',
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM,
      deliveryMs: e.MAIL_DELIVERY_MS ?? (e.NODE_ENV === 'test' ? 0 : 2000),
      maxAttempts: e.MAIL_MAX_ATTEMPTS,
    },
    uploads: { dir: path.join(path.resolve(e.DATA_DIR), 'uploads'), s3: s3UploadsFrom(e.UPLOADS_S3_URL) },
    documentExpirySweepMs: e.DOCUMENT_EXPIRY_SWEEP_MS ?? (e.NODE_ENV === 'test' ? 0 : 3_600_000),
  };
}
