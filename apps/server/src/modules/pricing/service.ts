import {
  adjustmentEffectiveAt,
  adjustmentStatus,
  currentMultiplier,
  DEMAND_MULTIPLIER_MAX,
  DEMAND_MULTIPLIER_MIN,
  demandLevel,
  effectiveAdjustment,
  pendingAdjustment,
  zoneQuoteMultiplier,
  zoneRates,
  ZONE_TIERS,
  type PricingZone,
  type RateAdjustmentProposalView,
  type RateAdjustmentRequest,
  type ZoneTier,
} from '@coride/domain/community/zones';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import type { AuthenticatedUser } from '../accounts/service';
import type { ZipIndex } from '../geo/zip-index';
import type { TerritoryAccess } from '../territories/access';
import * as repo from './repository';

/** The advisory lock key of the zone refresh: one instance refreshes at a time, the others skip that round. */
const ZONE_REFRESH_LOCK = 0x7a6f6e65;
/** Average waits are measured over the last 30 days of accepted rides. */
const WAIT_WINDOW_MS = 30 * 86_400_000;

export type PricingService = ReturnType<typeof createPricingService>;

/** How a quote is priced in its pickup zone (docs/community-economics.md §5). */
export type ZonePricing = {
  zoneTier: ZoneTier;
  /** quoteFare's zoneMultiplier: tier factor × the zone's stored current multiplier. */
  zoneMultiplier: number;
  rateAdjustmentPercent: number;
  rateNotice: { percent: number; effectiveAt: string; justification: string } | null;
};

const asTier = (tier: number): ZoneTier => (tier === 1 || tier === 3 || tier === 4 ? tier : 2);
/** A stored multiplier is written by the refresh within 0.90-1.00; clamped again so a bad row can never surge. */
const clampMultiplier = (value: number) => Math.min(DEMAND_MULTIPLIER_MAX, Math.max(DEMAND_MULTIPLIER_MIN, value));
const toProposal = (row: repo.RateAdjustmentRow) => ({ ...row, announcedAt: row.announcedAt, withdrawnAt: row.withdrawnAt });

function proposalView(row: repo.RateAdjustmentRow, all: readonly repo.RateAdjustmentRow[], at: Date): RateAdjustmentProposalView {
  const sameTerritory = all.filter((p) => p.territoryId === row.territoryId).map(toProposal);
  return {
    id: row.id,
    territoryId: row.territoryId,
    percent: row.percent,
    justification: row.justification,
    ...(row.communityInput ? { communityInput: row.communityInput } : {}),
    announcedAt: row.announcedAt.toISOString(),
    effectiveAt: row.effectiveAt.toISOString(),
    withdrawnAt: row.withdrawnAt?.toISOString() ?? null,
    status: adjustmentStatus(toProposal(row), sameTerritory, at),
  };
}

