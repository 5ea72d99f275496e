import type { ApiClient } from './client';

/**
 * What a bot did, as a Jepsen-style history entry: `ok` the server answered success, `fail` it
 * answered a refusal (the operation did not happen), `info` no answer (it may or may not have
 * happened: a process died mid-request). The chaos checker reads these next to the database.
 */
export type BotEvent = {
  at: number;
  actor: string;
  userId: string;
  kind: 'book' | 'accept' | 'start' | 'complete' | 'cancel' | 'tip' | 'reconnect';
  outcome: 'ok' | 'fail' | 'info';
  rideId?: string;
  status?: number;
  detail?: string;
};

export type Recorder = (event: BotEvent) => void;

export type Attempt<T> = { kind: 'answer'; status: number; body: T } | { kind: 'none'; error: string };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sends a request until it gets a real answer: a network failure, a timeout or a 5xx (the proxy's 502
 * when the process died, 503 when none is ready) is tried again after a growing pause. Only safe for
 * requests whose repetition is harmless (an Idempotency-Key, a state transition refused the second time).
 */
export async function untilAnswered<T>(
  api: ApiClient,
  method: string,
  path: string,
  body?: unknown,
  headers?: Record<string, string>,
  tries = 4,
): Promise<Attempt<T>> {
  let last: Attempt<T> = { kind: 'none', error: 'not sent' };
  for (let i = 0; i < tries; i += 1) {
    if (i > 0) await sleep(400 * i + Math.random() * 400);
    try {
      const answer = await api.request<T>(method, path, body, headers);
      last = { kind: 'answer', status: answer.status, body: answer.body };
      if (answer.status < 500) return last;
    } catch (error) {
      last = { kind: 'none', error: error instanceof Error ? error.message : String(error) };
    }
  }
  return last;
}

/** How an attempt goes into the history: `ok` when it succeeded, `fail` when the server refused it (an answer under 500), `info` otherwise (no answer or a 5xx: it may have happened). */
export function outcomeOf(attempt: Attempt<unknown>, succeeded = false): BotEvent['outcome'] {
  if (succeeded) return 'ok';
  return attempt.kind === 'answer' && attempt.status < 500 ? 'fail' : 'info';
}

/** The HTTP status of an attempt, if it got an answer. */
export function statusOf(attempt: Attempt<unknown>): number | undefined {
  return attempt.kind === 'answer' ? attempt.status : undefined;
}

export function describe(attempt: Attempt<unknown>): string {
  if (attempt.kind === 'none') return attempt.error;
  const body = attempt.body as { error?: string } | undefined;
  return `${attempt.status} ${body?.error ?? ''}`.trim();
}
