import { useMemo, useState } from 'react';
import { quoteFareExample, type FareExample } from './fare-example';

export const MAX_MILES = 500;
export const MAX_MINUTES = 1440;

/** Spec: estimated minutes = 2.5 × miles. */
export const MINUTES_PER_MILE = 2.5;

const DEFAULT_MILES = 5;

/** A field's text parsed as a number in [0, max], or null when it is empty or out of range. */
export function parseTripNumber(text: string, max: number): number | null {
  if (text.trim() === '') return null;
  const value = Number(text);
  return Number.isFinite(value) && value >= 0 && value <= max ? value : null;
}

export type TripInput = {
  milesText: string;
  minutesText: string;
  miles: number | null;
  minutes: number | null;
  setMilesText: (text: string) => void;
  setMinutesText: (text: string) => void;
  /** The fare for the trip, or null while an input is invalid. */
  fare: FareExample | null;
};

/** The demo's one trip, shared by the calculator and the fare-flow diagram. */
export function useTripInput(): TripInput {
  const [milesText, setMilesText] = useState(String(DEFAULT_MILES));
  const [minutesText, setMinutesText] = useState(String(DEFAULT_MILES * MINUTES_PER_MILE));
  const miles = parseTripNumber(milesText, MAX_MILES);
  const minutes = parseTripNumber(minutesText, MAX_MINUTES);
  const fare = useMemo(() => (miles !== null && minutes !== null ? quoteFareExample({ miles, minutes }) : null), [miles, minutes]);
  return { milesText, minutesText, miles, minutes, setMilesText, setMinutesText, fare };
}
