import type { AppInstance } from './app-instance';

/** A periodic piece of background work: one round every `everyMs`. */
export type Job = {
  /** Says which job failed in the log ("dispatch sweep failed"). */
  name: string;
  /** The interval between rounds, from config; 0 turns the job off. */
  everyMs: number;
  /** One round. A rejection is logged and the next round runs on time. */
  run: () => Promise<unknown>;
  /** Also run a round as soon as the app is ready, not only after the first interval. */
  runAtStart?: boolean;
};

/**
 * Runs `job` every `everyMs` once the app is ready, until it closes. The one place that owns the
 * subtle parts of every background loop:
 * - no overlap: a round still running when the next is due makes that next one skip;
 * - the timer is unref'd, so it never keeps the process alive on its own;
 * - a failed round is logged with the job's name, and the timer keeps going;
 * - on close the timer stops and the round in flight is awaited, so nothing touches the database
 *   after the app has closed (the database closes after the app).
 * Every instance runs its own timer: a job that must run on one instance at a time locks inside
 * `run` (settlement claims rows with SKIP LOCKED; zones and retention take an advisory lock).
 */
export function registerJob(app: AppInstance, job: Job): void {
  if (job.everyMs <= 0) return;
  let timer: ReturnType<typeof setInterval> | undefined;
  let running: Promise<void> | undefined;
  let isClosed = false;

  const tick = () => {
    if (running || isClosed) return;
    // A run that throws before its first await is a failed round like any other.
    running = Promise.resolve()
      .then(() => job.run())
      .then(
        () => undefined,
        (error: unknown) => app.log.error({ err: error, job: job.name }, `${job.name} failed`),
      )
      .finally(() => (running = undefined));
  };

  app.addHook('onReady', async () => {
    if (isClosed) return;
    if (job.runAtStart) tick();
    timer = setInterval(tick, job.everyMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    isClosed = true;
    if (timer) clearInterval(timer);
    await running;
  });
}
