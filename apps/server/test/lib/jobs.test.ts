import { setTimeout as sleep } from 'node:timers/promises';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { backgroundJobs } from '../../src/jobs';
import type { AppInstance } from '../../src/lib/app-instance';
import { registerJob, type RoundLock } from '../../src/lib/jobs';
import type { ZodTypeProvider } from '../../src/lib/zod-provider';
import { HEARTBEAT_MS, JANITOR_MS } from '../../src/modules/realtime/connections';
import type { Services } from '../../src/services';
import { openTestDatabase } from '../support/test-app';

/** A bare app whose log lines are kept, so a test can read what a failed round logged. */
function bareApp(): { app: AppInstance; lines: Array<Record<string, unknown>> } {
  const lines: Array<Record<string, unknown>> = [];
  const stream = { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) };
  const app = Fastify({ logger: { level: 'error', stream } }).withTypeProvider<ZodTypeProvider>();
  return { app, lines };
}

describe('a background job (registerJob)', () => {
  let app: AppInstance | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it('starts no round while the previous one is still running, when a round is slower than the interval', async () => {
    const bare = bareApp();
    app = bare.app;
    let running = 0;
    let mostAtOnce = 0;
    let rounds = 0;
    registerJob(app, {
      name: 'slow',
      everyMs: 5,
      run: async () => {
        running += 1;
        mostAtOnce = Math.max(mostAtOnce, running);
        await sleep(40);
        running -= 1;
        rounds += 1;
      },
    });
    await app.ready();
    await sleep(250);
    expect(rounds).toBeGreaterThanOrEqual(2);
    expect(mostAtOnce).toBe(1);
  });

  it('logs a failed round with the job’s name, and the next round runs on time', async () => {
    const bare = bareApp();
    app = bare.app;
    let calls = 0;
    registerJob(app, {
      name: 'flaky job',
      everyMs: 10,
      run: async () => {
        calls += 1;
        if (calls === 1) throw new Error('first round fails');
      },
    });
    await app.ready();
    for (let i = 0; i < 100 && calls < 3; i += 1) await sleep(10);
    expect(calls).toBeGreaterThanOrEqual(3);
    const failures = bare.lines.filter((line) => line.msg === 'flaky job failed');
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatchObject({ job: 'flaky job', err: { message: 'first round fails' } });
  });

  it('treats a run that throws before it awaits as a failed round', async () => {
    const bare = bareApp();
    app = bare.app;
    let calls = 0;
    registerJob(app, {
      name: 'throws at once',
      everyMs: 10,
      run: () => {
        calls += 1;
        throw new Error('no promise at all');
      },
    });
    await app.ready();
    for (let i = 0; i < 100 && calls < 2; i += 1) await sleep(10);
    expect(calls).toBeGreaterThanOrEqual(2);
    expect(bare.lines.filter((line) => line.msg === 'throws at once failed').length).toBeGreaterThanOrEqual(1);
  });

  it('runs nothing after close, and close waits for the round in flight', async () => {
    const bare = bareApp();
    const closing = bare.app;
    let started = 0;
    let finished = 0;
    registerJob(closing, {
      name: 'closing',
      everyMs: 10,
      run: async () => {
        started += 1;
        await sleep(50);
        finished += 1;
      },
    });
    await closing.ready();
    for (let i = 0; i < 100 && started === 0; i += 1) await sleep(5);
    expect(started).toBe(1);
    await closing.close();
    // The round that was running when close began has finished by the time close returns.
    expect(finished).toBe(started);
    const startedAtClose = started;
    await sleep(80);
    expect(started).toBe(startedAtClose);
  });

  it('runs a round as soon as the app is ready when runAtStart is set, not only after the interval', async () => {
    const bare = bareApp();
    app = bare.app;
    let calls = 0;
    registerJob(app, {
      name: 'at start',
      everyMs: 60_000,
      runAtStart: true,
      run: async () => {
        calls += 1;
      },
    });
    expect(calls).toBe(0);
    await app.ready();
    await sleep(20);
    expect(calls).toBe(1);
  });

  it('does nothing at all when everyMs is 0, even with runAtStart', async () => {
    const bare = bareApp();
    app = bare.app;
    let calls = 0;
    registerJob(app, {
      name: 'off',
      everyMs: 0,
      runAtStart: true,
      run: async () => {
        calls += 1;
      },
    });
    await app.ready();
    await sleep(50);
    expect(calls).toBe(0);
  });
});

