import { useEffect, useState } from 'react';
import { secondsLeft } from '../offer-deadline';

/** Ticks four times a second so the shown second changes on time; stops with the component. */
export function useCountdown(deadline: number, startedAt: number): { seconds: number; fraction: number } {
  const [now, setNow] = useState(startedAt);
  useEffect(() => {
    const tick = () => setNow(Date.now());
    const timer = setInterval(tick, 250);
    return () => clearInterval(timer);
  }, []);
  const total = Math.max(1, deadline - startedAt);
  return { seconds: secondsLeft(deadline, now), fraction: Math.min(1, Math.max(0, (deadline - now) / total)) };
}