export function createPricingService(deps: { db: Database; zips: ZipIndex; now: () => Date; access: TerritoryAccess }) {
  const { db, zips, now, access } = deps;
  /** The territory the caller may manage: its licensee or an admin; anybody else gets 404 (it does not exist for them). */
  const manageableTerritory = (user: AuthenticatedUser, territoryId: string) => access.assertTerritoryManageable(user, territoryId);

  return {
    /**
     * Counts open requests and idle drivers per zone and stores each zone's current multiplier
     * (domain currentMultiplier, 0.90-1.00). Reads only the database (driver_presence, rides), so any
     * instance computes the same; an advisory lock lets one instance write per round and the others
     * skip it. Returns the number of zones written, or null when another instance held the lock.
     */
    async refreshZones(): Promise<number | null> {
      const at = now();
      const [open, idle] = await Promise.all([repo.openRequestsByZip(db), repo.idleDriverPositions(db)]);
      const loads = new Map<string, { open: number; idle: number }>();
      const loadOf = (zip: string) => {
        const load = loads.get(zip) ?? { open: 0, idle: 0 };
        loads.set(zip, load);
        return load;
      };
      for (const row of open) loadOf(row.zip).open += row.count;
      for (const position of idle) {
        const zip = zips.locate(position)?.zip;
        if (zip) loadOf(zip).idle += 1;
      }
      const rows = [...loads].map(([zip, load]) => ({ zip, ...load, mult: currentMultiplier({ openRequests: load.open, idleDrivers: load.idle }) }));
      return db.transaction(async (tx) => {
        const lock = await tx.execute(sql`select pg_try_advisory_xact_lock(${ZONE_REFRESH_LOCK}) as locked`);
        const locked = (lock as unknown as { rows: { locked: boolean }[] }).rows[0]?.locked;
        if (!locked) return null;
        return repo.writeZoneLoads(tx, rows, at);
      });
    },

    /** The zone pricing of a pickup: its zone row (tier 2, multiplier 1 without one) and the territory's adjustments at `at`. */
    async pricingFor(territoryId: string, zip: string, at: Date): Promise<ZonePricing> {
      const [zone, proposals] = await Promise.all([repo.findZone(db, zip), repo.proposalsOf(db, [territoryId])]);
      const inZone = zone && zone.territoryId === territoryId ? zone : undefined;
      const tier = asTier(inZone?.tier ?? 2);
      const current = clampMultiplier(inZone?.currentMultiplier ?? 1);
      const pending = pendingAdjustment(proposals.map(toProposal), at);
      return {
        zoneTier: tier,
        zoneMultiplier: zoneQuoteMultiplier(tier, current),
        rateAdjustmentPercent: effectiveAdjustment(proposals.map(toProposal), at).percent,
        rateNotice: pending ? { percent: pending.percent, effectiveAt: pending.effectiveAt.toISOString(), justification: pending.justification } : null,
      };
    },

    /** The pricing map of a territory (by id, or by one of its zip codes): every zone with its rates, load and the pending notice. */
    async zones(query: { territoryId?: string | undefined; zip?: string | undefined }) {
      let territoryId = query.territoryId;
      if (!territoryId && query.zip) territoryId = (await repo.findZone(db, query.zip))?.territoryId;
      const territory = territoryId ? await repo.findTerritory(db, territoryId) : undefined;
      if (!territory || !territory.isApproved) throw notFound('Pricing zone');
      const at = now();
      const [rows, proposals, waits] = await Promise.all([
        repo.zonesOfTerritory(db, territory.id),
        repo.proposalsOf(db, [territory.id]),
        repo.averageWaitByZip(db, territory.id, new Date(at.getTime() - WAIT_WINDOW_MS)),
      ]);
      const effective = effectiveAdjustment(proposals.map(toProposal), at);
      const pending = pendingAdjustment(proposals.map(toProposal), at);
      const pendingView = pending ? proposalView(pending, proposals, at) : null;
      const zones: PricingZone[] = rows.map((row) => {
        const tier = asTier(row.tier);
        const place = zips.get(row.zip);
        const load = { openRequests: row.openRequests, idleDrivers: row.idleDrivers };
        return {
          zoneId: row.zip,
          zoneName: place ? `${row.zip} ${place.city}` : row.zip,
          tier,
          ...zoneRates(tier, effective.percent),
          currentMultiplier: clampMultiplier(row.currentMultiplier),
          demandLevel: demandLevel(load),
          activeDrivers: row.idleDrivers,
          averageWaitTime: Math.round((waits.get(row.zip) ?? 0) * 10) / 10,
          justification: ZONE_TIERS[tier].justification,
          rateAdjustmentPercent: effective.percent,
          pendingAdjustment: pendingView,
          updatedAt: row.updatedAt.toISOString(),
        };
      });
      return { territoryId: territory.id, territoryName: territory.name, rateAdjustmentPercent: effective.percent, pendingAdjustment: pendingView, zones };
    },

    /** Announces a rate adjustment: it takes effect exactly 7 days later. */
    async propose(user: AuthenticatedUser, request: RateAdjustmentRequest & { territoryId: string }): Promise<RateAdjustmentProposalView> {
      const territory = await manageableTerritory(user, request.territoryId);
      const at = now();
      const row = await repo.insertProposal(db, {
        territoryId: territory.id,
        proposedBy: user.id,
        percent: request.percent,
        justification: request.justification,
        communityInput: request.communityInput ? request.communityInput : null,
        announcedAt: at,
        effectiveAt: adjustmentEffectiveAt(at),
      });
      return proposalView(row, await repo.proposalsOf(db, [territory.id]), at);
    },

    /** The proposals of one territory, or of every territory the caller manages, newest first. */
    async proposals(user: AuthenticatedUser, territoryId: string | undefined): Promise<RateAdjustmentProposalView[]> {
      let rows: repo.RateAdjustmentRow[];
      if (territoryId) {
        await manageableTerritory(user, territoryId);
        rows = await repo.proposalsOf(db, [territoryId]);
      } else {
        const scope = await access.scopeOf(user);
        rows = scope === 'all' ? await repo.allProposals(db) : await repo.proposalsOf(db, scope);
      }
      const at = now();
      return rows.map((row) => proposalView(row, rows, at)).reverse();
    },

    /** Withdraws a proposal during its notice; once in effect, undoing it is a new proposal with its own notice. */
    async withdraw(user: AuthenticatedUser, id: string): Promise<RateAdjustmentProposalView> {
      const proposal = await repo.findProposal(db, id);
      if (!proposal) throw notFound('Rate adjustment');
      try {
        await manageableTerritory(user, proposal.territoryId);
      } catch {
        throw notFound('Rate adjustment');
      }
      const at = now();
      const withdrawn = await repo.withdrawProposal(db, id, at);
      if (!withdrawn) {
        const message = proposal.withdrawnAt
          ? 'This rate adjustment was already withdrawn'
          : 'This rate adjustment is already in effect; to undo it, propose a new adjustment (with its own 7-day notice)';
        throw new AppError('CONFLICT', message);
      }
      return proposalView(withdrawn, await repo.proposalsOf(db, [proposal.territoryId]), at);
    },
  };
}
