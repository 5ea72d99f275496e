/**
 * Counts failed sign-ins per email and per client address in a sliding window. In-process: with
 * several API instances each keeps its own count (the Redis-backed version is future work, see
 * docs/architecture.md).
 */
export class LoginThrottle {
  private readonly failures = new Map<string, number[]>();
  private recordsSinceSweep = 0;

  constructor(
    private readonly maxFailures: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  private recent(key: string): number[] {
    const cutoff = this.now() - this.windowMs;
    const times = (this.failures.get(key) ?? []).filter((t) => t > cutoff);
    if (times.length === 0) this.failures.delete(key);
    else this.failures.set(key, times);
    return times;
  }

  /** Seconds until another attempt is allowed, or 0 when allowed now. */
  retryAfterSeconds(keys: string[]): number {
    let wait = 0;
    for (const key of keys) {
      const times = this.recent(key);
      if (times.length >= this.maxFailures) {
        const oldest = times[times.length - this.maxFailures]!;
        wait = Math.max(wait, Math.ceil((oldest + this.windowMs - this.now()) / 1000));
      }
    }
    return wait;
  }

  recordFailure(keys: string[]): void {
    for (const key of keys) this.failures.set(key, [...this.recent(key), this.now()]);
    // Keys are only trimmed when looked at again: sweep them all now and then so someone trying
    // many different emails cannot grow this map without bound.
    this.recordsSinceSweep += 1;
    if (this.recordsSinceSweep >= 1000) {
      this.recordsSinceSweep = 0;
      for (const key of [...this.failures.keys()]) this.recent(key);
    }
  }

  /** Keys currently holding failures (for tests and metrics). */
  get size(): number {
    return this.failures.size;
  }

  reset(keys: string[]): void {
    for (const key of keys) this.failures.delete(key);
  }
}
