/**
 * Hours online today as the console shows them: the seconds the server counted from the stored
 * sessions when the profile was read (`readAt`, ms), plus the time since then while still online.
 * Never an estimate from rides.
 */
export function onlineHoursNow(onlineSeconds: number, isOnline: boolean, readAt: number, now: number): number {
  const since = isOnline ? Math.max(0, now - readAt) / 1000 : 0;
  return (onlineSeconds + since) / 3600;
}
