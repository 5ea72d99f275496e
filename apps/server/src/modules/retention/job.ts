import type { AppInstance } from '../../lib/app-instance';
import type { Database } from '../../db/client';
import { createRetentionService, type RetentionService } from './service';

/**
 * Runs the retention sweep every `intervalMs` (RETENTION_SWEEP_MS, default 1 hour; 0 turns it off:
 * tests call sweep themselves), first once the app is ready. Every instance runs the timer; the
 * advisory lock inside the sweep lets one of them delete at a time.
 */
export function registerRetention(app: AppInstance, deps: { db: Database; now: () => Date }, intervalMs: number): RetentionService {
  const retention = createRetentionService({ ...deps, log: app.log });
  if (intervalMs <= 0) return retention;
  let timer: ReturnType<typeof setInterval> | undefined;
  let isRunning = false;
  const run = () => {
    if (isRunning) return;
    isRunning = true;
    retention
      .sweep()
      .catch((error: unknown) => app.log.error({ err: error }, 'retention sweep failed'))
      .finally(() => (isRunning = false));
  };
  app.addHook('onReady', async () => {
    run();
    timer = setInterval(run, intervalMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
  });
  return retention;
}
