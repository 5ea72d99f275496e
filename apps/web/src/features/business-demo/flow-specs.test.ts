import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runBonusPool } from '@coride/domain/community/bonus-pool';
import { communitySample, DEFAULT_REWARD_COUNTS } from './community-sample';
import { quoteFareExample } from './fare-example';
import { layoutFlow, type FlowSpec } from './flow-layout';
import { bonusSystemFlow, communityFlow, driverPathFlow, flowIds, pricingLogicFlow, riderRewardsFlow, territoryFlow } from './flow-specs';
import { DEFAULT_POOL_SAMPLE, poolInputFromSample } from './pool-sample';
import { DEFAULT_PRICING_INPUTS, pricingSample } from './pricing-sample';
import { buildTerritory, DEFAULT_TERRITORY_INPUTS } from './territory-sample';

const fare = quoteFareExample({ miles: 5, minutes: 12.5 });
const run = runBonusPool(poolInputFromSample(DEFAULT_POOL_SAMPLE));
const community = communitySample({ counts: DEFAULT_REWARD_COUNTS, option: 'credit_5', fare });
const territory = buildTerritory({ you: null, fare, inputs: DEFAULT_TERRITORY_INPUTS });
const pricing = pricingSample({ miles: 5, minutes: 12.5, inputs: DEFAULT_PRICING_INPUTS, now: new Date('2026-03-10T12:00:00Z') });
const specs: FlowSpec[] = [
  driverPathFlow('Gold'),
  bonusSystemFlow(run),
  riderRewardsFlow(community, fare),
  territoryFlow(territory, 8, pricing),
  pricingLogicFlow(pricing),
  communityFlow(territory, community),
];
const value = (spec: FlowSpec, id: string) => spec.nodes.find((n) => n.id === id)!.value!.amount;

const here = path.dirname(fileURLToPath(import.meta.url));
const english = JSON.parse(fs.readFileSync(path.join(here, '../../locales/en/demo.json'), 'utf8')) as {
  flows: Record<string, { title?: string; nodes?: Record<string, { title: string; detail: string }> }>;
};

describe('flow specs', () => {
  it('covers the seven flows of the spec (fare flow has its own drawing)', () => {
    expect(flowIds).toHaveLength(7);
    expect(specs.map((s) => s.id).sort()).toEqual(flowIds.filter((id) => id !== 'fareFlow').sort());
  });

  it('lays out every diagram, and every box has a translated title and detail', () => {
    for (const spec of specs) {
      expect(() => layoutFlow(spec)).not.toThrow();
      expect(english.flows[spec.id]?.title, spec.id).toBeTruthy();
      for (const node of spec.nodes) {
        expect(english.flows[spec.id]?.nodes?.[node.id]?.title, `${spec.id}.${node.id}`).toBeTruthy();
        expect(english.flows[spec.id]?.nodes?.[node.id]?.detail, `${spec.id}.${node.id}`).toBeTruthy();
      }
    }
  });

  it('highlights the driver tier and shows each tier streak bonus', () => {
    const spec = driverPathFlow('Silver');
    expect(spec.nodes.filter((n) => n.tone === 'highlight').map((n) => n.id)).toEqual(['Silver']);
    expect(spec.nodes.map((n) => n.value?.amount ?? null)).toEqual([null, 0, 100, 150, 200, 300]);
  });

  it('draws the pool money that adds up: contributions → pool → guarantees + bonuses + surplus', () => {
    const spec = bonusSystemFlow(run);
    expect(value(spec, 'ride') + value(spec, 'licensee') + value(spec, 'platform')).toBe(run.funding.total);
    expect(value(spec, 'pool')).toBe(run.available);
    expect(value(spec, 'guarantees') + value(spec, 'bonuses')).toBe(value(spec, 'drivers'));
    expect(value(spec, 'drivers') + value(spec, 'surplus')).toBe(value(spec, 'pool'));
  });

  it('shows the current figures: rewards, pricing, territory and community', () => {
    const rewards = riderRewardsFlow(community, fare);
    expect([value(rewards, 'reviews'), value(rewards, 'reports'), value(rewards, 'referrals'), value(rewards, 'balance')]).toEqual([39, 26, 50, 115]);
    expect([value(rewards, 'riderPays'), value(rewards, 'driverGets')]).toEqual([824, 1250]);
    const logic = pricingLogicFlow(pricing);
    expect(value(logic, 'subtotal') + value(logic, 'fees')).toBe(value(logic, 'total'));
    expect(value(logic, 'total')).toBe(pricing.live.fare.totalFare);
    const terr = territoryFlow(territory, 8, pricing);
    expect([value(terr, 'licensee'), value(terr, 'commission'), value(terr, 'health')]).toEqual([100_000, territory.money.licensee, 93.2]);
    const comm = communityFlow(territory, community);
    expect(value(comm, 'initiatives')).toBe(territory.money.globalCsr + territory.money.localCsr);
    expect(value(comm, 'champions')).toBe(5000 + 3 * 2000 + 2000);
  });
});
