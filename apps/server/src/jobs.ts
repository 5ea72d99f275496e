import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Job } from './lib/jobs';
import { HEARTBEAT_MS, JANITOR_MS } from './modules/realtime/connections';
import type { Services } from './services';

/**
 * Every background job of the server, with its interval from config (0 turns one off; the tests turn
 * most off and call the services themselves). app.ts registers each through registerJob once the
 * live state is restored. Every instance has all of them, and each round runs on one instance at a
 * time (an advisory lock per job, lib/jobs.ts) unless the job is marked `everyInstance`; the note on
 * each says why.
 */
export function backgroundJobs(services: Services, config: Config, log: FastifyBaseLogger): Job[] {
  return [
    {
      // Bookings whose hold was never confirmed first (they become dispatchable or cancelled), then
      // offers: expired ones move their rides on. Offers live in the database under unique indexes.
      // Every instance sweeps at once: offers and rides are claimed FOR UPDATE SKIP LOCKED, so each is
      // handled by one of them and none waits for another.
      name: 'dispatch sweep',
      everyMs: config.dispatchSweepMs,
      everyInstance: true,
      run: async () => {
        await services.rides.resumeUnheldBookings();
        await services.dispatcher.sweep();
      },
    },
    {
      // Scheduled rides whose dispatch is due (ADR 034) become requested, each once: a conditional
      // update of a row claimed FOR UPDATE SKIP LOCKED, and one instance at a time.
      name: 'scheduled rides',
      everyMs: config.scheduledRidesSweepMs,
      run: () => services.rides.startDueScheduledRides(),
    },
    {
      // Licences and insurances (ADR 036): a reminder 14 days before the expiry day, then the driver
      // offline once it has passed; each once per document (a conditional update), one instance at a time.
      name: 'document expiry',
      everyMs: config.documentExpirySweepMs,
      runAtStart: true,
      run: () => services.driverDocuments.sweepExpiry((driverId) => services.drivers.takeOffline(driverId)),
    },
    {
      // Escrow releases are claimed row by row (FOR UPDATE SKIP LOCKED), but the retries of captures,
      // voids and refunds are not: one instance at a time. Then last month's bonus pools, once the
      // month is over (a run per territory and month, posted once), even if settling failed.
      name: 'settlement run',
      everyMs: config.settlementSweepMs,
      run: async () => {
        await services.payments.settle().catch((error: unknown) => log.error({ err: error, job: 'settlement run' }, 'settlement run failed'));
        await services.bonusPool.runDue().catch((error: unknown) => log.error({ err: error, job: 'settlement run' }, 'bonus pool run failed'));
      },
    },
    {
      // Weekly payouts (ADR 024): each payee once per ISO week (a unique index and the payee's account
      // lock), then the payouts whose transfer outcome is unknown are asked about again.
      name: 'payout run',
      everyMs: config.payoutSweepMs,
      run: () => services.payouts.runWeekly(),
    },
    {
      // Each territory is judged and written in one transaction.
      name: 'tier recompute',
      everyMs: config.tierRecomputeMs,
      run: () => services.tiers.recompute(),
    },
    {
      // refreshZones also takes a lock of its own, for a refresh started from elsewhere.
      name: 'pricing zone refresh',
      everyMs: config.zoneRefreshMs,
      runAtStart: true,
      run: () => services.pricing.refreshZones(),
    },
    {
      // The month-end champions (decided once the month is over; idempotent) and giving back the
      // credit of rides the system cancelled.
      name: 'rewards sweep',
      everyMs: config.rewardsSweepMs,
      run: () => Promise.all([services.rewards.runDueChampions(), services.rewards.restoreCancelled()]),
    },
    {
      // Its batches also take a lock of their own, for a sweep started from elsewhere.
      name: 'retention sweep',
      everyMs: config.retentionSweepMs,
      runAtStart: true,
      run: () => services.retention.sweep(),
    },
    {
      // Several instances (REDIS_URL): each renews its heartbeat in the registry of connections, so
      // its sockets keep counting. If it had lapsed (a long pause, Redis restarted), its connections
      // are registered again and the online sessions the janitor may have ended run again; the drivers
      // whose last socket closed while Redis was unreachable have theirs ended now.
      name: 'connection heartbeat',
      everyMs: config.redisUrl ? HEARTBEAT_MS : 0,
      everyInstance: true,
      run: async () => {
        const { reconnected, disconnected } = await services.connections.heartbeat();
        for (const userId of reconnected) await services.drivers.connected(userId);
        for (const userId of disconnected) await services.drivers.disconnected(userId);
      },
    },
    {
      // Several instances: the drivers whose app was connected only to instances that have gone (no
      // heartbeat for INSTANCE_TTL_MS: killed, or closed without finishing) are no longer online.
      name: 'session janitor',
      everyMs: config.redisUrl ? JANITOR_MS : 0,
      run: async () => services.drivers.endSessionsOfGone(await services.connections.reap()),
    },
    {
      // Each process stores the positions its drivers sent (the latest per driver, at most one per 10 s)
      // in one statement a second, instead of one UPDATE per position. Its own buffer: every instance.
      name: 'driver location flush',
      everyMs: config.locationFlushMs,
      everyInstance: true,
      run: () => services.drivers.flushLocations(),
    },
    {
      // The mail outbox (ADR 019): due mails are claimed one at a time FOR UPDATE SKIP LOCKED with a
      // lease, so every instance sends at once and none sends a mail another is sending.
      name: 'mail delivery',
      everyMs: config.mail.deliveryMs,
      everyInstance: true,
      run: () => services.mail.deliverDue(),
    },
    {
      // Several instances (REDIS_URL): the shared dispatch index is made to match driver_presence again,
      // adding the online drivers it lost (Redis restarted without persistence) and removing those no
      // longer online (a process died between "offline" and the index). Idempotent; the in-process grid
      // cannot drift from its own process's writes, so it needs no such job.
      name: 'driver index reconcile',
      everyMs: config.redisUrl ? config.indexReconcileMs : 0,
      run: async () => {
        const { added, removed } = await services.drivers.reconcileIndex();
        if (added > 0 || removed > 0) log.warn({ added, removed }, 'driver index repaired from driver presence');
      },
    },
  ];
}
