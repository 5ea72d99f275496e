/**
 * The seven flow diagrams as data: which boxes, where, linked how, and the figures they show. Every
 * figure comes from a domain computation the caller already made for the current inputs.
 */
import { LICENSEE_CONTRIBUTION_BP, PLATFORM_CONTRIBUTION_BP, RIDE_CONTRIBUTION_TOTAL_BP, type PoolRun } from '@coride/domain/community/bonus-pool';
import { driverTiers, MIN_RIDES_FOR_TIER, TIER_REQUIREMENTS, TIER_RULES, type DriverTier } from '@coride/domain/community/performance';
import { REWARD_POINTS } from '@coride/domain/community/rewards';
import { FEE_SHARES_BP } from '@coride/domain/money';
import type { CommunitySample } from './community-sample';
import type { FareExample } from './fare-example';
import type { FlowNodeSpec, FlowSpec } from './flow-layout';
import { PRICING } from '@coride/domain/pricing';
import { DEMAND_MULTIPLIER_MAX, DEMAND_MULTIPLIER_MIN, MAX_RATE_ADJUSTMENT_PERCENT, RATE_CHANGE_NOTICE_DAYS } from '@coride/domain/community/zones';
import type { PricingResult } from './pricing-sample';
import type { Territory } from './territory-sample';

export const flowIds = ['driverPath', 'fareFlow', 'bonusSystem', 'riderRewards', 'territory', 'pricingLogic', 'community'] as const;
export type FlowId = (typeof flowIds)[number];

const cents = (amount: number) => ({ kind: 'cents', amount }) as const;
const points = (amount: number) => ({ kind: 'points', amount }) as const;
const percent = (amount: number) => ({ kind: 'percent', amount }) as const;
const multiplier = (amount: number) => ({ kind: 'multiplier', amount }) as const;
const number = (amount: number) => ({ kind: 'number', amount }) as const;

/** The path from application to Platinum, a snake over two rows; the driver's tier is highlighted. */
export function driverPathFlow(tier: DriverTier): FlowSpec {
  const place: Record<DriverTier | 'apply', [number, number]> = {
    apply: [0, 0],
    Probationary: [1, 0],
    Bronze: [2, 0],
    Silver: [2, 1],
    Gold: [1, 1],
    Platinum: [0, 1],
  };
  const nodes: FlowNodeSpec[] = [
    { id: 'apply', column: 0, row: 0, tone: 'source' },
    ...driverTiers.map((t): FlowNodeSpec => {
      const [column, row] = place[t];
      const requirement: FlowNodeSpec['params'] =
        t === 'Probationary'
          ? { rides: number(MIN_RIDES_FOR_TIER) }
          : { rating: number(TIER_REQUIREMENTS[t].customerRating), acceptance: percent(TIER_REQUIREMENTS[t].acceptanceRate / 100) };
      return {
        id: t,
        column,
        row,
        tone: t === tier ? ('highlight' as const) : ('hub' as const),
        value: cents(TIER_RULES[t].streakBonusCents),
        params: requirement,
      };
    }),
  ];
  const edges = [
    { from: 'apply', to: 'Probationary' },
    ...driverTiers.slice(1).map((t, i) => ({ from: driverTiers[i]!, to: t, emphasis: driverTiers[i] === tier })),
  ];
  return { id: 'driverPath', nodes, edges };
}

/** The month's pool: three contributions in, guarantees first, then bonuses, the rest carried over. */
export function bonusSystemFlow(run: PoolRun): FlowSpec {
  const paid = run.drivers.reduce((sum, d) => ({ guarantee: sum.guarantee + d.paid.guarantee, bonus: sum.bonus + d.paid.streak + d.paid.performance }), {
    guarantee: 0,
    bonus: 0,
  });
  return {
    id: 'bonusSystem',
    nodes: [
      {
        id: 'ride',
        column: 0,
        row: 0,
        tone: 'source',
        value: cents(run.funding.rideContribution),
        params: { percent: percent(RIDE_CONTRIBUTION_TOTAL_BP / 10_000) },
      },
      {
        id: 'licensee',
        column: 0,
        row: 1,
        tone: 'source',
        value: cents(run.funding.licenseeContribution),
        params: { percent: percent(LICENSEE_CONTRIBUTION_BP / 10_000) },
      },
      {
        id: 'platform',
        column: 0,
        row: 2,
        tone: 'source',
        value: cents(run.funding.platformContribution),
        params: { percent: percent(PLATFORM_CONTRIBUTION_BP / 10_000) },
      },
      { id: 'pool', column: 1, row: 1, tone: 'hub', value: cents(run.available), params: { reserve: cents(run.reserveIn) } },
      { id: 'guarantees', column: 2, row: 0, tone: 'sink', value: cents(paid.guarantee) },
      { id: 'bonuses', column: 2, row: 1, tone: 'sink', value: cents(paid.bonus) },
      { id: 'surplus', column: 2, row: 2, tone: 'muted', value: cents(run.surplus) },
      { id: 'drivers', column: 3, row: 0.5, tone: 'highlight', value: cents(run.paidOut) },
    ],
    edges: [
      { from: 'ride', to: 'pool' },
      { from: 'licensee', to: 'pool' },
      { from: 'platform', to: 'pool' },
      { from: 'pool', to: 'guarantees', emphasis: true },
      { from: 'pool', to: 'bonuses' },
      { from: 'pool', to: 'surplus', dashed: true },
      { from: 'guarantees', to: 'drivers', emphasis: true },
      { from: 'bonuses', to: 'drivers' },
    ],
  };
}

