/**
 * What the dispatcher tells an observer (the metrics) as offers come and go. A port, so the
 * dispatcher knows nothing of Prometheus; the default does nothing.
 */
export type DispatchEvents = {
  /** A batch of `count` offers went out; `firstAfterMs` is set when they are the ride's first (booking -> first offer). */
  offersMade(count: number, firstAfterMs: number | undefined): void;
  offerAccepted(): void;
  offersExpired(count: number): void;
};

export const ignoreDispatchEvents: DispatchEvents = {
  offersMade: () => undefined,
  offerAccepted: () => undefined,
  offersExpired: () => undefined,
};
