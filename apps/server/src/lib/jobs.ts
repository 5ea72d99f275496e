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
  /**
   * Every instance runs its rounds at the same time, instead of one at a time: for work that is per
   * instance (a heartbeat), or whose own claims already share it out (rows taken FOR UPDATE SKIP LOCKED).
   */
  everyInstance?: boolean;
};

/**
 * Runs a round unless another process is running a round of the same job; false when it did not run.
 * DatabaseHandle.tryExclusive: a PostgreSQL advisory lock named after the job.
 */
export type RoundLock = (key: string, round: () => Promise<void>) => Promise<boolean>;

/** Told how each round ended (the metrics count rounds and failures per job). */
export type JobObserver = { roundEnded(job: string, outcome: 'ok' | 'failed', seconds: number): void };

/**
 * Runs `job` every `everyMs` once the app is ready, until it closes. The one place that owns the
 * subtle parts of every background loop:
 * - no overlap: a round still running when the next is due makes that next one skip;
 * - the timer is unref'd, so it never keeps the process alive on its own;
 * - a failed round is logged with the job's name, and the timer keeps going;
 * - on close the timer stops and the round in flight is awaited, so nothing touches the database
 *   after the app has closed (the database closes after the app).
 * - one instance at a time: with a `lock`, a round runs only if no other process (on the same
 *   database) is running a round of this job; the others skip theirs (not counted as rounds). Jobs
 *   marked `everyInstance` run everywhere at once.
 */
export function registerJob(app: AppInstance, job: Job, observer?: JobObserver, lock?: RoundLock): void {
  if (job.everyMs <= 0) return;
  let timer: ReturnType<typeof setInterval> | undefined;
  let running: Promise<void> | undefined;
  let isClosed = false;

  const tick = () => {
    if (running || isClosed) return;
    const startedAt = performance.now();
    const ended = (outcome: 'ok' | 'failed') => observer?.roundEnded(job.name, outcome, (performance.now() - startedAt) / 1000);
    const round = async () => {
      await job.run();
    };
    // A run that throws before its first await is a failed round like any other.
    running = Promise.resolve()
      .then(() => (lock && !job.everyInstance ? lock(`job:${job.name}`, round) : round().then(() => true)))
      .then(
        (didRun) => {
          if (didRun) ended('ok');
        },
        (error: unknown) => {
          app.log.error({ err: error, job: job.name }, `${job.name} failed`);
          ended('failed');
        },
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
