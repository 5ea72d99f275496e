/**
 * When a realtime client (the web app, the simulator's bots) reconnects its WebSocket. Thousands of
 * clients lose their socket at the same moment when a process stops or fails; waiting a fixed time
 * would bring them all back in the same instant and knock over the processes that remain. So each
 * waits a random time ("full jitter": uniform between 0 and an exponentially growing bound).
 */

/** RFC 6455 1012 "Service Restart": the process is shutting down on purpose (SIGTERM); another one takes over. */
export const CLOSE_SERVICE_RESTART = 1012;
/** The close reason sent with CLOSE_SERVICE_RESTART: a hint for people reading logs; clients act on the code. */
export const SERVICE_RESTART_REASON = 'service restart: reconnect';

/** The bound of the first retry; it doubles with each failed attempt, up to RECONNECT_CAP_MS. */
export const RECONNECT_BASE_MS = 1000;
export const RECONNECT_CAP_MS = 30_000;
/** After a 1012 the other processes are up already: reconnect soon, spread over this window. */
export const RESTART_RECONNECT_SPREAD_MS = 3000;

/** A number in [0, 1), as Math.random gives; injected by tests. */
export type RandomSource = () => number;

/**
 * The wait before reconnect attempt `attempt` (1 for the first retry after a failure): a uniform
 * random time in [0, min(capMs, baseMs * 2^(attempt - 1))).
 */
export function reconnectDelayMs(attempt: number, random: RandomSource = Math.random, baseMs = RECONNECT_BASE_MS, capMs = RECONNECT_CAP_MS): number {
  const exponent = Math.max(0, Math.floor(attempt) - 1);
  // 2^exponent overflows to Infinity long after the cap; min() keeps it finite.
  const bound = Math.min(capMs, baseMs * 2 ** exponent);
  return Math.floor(random() * bound);
}

/** The wait after the server closed the socket with CLOSE_SERVICE_RESTART: soon, but not all at once. */
export function restartReconnectDelayMs(random: RandomSource = Math.random): number {
  return Math.floor(random() * RESTART_RECONNECT_SPREAD_MS);
}
