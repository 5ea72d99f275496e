import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { DispatchEvents } from '../modules/dispatch/events';
import type { MailEvents } from '../modules/mail/events';
import type { JobObserver } from './jobs';
import { LatencyHistogram } from './latency-histogram';

/** Read when Prometheus scrapes: what is true now, rather than counted as it happens. */
export type MetricSources = {
  /** WebSockets open on this process. */
  socketsOpen: () => number;
  /** Drivers in the dispatch index (online, with a location). */
  driversOnline: () => number | Promise<number>;
  /** The mail outbox: mails waiting to be sent (or retried) and mails given up on, across every process. */
  mailOutbox: () => Promise<{ pending: number; failed: number }>;
};

/** The process's own figures (CPU, memory, event loop lag, GC), collected once per process. */
let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

const secondsBuckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The app's Prometheus metrics (GET /metrics), one registry per app instance so that tests building
 * several apps in one process never count into each other. The only file that knows prom-client (the
 * HTTP latency histogram, observed on every answer, is latency-histogram.ts's, in the same format):
 * the rest of the server reports through small ports (`http`, `dispatch`, `jobs`) and sources read
 * at scrape time (`watch`).
 */
export class AppMetrics {
  private readonly registry = new Registry();
  private sources: MetricSources | undefined;

  /** Observed on every answer: not a prom-client Histogram, whose observe costs more than the rest of a cached GET's metrics (latency-histogram.ts). */
  private readonly httpDuration = new LatencyHistogram(
    'coride_http_request_duration_seconds',
    'HTTP request latency by route pattern, method and status class',
    secondsBuckets,
  );
  private readonly offersMade = new Counter({ name: 'coride_offers_made_total', help: 'Ride offers sent to drivers', registers: [this.registry] });
  private readonly offersAccepted = new Counter({ name: 'coride_offers_accepted_total', help: 'Ride offers accepted', registers: [this.registry] });
  private readonly offersExpired = new Counter({
    name: 'coride_offers_expired_total',
    help: 'Ride offers that expired unanswered',
    registers: [this.registry],
  });
  private readonly dispatchLatency = new Histogram({
    name: 'coride_dispatch_latency_seconds',
    help: "From booking to the ride's first offer",
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60],
    registers: [this.registry],
  });
  private readonly mailSent = new Counter({ name: 'coride_mail_sent_total', help: 'Mails accepted by the SMTP server', registers: [this.registry] });
  private readonly mailLogged = new Counter({
    name: 'coride_mail_logged_total',
    help: 'Mails printed to the log instead of sent (SMTP_URL unset)',
    registers: [this.registry],
  });
  private readonly mailAttemptsFailed = new Counter({
    name: 'coride_mail_attempts_failed_total',
    help: 'Mail sending attempts that failed (retried later, or given up when last)',
    labelNames: ['final'] as const,
    registers: [this.registry],
  });
  private readonly jobRuns = new Counter({
    name: 'coride_job_runs_total',
    help: 'Rounds of background jobs run on this process',
    labelNames: ['job'] as const,
    registers: [this.registry],
  });
  private readonly jobFailures = new Counter({
    name: 'coride_job_failures_total',
    help: 'Rounds of background jobs that failed',
    labelNames: ['job'] as const,
    registers: [this.registry],
  });

  constructor() {
    // collect() runs with the gauge as `this`; the sources are read through this arrow.
    const sources = () => this.sources;
    new Gauge({
      name: 'coride_websockets_open',
      help: 'WebSockets open on this process',
      registers: [this.registry],
      collect() {
        this.set(sources()?.socketsOpen() ?? 0);
      },
    });
    new Gauge({
      name: 'coride_drivers_online',
      help: 'Drivers online with a location (in the dispatch index)',
      registers: [this.registry],
      async collect() {
        this.set((await sources()?.driversOnline()) ?? 0);
      },
    });
    new Gauge({
      name: 'coride_mail_outbox_mails',
      help: 'The mail queue: mails in the outbox waiting to be sent or retried (pending) or given up on (failed), across every process',
      labelNames: ['status'] as const,
      registers: [this.registry],
      async collect() {
        const counts = (await sources()?.mailOutbox()) ?? { pending: 0, failed: 0 };
        this.set({ status: 'pending' }, counts.pending);
        this.set({ status: 'failed' }, counts.failed);
      },
    });
  }

  /** Where the gauges read from; app.ts calls it once the services and the WebSocket server exist. */
  watch(sources: MetricSources): void {
    this.sources = sources;
  }

  /** One HTTP request answered: `route` is the route's pattern (/api/rides/:id), never the raw URL. */
  readonly http = {
    observe: (route: string, method: string, statusCode: number, seconds: number): void => {
      this.httpDuration.observe(route, method, statusCode, seconds);
    },
  };

  readonly dispatch: DispatchEvents = {
    offersMade: (count, firstAfterMs) => {
      this.offersMade.inc(count);
      if (firstAfterMs !== undefined) this.dispatchLatency.observe(Math.max(0, firstAfterMs) / 1000);
    },
    offerAccepted: () => this.offersAccepted.inc(),
    offersExpired: (count) => this.offersExpired.inc(count),
  };

  readonly mail: MailEvents = {
    sent: () => this.mailSent.inc(),
    logged: () => this.mailLogged.inc(),
    attemptFailed: (gaveUp) => this.mailAttemptsFailed.inc({ final: gaveUp ? 'true' : 'false' }),
  };

  readonly jobs: JobObserver = {
    roundEnded: (job, outcome) => {
      this.jobRuns.inc({ job });
      if (outcome === 'failed') this.jobFailures.inc({ job });
    },
  };

  get contentType(): string {
    return this.registry.contentType;
  }

  /** The Prometheus text exposition of this app's metrics, then the process's (no name is in both). */
  async text(): Promise<string> {
    const [app, process] = await Promise.all([this.registry.metrics(), processMetrics().metrics()]);
    return `${this.httpDuration.text()}\n\n${app.trimEnd()}\n${process}`;
  }
}
