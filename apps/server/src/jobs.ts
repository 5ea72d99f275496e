import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Job } from './lib/jobs';
import type { Services } from './services';

/**
 * Every background job of the server, with its interval from config (0 turns one off; the tests turn
 * most off and call the services themselves). app.ts registers each through registerJob once the
 * live state is restored. Every instance runs all of them; the note on each says why that is safe.
 */
export function backgroundJobs(services: Services, config: Config, log: FastifyBaseLogger): Job[] {
  return [
    {
      // Bookings whose hold was never confirmed first (they become dispatchable or cancelled), then
      // offers: expired ones move their rides on. Offers live in the database under unique indexes.
      name: 'dispatch sweep',
      everyMs: config.dispatchSweepMs,
      run: async () => {
        await services.rides.resumeUnheldBookings();
        await services.dispatcher.sweep();
      },
    },
    {
      // Escrow releases are claimed row by row (FOR UPDATE SKIP LOCKED). Then last month's bonus pools,
      // once the month is over (a run per territory and month, posted once), even if settling failed.
      name: 'settlement run',
      everyMs: config.settlementSweepMs,
      run: async () => {
        await services.payments.settle().catch((error: unknown) => log.error({ err: error, job: 'settlement run' }, 'settlement run failed'));
        await services.bonusPool.runDue().catch((error: unknown) => log.error({ err: error, job: 'settlement run' }, 'bonus pool run failed'));
      },
    },
    {
      // Each territory is judged and written in one transaction.
      name: 'tier recompute',
      everyMs: config.tierRecomputeMs,
      run: () => services.tiers.recompute(),
    },
    {
      // The advisory lock inside refreshZones makes one instance write each round.
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
      // The advisory lock taken per batch lets one instance delete at a time.
      name: 'retention sweep',
      everyMs: config.retentionSweepMs,
      runAtStart: true,
      run: () => services.retention.sweep(),
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