/** Rider actions earn points; points buy rewards; a credit lowers the fare and the driver still gets it all. */
export function riderRewardsFlow(sample: CommunitySample, fare: FareExample): FlowSpec {
  const pointsOf = (...actions: string[]) => sample.points.byAction.filter((row) => actions.includes(row.action)).reduce((sum, row) => sum + row.points, 0);
  const spent = sample.redemption.ok ? sample.redemption.pointsSpent : 0;
  const credit = sample.credited?.creditApplied ?? 0;
  return {
    id: 'riderRewards',
    nodes: [
      {
        id: 'reviews',
        column: 0,
        row: 0,
        tone: 'source',
        value: points(pointsOf('rate_driver', 'detailed_review')),
        params: { rate: number(REWARD_POINTS.rate_driver), review: number(REWARD_POINTS.detailed_review) },
      },
      {
        id: 'reports',
        column: 0,
        row: 1,
        tone: 'source',
        value: points(pointsOf('route_suggestion', 'safety_report', 'community_feedback')),
        params: {
          route: number(REWARD_POINTS.route_suggestion),
          safety: number(REWARD_POINTS.safety_report),
          feedback: number(REWARD_POINTS.community_feedback),
        },
      },
      { id: 'referrals', column: 0, row: 2, tone: 'source', value: points(pointsOf('referral')), params: { points: number(REWARD_POINTS.referral) } },
      { id: 'balance', column: 1, row: 1, tone: 'hub', value: points(sample.points.total) },
      { id: 'redeem', column: 2, row: 0, tone: 'sink', value: points(spent) },
      { id: 'champions', column: 2, row: 2, tone: 'sink', value: number(sample.yourRank?.rank ?? 0) },
      {
        id: 'riderPays',
        column: 3,
        row: 0,
        tone: 'highlight',
        value: cents(sample.credited ? sample.credited.riderPays : fare.totalFare),
        params: { credit: cents(credit) },
      },
      { id: 'driverGets', column: 3, row: 1, tone: 'highlight', value: cents(sample.credited ? sample.credited.split.driver : fare.split.driver - fare.tip) },
    ],
    edges: [
      { from: 'reviews', to: 'balance' },
      { from: 'reports', to: 'balance' },
      { from: 'referrals', to: 'balance' },
      { from: 'balance', to: 'redeem', emphasis: true },
      { from: 'balance', to: 'champions', dashed: true },
      { from: 'redeem', to: 'riderPays', emphasis: true },
      { from: 'riderPays', to: 'driverGets' },
    ],
  };
}

/** A licensee's territory: the fee, the zones and their rates, the drivers and their tiers, health and commission. */
export function territoryFlow(territory: Territory, zipCodes: number, pricing: PricingResult): FlowSpec {
  const ranked = territory.drivers.length - territory.tierCounts.Probationary;
  return {
    id: 'territory',
    nodes: [
      { id: 'licensee', column: 0, row: 1, tone: 'source', value: cents(territory.licenseFee) },
      { id: 'territory', column: 1, row: 1, tone: 'hub', value: number(zipCodes) },
      { id: 'zones', column: 2, row: 0, tone: 'hub', value: number(pricing.zones.length) },
      { id: 'drivers', column: 2, row: 1, tone: 'hub', value: number(territory.drivers.length), params: { ranked: number(ranked) } },
      { id: 'rides', column: 2, row: 2, tone: 'hub', value: number(territory.rides) },
      {
        id: 'adjustment',
        column: 3,
        row: 0,
        tone: 'sink',
        value: percent(pricing.adjustmentInForce / 100),
        params: { max: percent(MAX_RATE_ADJUSTMENT_PERCENT / 100) },
      },
      { id: 'health', column: 3, row: 1, tone: 'sink', value: number(territory.health.score) },
      {
        id: 'commission',
        column: 3,
        row: 2,
        tone: 'highlight',
        value: cents(territory.money.licensee),
        params: { percent: percent(FEE_SHARES_BP.licensee / 10_000) },
      },
    ],
    edges: [
      { from: 'licensee', to: 'territory', emphasis: true },
      { from: 'territory', to: 'zones' },
      { from: 'territory', to: 'drivers' },
      { from: 'territory', to: 'rides' },
      { from: 'zones', to: 'adjustment' },
      { from: 'drivers', to: 'health' },
      { from: 'rides', to: 'commission', emphasis: true },
    ],
  };
}

