/** Reports a failure that was handled (a fallback answered, a write was dropped): `message` says what it cost. */
export type Warn = (error: unknown, message: string) => void;

/** Ignores the failure (tests, and stores built without a logger). */
export const ignoreWarnings: Warn = () => undefined;

/**
 * A warning logged at most once per `everyMs` for each message, with the number of times it was left
 * out since the last line: a dependency down for a minute under load (Redis, hit on every request and
 * every location) writes a line every few seconds, not thousands. Messages are a fixed set of texts.
 */
/** What it needs of a logger (Fastify's, pino's). */
export type WarnLogger = { warn(fields: Record<string, unknown>, message: string): void };

export function rateLimitedWarn(log: WarnLogger, everyMs = 10_000, now: () => number = Date.now): Warn {
  const seen = new Map<string, { loggedAt: number; skipped: number }>();
  return (error, message) => {
    const at = now();
    const last = seen.get(message);
    if (last && at - last.loggedAt < everyMs) {
      last.skipped += 1;
      return;
    }
    log.warn({ err: error, ...(last && last.skipped > 0 ? { skipped: last.skipped } : {}) }, message);
    seen.set(message, { loggedAt: at, skipped: 0 });
  };
}
