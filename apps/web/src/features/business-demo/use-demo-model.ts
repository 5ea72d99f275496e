import { useMemo, useState } from 'react';
import type { Quintile } from '@coride/domain/community/bonus-pool';
import { tierGoals, type TierGoals } from '@coride/domain/community/performance';
import type { RedemptionOptionId } from '@coride/domain/community/rewards';
import type { ZoneTier } from '@coride/domain/community/zones';
import { communitySample, DEFAULT_REWARD_COUNTS, parseActionCount, type CommunitySample, type RewardCounts } from './community-sample';
import { DEFAULT_DRIVER_INPUTS, driverMetricsFromInputs, earningsTracker, parseDriverField, type EarningsTracker } from './driver-sample';
import { DEFAULT_PRICING_INPUTS, parsePricingField, pricingSample, type PricingField, type PricingResult } from './pricing-sample';
import { buildTerritory, DEFAULT_TERRITORY_INPUTS, parseTerritoryField, sampleCohort, YOU, type Territory, type TerritoryDriver } from './territory-sample';
import { useTripInput } from './trip-input';
import { usePoolSample } from './use-pool-sample';
import { useSampleFields } from './use-sample-fields';
import { WEEKS_PER_MONTH } from '@coride/domain/community/estimates';

const parseRewardField = (_field: keyof RewardCounts, text: string) => parseActionCount(text);
const { tier: defaultZoneTier, ...defaultPricingFields } = DEFAULT_PRICING_INPUTS;

/**
 * Everything the visitor can change on the demo page, kept by the page so it survives switching tabs,
 * and everything computed from it by the domain rules. A result is null while one of its inputs is invalid.
 */
export function useDemoModel() {
  const trip = useTripInput();
  const poolSample = usePoolSample();
  const driverFields = useSampleFields(DEFAULT_DRIVER_INPUTS, parseDriverField);
  const [quintile, setQuintile] = useState<Quintile>(3);
  const territoryFields = useSampleFields(DEFAULT_TERRITORY_INPUTS, parseTerritoryField);
  const pricingFields = useSampleFields<PricingField>(defaultPricingFields, parsePricingField);
  const [zoneTier, setZoneTier] = useState<ZoneTier>(defaultZoneTier);
  const rewardFields = useSampleFields(DEFAULT_REWARD_COUNTS, parseRewardField);
  const [redemption, setRedemption] = useState<RedemptionOptionId>('credit_5');
  const [now] = useState(() => new Date());

  const driverValues = driverFields.values;
  const metrics = useMemo(() => (driverValues ? driverMetricsFromInputs(driverValues) : null), [driverValues]);
  const monthlyRides = driverValues ? Math.round(driverValues.ridesPerWeek * WEEKS_PER_MONTH) : 0;

  const driver = useMemo((): { you: TerritoryDriver; cohort: TerritoryDriver[]; goals: TierGoals; tracker: EarningsTracker | null } | null => {
    if (!metrics || !driverValues) return null;
    const cohort = sampleCohort({ metrics, monthlyRides });
    const you = cohort.find((member) => member.id === YOU)!;
    const goals = tierGoals(metrics, you.topFraction);
    const tracker = trip.fare
      ? earningsTracker({
          fare: trip.fare,
          ridesPerWeek: driverValues.ridesPerWeek,
          hoursPerWeek: driverValues.hoursPerWeek,
          tier: you.tier,
          metrics,
          quintile,
        })
      : null;
    return { you, cohort, goals, tracker };
  }, [metrics, driverValues, monthlyRides, trip.fare, quintile]);

  const territoryValues = territoryFields.values;
  const retentionError = territoryValues !== null && territoryValues.stillActive > territoryValues.activeAtStart;
  const territory = useMemo((): Territory | null => {
    if (!trip.fare || !territoryValues || retentionError) return null;
    return buildTerritory({ you: metrics ? { metrics, monthlyRides } : null, fare: trip.fare, inputs: territoryValues });
  }, [trip.fare, territoryValues, retentionError, metrics, monthlyRides]);

  const pricingValues = pricingFields.values;
  const pricing = useMemo((): PricingResult | null => {
    if (trip.miles === null || trip.minutes === null || !pricingValues) return null;
    return pricingSample({ miles: trip.miles, minutes: trip.minutes, inputs: { ...pricingValues, tier: zoneTier }, now });
  }, [trip.miles, trip.minutes, pricingValues, zoneTier, now]);

  const rewardValues = rewardFields.values;
  const community = useMemo((): CommunitySample | null => {
    if (!trip.fare || !rewardValues) return null;
    return communitySample({ counts: rewardValues, option: redemption, fare: trip.fare });
  }, [trip.fare, rewardValues, redemption]);

  return {
    trip,
    poolSample,
    driverFields,
    quintile,
    setQuintile,
    metrics,
    driver,
    territoryFields,
    retentionError,
    territory,
    pricingFields,
    zoneTier,
    setZoneTier,
    pricing,
    rewardFields,
    redemption,
    setRedemption,
    community,
  };
}

export type DemoModel = ReturnType<typeof useDemoModel>;