/** How a quote is made: zone factor × live multiplier × licensee adjustment, then 6% fees on top. */
export function pricingLogicFlow(pricing: PricingResult): FlowSpec {
  const { fare } = pricing.live;
  return {
    id: 'pricingLogic',
    nodes: [
      {
        id: 'zone',
        column: 0,
        row: 0,
        tone: 'source',
        value: multiplier(pricing.zones.find((z) => z.tier === pricing.live.tier)!.factor),
        params: { tier: number(pricing.live.tier) },
      },
      {
        id: 'demand',
        column: 0,
        row: 1,
        tone: 'source',
        value: multiplier(pricing.live.multiplier),
        params: { min: multiplier(DEMAND_MULTIPLIER_MIN), max: multiplier(DEMAND_MULTIPLIER_MAX) },
      },
      {
        id: 'adjustment',
        column: 0,
        row: 2,
        tone: 'source',
        value: percent(pricing.adjustmentInForce / 100),
        params: { days: number(RATE_CHANGE_NOTICE_DAYS) },
      },
      { id: 'subtotal', column: 1, row: 1, tone: 'hub', value: cents(fare.subtotal), params: { factor: multiplier(pricing.live.quoteMultiplier) } },
      {
        id: 'fees',
        column: 2,
        row: 0,
        tone: 'sink',
        value: cents(fare.platformFee + fare.adminFee),
        params: { platform: percent(PRICING.platformFeeRate), admin: percent(PRICING.adminFeeRate) },
      },
      { id: 'driver', column: 2, row: 2, tone: 'highlight', value: cents(fare.subtotal) },
      { id: 'total', column: 3, row: 1, tone: 'highlight', value: cents(fare.totalFare) },
    ],
    edges: [
      { from: 'zone', to: 'subtotal' },
      { from: 'demand', to: 'subtotal' },
      { from: 'adjustment', to: 'subtotal' },
      { from: 'subtotal', to: 'fees' },
      { from: 'subtotal', to: 'driver', emphasis: true },
      { from: 'fees', to: 'total' },
      { from: 'driver', to: 'total', emphasis: true },
    ],
  };
}

/** The community money of a month: the CSR funds from every fare, riders' points and the champions' prizes. */
export function communityFlow(territory: Territory, sample: CommunitySample): FlowSpec {
  const prizes = sample.champions.reduce((sum, c) => sum + c.prizeCents, 0);
  return {
    id: 'community',
    nodes: [
      { id: 'fares', column: 0, row: 1, tone: 'source', value: cents(territory.paid) },
      {
        id: 'globalCsr',
        column: 1,
        row: 0,
        tone: 'hub',
        value: cents(territory.money.globalCsr),
        params: { percent: percent(FEE_SHARES_BP.globalCsr / 10_000) },
      },
      { id: 'localCsr', column: 1, row: 1, tone: 'hub', value: cents(territory.money.localCsr), params: { percent: percent(FEE_SHARES_BP.localCsr / 10_000) } },
      { id: 'riders', column: 1, row: 2, tone: 'hub', value: points(sample.points.total) },
      { id: 'initiatives', column: 2, row: 0.5, tone: 'sink', value: cents(territory.money.globalCsr + territory.money.localCsr) },
      { id: 'champions', column: 2, row: 2, tone: 'sink', value: cents(prizes), params: { count: number(sample.champions.length) } },
      { id: 'report', column: 3, row: 1, tone: 'highlight', value: number(territory.health.score) },
    ],
    edges: [
      { from: 'fares', to: 'globalCsr' },
      { from: 'fares', to: 'localCsr', emphasis: true },
      { from: 'globalCsr', to: 'initiatives' },
      { from: 'localCsr', to: 'initiatives', emphasis: true },
      { from: 'riders', to: 'champions' },
      { from: 'initiatives', to: 'report' },
      { from: 'champions', to: 'report', dashed: true },
    ],
  };
}
