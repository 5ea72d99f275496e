import type { AppInstance } from '../../lib/app-instance';
import type { PricingService } from './service';

/**
 * Refreshes the pricing zones every `intervalMs` (ZONE_REFRESH_MS, default 30 s; 0 turns it off:
 * tests call refreshZones themselves). Every instance runs the timer; the advisory lock inside
 * refreshZones makes one of them write each round.
 */
export function registerZoneRefresh(app: AppInstance, pricing: PricingService, intervalMs: number): void {
  if (intervalMs <= 0) return;
  let timer: ReturnType<typeof setInterval> | undefined;
  let isRunning = false;
  const run = () => {
    if (isRunning) return;
    isRunning = true;
    pricing
      .refreshZones()
      .catch((error: unknown) => app.log.error({ err: error }, 'pricing zone refresh failed'))
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
}
