import { useMemo, useState } from 'react';
import { quoteFareExample, type FareExample } from './fare-example';

export const MAX_MILES = 500;
export const MAX_MINUTES = 1440;
export const MAX_TIP_DOLLARS = 500;

/** Spec: estimated minutes = 2.5 × miles. */
export const MINUTES_PER_MILE = 2.5;

const DEFAULT_MILES = 5;

/** A field's text parsed as a number in [0, max], or null when it is empty or out of range. */
export function parseTripNumber(text: string, max: number): number | null {
  if (text.trim() === '') return null;
  const value = Number(text);
  return Number.isFinite(value) && value >= 0 && value <= max ? value : null;
}

/** A tip in dollars as whole cents (an empty field is no tip), or null when invalid or finer than a cent. */
export function parseTipCents(text: string): number | null {
  if (text.trim() === '') return 0;
  const dollars = parseTripNumber(text, MAX_TIP_DOLLARS);
  if (dollars === null) return null;
  const cents = Math.round(dollars * 100);
  return Math.abs(cents - dollars * 100) < 1e-6 ? cents : null;
}

export type TripInput = {
  milesText: string;
  minutesText: string;
  tipText: string;
  miles: number | null;
  minutes: number | null;
  tipCents: number | null;
  setMilesText: (text: string) => void;
  setMinutesText: (text: string) => void;
  setTipText: (text: string) => void;
  /** The fare for the trip, or null while an input is invalid. */
  fare: FareExample | null;
};

/** The demo's one trip, shared by every tab that shows a fare. */
export function useTripInput(): TripInput {
  const [milesText, setMilesText] = useState(String(DEFAULT_MILES));
  const [minutesText, setMinutesText] = useState(String(DEFAULT_MILES * MINUTES_PER_MILE));
  const [tipText, setTipText] = useState('0');
  const miles = parseTripNumber(milesText, MAX_MILES);
  const minutes = parseTripNumber(minutesText, MAX_MINUTES);
  const tipCents = parseTipCents(tipText);
  const fare = useMemo(
    () => (miles !== null && minutes !== null && tipCents !== null ? quoteFareExample({ miles, minutes, tipCents }) : null),
    [miles, minutes, tipCents],
  );
  return { milesText, minutesText, tipText, miles, minutes, tipCents, setMilesText, setMinutesText, setTipText, fare };
}
