/** The server's default offer window (OFFER_TIMEOUT_SECONDS), used only when the clocks disagree. */
export const FALLBACK_OFFER_MS = 15_000;
/** No offer window is this long; a deadline further away means this device's clock is behind. */
export const MAX_OFFER_MS = 2 * 60_000;

/**
 * When an offer closes, on this device's clock. `expiresAt` is the server's time; if the device's
 * clock is so far off that a just-received offer looks already expired (or minutes away), the card
 * counts down the default window from receipt instead, and the server's offer_withdrawn
 * still has the last word.
 */
export function offerDeadline(expiresAt: string, receivedAt: number): number {
  const deadline = Date.parse(expiresAt);
  const remaining = deadline - receivedAt;
  if (Number.isNaN(deadline) || remaining <= 0 || remaining > MAX_OFFER_MS) return receivedAt + FALLBACK_OFFER_MS;
  return deadline;
}

/** Whole seconds left, never negative: 14.2 s shows as 15 until it has fully passed. */
export function secondsLeft(deadline: number, now: number): number {
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}
