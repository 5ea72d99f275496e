import { useMemo, useState } from 'react';
import { runBonusPool, type MonthlyIncome, type PoolRun } from '@coride/domain/community/bonus-pool';
import type { DriverTier } from '@coride/domain/community/performance';
import {
  DEFAULT_POOL_SAMPLE,
  MAX_DRIVERS,
  MAX_MONTHLY_DOLLARS,
  MAX_MONTHLY_HOURS,
  MAX_RESERVE_DOLLARS,
  MAX_STREAKS,
  parseSampleNumber,
  poolInputFromSample,
  type PoolSample,
} from './pool-sample';

export type GroupTexts = { tier: DriverTier; earnings: string; hours: string; streaks: string };
export type PoolSampleTexts = { drivers: string; acceptance: string; reserve: string; groups: GroupTexts[] };
export type GroupField = Exclude<keyof GroupTexts, 'tier'>;

const initialTexts: PoolSampleTexts = {
  drivers: String(DEFAULT_POOL_SAMPLE.drivers),
  acceptance: String(DEFAULT_POOL_SAMPLE.acceptanceRate),
  reserve: String(DEFAULT_POOL_SAMPLE.reserveDollars),
  groups: DEFAULT_POOL_SAMPLE.groups.map((group) => ({
    tier: group.tier,
    earnings: String(group.earningsDollars),
    hours: String(group.onlineHours),
    streaks: String(group.streaks),
  })),
};

/** Each field's limit: [max, whole number only]. */
export const FIELD_LIMITS = {
  drivers: [MAX_DRIVERS, true],
  acceptance: [100, false],
  reserve: [MAX_RESERVE_DOLLARS, false],
  earnings: [MAX_MONTHLY_DOLLARS, false],
  hours: [MAX_MONTHLY_HOURS, false],
  streaks: [MAX_STREAKS, true],
} as const;

const parse = (text: string, field: keyof typeof FIELD_LIMITS) => parseSampleNumber(text, FIELD_LIMITS[field][0], FIELD_LIMITS[field][1]);

export type PoolSampleState = {
  texts: PoolSampleTexts;
  setTop: (field: 'drivers' | 'acceptance' | 'reserve', text: string) => void;
  setGroup: (group: number, field: GroupField, text: string) => void;
  setTier: (group: number, tier: DriverTier) => void;
  isValid: (field: keyof typeof FIELD_LIMITS, text: string) => boolean;
  /** The month's pool for the sample and the income it was funded from, or null while a field is invalid. */
  result: { run: PoolRun; income: MonthlyIncome } | null;
};

/** The guarantees tab's sample territory, kept by the page so it survives switching tabs. */
export function usePoolSample(): PoolSampleState {
  const [texts, setTexts] = useState(initialTexts);
  const result = useMemo(() => {
    const drivers = parse(texts.drivers, 'drivers');
    const acceptanceRate = parse(texts.acceptance, 'acceptance');
    const reserveDollars = parse(texts.reserve, 'reserve');
    const groups = texts.groups.map((group) => ({
      tier: group.tier,
      earningsDollars: parse(group.earnings, 'earnings'),
      onlineHours: parse(group.hours, 'hours'),
      streaks: parse(group.streaks, 'streaks'),
    }));
    if (drivers === null || acceptanceRate === null || reserveDollars === null) return null;
    if (groups.some((group) => group.earningsDollars === null || group.onlineHours === null || group.streaks === null)) return null;
    const sample: PoolSample = { drivers, acceptanceRate, reserveDollars, groups: groups as PoolSample['groups'] };
    const input = poolInputFromSample(sample);
    return { run: runBonusPool(input), income: input.income };
  }, [texts]);
  return {
    texts,
    setTop: (field, text) => setTexts((current) => ({ ...current, [field]: text })),
    setGroup: (group, field, text) =>
      setTexts((current) => ({ ...current, groups: current.groups.map((g, i) => (i === group ? { ...g, [field]: text } : g)) })),
    setTier: (group, tier) => setTexts((current) => ({ ...current, groups: current.groups.map((g, i) => (i === group ? { ...g, tier } : g)) })),
    isValid: (field, text) => parse(text, field) !== null,
    result,
  };
}
