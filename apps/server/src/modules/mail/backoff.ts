/** The first retry comes after about this long; each further one waits about twice as long. */
export const FIRST_RETRY_MS = 30_000;
/** No retry waits longer than this (a mail server down for a day is tried about every hour). */
export const MAX_RETRY_MS = 3_600_000;

/**
 * How long to wait after the `attempts`-th failed attempt: 30 s, 1 min, 2 min … up to 1 h, each
 * between half and the whole of that bound ("equal jitter"), so the mails a failing server refused
 * together do not all come back at the same instant, and no retry comes sooner than half its bound.
 */
export function retryDelayMs(attempts: number, random: () => number = Math.random): number {
  const bound = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, Math.min(attempts - 1, 30)));
  return Math.round(bound / 2 + random() * (bound / 2));
}
