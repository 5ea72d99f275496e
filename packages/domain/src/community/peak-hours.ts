/**
 * Peak hours: when the tier's peak-hour minimum applies (spec §9 "Driver tiers"). The spec names the
 * minimum but not the hours; ours, in the territory's local time: weekday rush hours 07:00-10:00 and
 * 16:00-19:00, and Friday and Saturday nights from 21:00 to 02:00. docs/community-economics.md §2.
 */

const QUARTER_HOUR_MS = 15 * 60_000;
const weekdays = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

/** The time zone peak hours are read in when none is configured: the demo world's. */
export const DEFAULT_PEAK_TIME_ZONE = 'America/New_York';

/** Whether a local weekday (0 = Sunday) and hour (0-23) are peak. */
export function isPeakLocalHour(weekday: number, hour: number): boolean {
  const isWeekday = weekday >= 1 && weekday <= 5;
  if (isWeekday && ((hour >= 7 && hour < 10) || (hour >= 16 && hour < 19))) return true;
  // Friday and Saturday nights, until 02:00 on Saturday and Sunday.
  if ((weekday === 5 || weekday === 6) && hour >= 21) return true;
  return (weekday === 6 || weekday === 0) && hour < 2;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short', hour: 'numeric', hourCycle: 'h23' });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Whether an instant is in peak hours in the given IANA time zone (throws RangeError for an unknown zone). */
export function isPeakTime(at: Date, timeZone: string = DEFAULT_PEAK_TIME_ZONE): boolean {
  const parts = formatterOf(timeZone).formatToParts(at);
  const weekday = weekdays.indexOf(parts.find((p) => p.type === 'weekday')!.value as (typeof weekdays)[number]);
  const hour = Number(parts.find((p) => p.type === 'hour')!.value);
  return isPeakLocalHour(weekday, hour);
}

/**
 * The peak part of [start, end), in hours. Every time zone's offset is a multiple of 15 minutes, so
 * the interval is read in pieces that end on quarter hours: each piece is all peak or not at all.
 */
export function peakHoursBetween(start: Date, end: Date, timeZone: string = DEFAULT_PEAK_TIME_ZONE): number {
  let peakMs = 0;
  let t = start.getTime();
  const stop = end.getTime();
  while (t < stop) {
    const next = Math.min(stop, (Math.floor(t / QUARTER_HOUR_MS) + 1) * QUARTER_HOUR_MS);
    if (isPeakTime(new Date(t), timeZone)) peakMs += next - t;
    t = next;
  }
  return peakMs / 3_600_000;
}