describe('a background job with a round lock (one instance at a time)', () => {
  let app: AppInstance | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  /** A lock another process holds: every round is refused. Records the keys it was asked for. */
  const heldElsewhere = () => {
    const keys: string[] = [];
    const lock: RoundLock = async (key) => {
      keys.push(key);
      return false;
    };
    return { keys, lock };
  };

  it('skips its round while another instance holds the job’s lock, and does not count it as a round', async () => {
    const bare = bareApp();
    app = bare.app;
    const { keys, lock } = heldElsewhere();
    const ended: string[] = [];
    let calls = 0;
    registerJob(
      app,
      { name: 'tier recompute', everyMs: 10, run: async () => void (calls += 1) },
      { roundEnded: (job, outcome) => void ended.push(`${job}:${outcome}`) },
      lock,
    );
    await app.ready();
    for (let i = 0; i < 100 && keys.length < 3; i += 1) await sleep(10);
    expect(keys.length).toBeGreaterThanOrEqual(3);
    expect(new Set(keys)).toEqual(new Set(['job:tier recompute']));
    expect(calls).toBe(0);
    expect(ended).toEqual([]);
  });

  it('runs a job marked everyInstance without asking for the lock', async () => {
    const bare = bareApp();
    app = bare.app;
    const { keys, lock } = heldElsewhere();
    let calls = 0;
    registerJob(app, { name: 'heartbeat', everyMs: 10, everyInstance: true, run: async () => void (calls += 1) }, undefined, lock);
    await app.ready();
    for (let i = 0; i < 100 && calls < 2; i += 1) await sleep(10);
    expect(calls).toBeGreaterThanOrEqual(2);
    expect(keys).toEqual([]);
  });

  it('runs its round through the database’s lock on the embedded database, and refuses a second holder meanwhile', async () => {
    const database = await openTestDatabase('pglite');
    try {
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      const first = database.tryExclusive('job:x', () => held);
      expect(await database.tryExclusive('job:x', async () => undefined)).toBe(false);
      expect(await database.tryExclusive('job:y', async () => undefined)).toBe(true);
      release();
      expect(await first).toBe(true);
      expect(await database.tryExclusive('job:x', async () => undefined)).toBe(true);
    } finally {
      await database.close();
    }
  });
});

describe('the list of background jobs', () => {
  // The list only reads the services when a round runs.
  const intervals = (env: Record<string, string>) =>
    Object.fromEntries(backgroundJobs({} as Services, loadConfig(env), { error: () => undefined } as never).map((job) => [job.name, job.everyMs]));

  it('takes every interval from config, one job per setting', () => {
    expect(
      intervals({
        DISPATCH_SWEEP_MS: '11',
        SETTLEMENT_SWEEP_MS: '12',
        TIER_RECOMPUTE_MS: '13',
        ZONE_REFRESH_MS: '14',
        REWARDS_SWEEP_MS: '15',
        RETENTION_SWEEP_MS: '16',
      }),
    ).toMatchObject({
      'dispatch sweep': 11,
      'settlement run': 12,
      'tier recompute': 13,
      'pricing zone refresh': 14,
      'rewards sweep': 15,
      'retention sweep': 16,
    });
  });

  it('runs the connection heartbeat and the session janitor only when instances share a Redis', () => {
    expect(intervals({})).toMatchObject({ 'connection heartbeat': 0, 'session janitor': 0 });
    expect(intervals({ REDIS_URL: 'redis://127.0.0.1:6379' })).toMatchObject({ 'connection heartbeat': HEARTBEAT_MS, 'session janitor': JANITOR_MS });
  });

  it('runs the rewards sweep every minute by default, and not at all when settlement is off, as before it had a setting', () => {
    expect(intervals({})['rewards sweep']).toBe(60_000);
    expect(intervals({ SETTLEMENT_SWEEP_MS: '0' })['rewards sweep']).toBe(0);
  });
});
