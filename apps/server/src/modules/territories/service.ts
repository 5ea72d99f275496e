import {
  haversineMiles,
  MAX_ZIP_CODES_PER_LICENSE,
  zipFieldKey,
  type AdminTerritory,
  type AdminTerritoryListQuery,
  type LatLng,
  type LicenseeBusinessProfile,
} from '@coride/domain';
import type { Database, Executor } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/db-errors';
import { toPage, type Page } from '../../lib/paging';
import { assignDriversToTerritory } from '../applications/repository';
import type { ZipIndex } from '../geo/zip-index';
import { createZonesFor } from '../pricing/repository';
import { createTerritoryAccess } from './access';
import * as repo from './repository';

export type PlacedPoint = { zip: string; territory: repo.TerritoryRow | undefined };

/**
 * Dense downtowns have building-sized zip codes (Penn Plaza's 10119) inside larger ones. A licensee
 * cannot list every one within 10 zip codes, so when a point's own zip code is unclaimed, a territory
 * whose zip area is at most this much farther away than the nearest one serves it.
 */
const ENCLAVE_MARGIN_MILES = 0.5;
/** A bound on the zip areas looked at within the margin (around Grand Central, 19 are within the margin). */
const ENCLAVE_MAX_NEIGHBOURS = 64;

export type TerritoriesService = ReturnType<typeof createTerritoriesService>;

/** A territory row as the admin's list shows it. */
function toAdminTerritory(row: {
  territory: repo.TerritoryRow;
  licensee: { id: string; firstName: string; lastName: string; email: string };
  businessName: string | null;
  licensedZipCodes: string[] | null;
  zipCodes: string[];
}): AdminTerritory {
  const { territory } = row;
  return {
    id: territory.id,
    name: territory.name,
    status: territory.suspendedAt ? 'suspended' : 'active',
    zipCodes: row.zipCodes,
    licensedZipCodes: licenceOf(row.licensedZipCodes, row.zipCodes),
    licensee: { ...row.licensee, businessName: row.businessName },
    suspension: territory.suspendedAt ? { at: territory.suspendedAt.toISOString(), reason: territory.suspensionReason ?? '', by: territory.suspendedBy } : null,
    createdAt: territory.createdAt.toISOString(),
  };
}

/**
 * The zip codes a territory's licence covers: those of the approved application that created it. A
 * territory without one (its application deleted) keeps the zip codes it holds as its licence.
 */
function licenceOf(applicationZipCodes: string[] | null, held: string[]): string[] {
  return [...new Set(applicationZipCodes ?? held)].sort();
}

export function createTerritoriesService(deps: { db: Database; zips: ZipIndex; now?: () => Date }) {
  const { db, zips } = deps;
  const now = deps.now ?? (() => new Date());
  const access = createTerritoryAccess(db);

  /** Runs a staff change of a territory under its row lock; 404 when it does not exist. */
  async function withTerritoryLocked<T>(
    id: string,
    change: (tx: Executor, found: NonNullable<Awaited<ReturnType<typeof repo.findTerritoryForUpdate>>>) => Promise<T>,
  ) {
    return db.transaction(async (tx) => {
      const found = await repo.findTerritoryForUpdate(tx, id);
      if (!found) throw notFound('Territory');
      return change(tx, found);
    });
  }

  async function readAdminTerritory(id: string): Promise<AdminTerritory> {
    const page = await repo.listTerritoriesPage(db, { limit: 1, q: undefined, status: undefined, before: undefined }, id);
    const row = page[0];
    if (!row) throw notFound('Territory');
    return toAdminTerritory(row);
  }

  return {
    /** Territory scope: who may see which territory (./access.ts). */
    access,

    /** The zip code of a point and the approved territory that serves it, if any. */
    async place(point: LatLng, executor: Executor = db): Promise<PlacedPoint | undefined> {
      const zip = zips.locate(point);
      if (!zip) return undefined;
      const territory = await repo.findTerritoryByZip(executor, zip.zip);
      if (territory) return { zip: zip.zip, territory };
      // Every zip area within the margin, nearest first: around Grand Central a dozen building-sized
      // zip codes (10165-10177) are nearer than 10017 itself, so a fixed count of neighbours missed it.
      // The point is then served as part of the claimed zip code (its zone and prices).
      const margin = haversineMiles(point, zip) + ENCLAVE_MARGIN_MILES;
      const neighbours = zips.nearbyAreas(point, ENCLAVE_MAX_NEIGHBOURS, margin).filter((area) => area.zip !== zip.zip);
      const held = await repo.findTerritoriesByZips(
        executor,
        neighbours.map((area) => area.zip),
      );
      for (const neighbour of neighbours) {
        const around = held.get(neighbour.zip);
        if (around) return { zip: neighbour.zip, territory: around };
      }
      return { zip: zip.zip, territory: undefined };
    },

    /**
     * Creates the territory of an approved licensee application, in the caller's transaction. A zip
     * code already in another territory is a conflict (409) naming the zip codes; the primary key on
     * territory_zip_codes makes this hold under concurrent approvals too.
     */
    async createFromApplication(tx: Executor, application: { id: string; userId: string; territoryName: string; proposedZipCodes: string[] }) {
      const zipCodes = [...new Set(application.proposedZipCodes)];
      if (zipCodes.length > MAX_ZIP_CODES_PER_LICENSE) {
        throw new AppError('BUSINESS_RULE', `A license covers at most ${MAX_ZIP_CODES_PER_LICENSE} zip codes; this application proposes ${zipCodes.length}`);
      }
      const unknown = zipCodes.filter((zip) => !zips.get(zip));
      if (unknown.length > 0) throw new AppError('BUSINESS_RULE', `Unknown US zip code(s): ${unknown.join(', ')}`);
      const taken = await repo.takenZipCodes(tx, zipCodes);
      if (taken.length > 0) {
        throw new AppError(
          'CONFLICT',
          `Zip code(s) ${taken.join(', ')} already belong to another territory. Ask the applicant to change them or reject the application.`,
        );
      }
      const territory = await repo.insertTerritory(tx, {
        licenseeId: application.userId,
        applicationId: application.id,
        name: application.territoryName,
        zipCodes,
      });
      // Pricing owns the zones; they are created in this transaction, with the territory.
      await createZonesFor(tx, { id: territory.id, zipCodes });
      return territory;
    },

    listForLicensee: (licenseeId: string) => repo.listTerritoriesOfLicensee(db, licenseeId),

    /** The territory's name and the licensee who runs it, or undefined for an unknown id. */
    async managerOf(territoryId: string, executor: Executor = db): Promise<{ name: string; licenseeId: string } | undefined> {
      const territory = await repo.findTerritory(executor, territoryId);
      return territory && { name: territory.name, licenseeId: territory.licenseeId };
    },

    /** Whether the territory is suspended now (dispatch and going online ask it). */
    async isSuspended(territoryId: string, executor: Executor = db): Promise<boolean> {
      const territory = await repo.findTerritory(executor, territoryId);
      return Boolean(territory?.suspendedAt);
    },

    /** The admin's Territory tab: every territory, newest first, a page at a time. */
    async listForAdmin(query: AdminTerritoryListQuery): Promise<Page<AdminTerritory>> {
      const rows = await repo.listTerritoriesPage(db, query);
      return toPage(
        rows,
        query,
        (row) => ({ at: row.pageKey, id: row.territory.id }),
        ({ pageKey: _key, ...row }) => toAdminTerritory(row),
      );
    },

    /**
     * Gives the territory exactly `zipCodes`: each must be a known US zip code within its licence and
     * held by no other territory; the problems come back per zip code (`fields["zipCodes.<zip>"]`).
     * Drivers waiting without a territory whose area is in an added zip code join it; pricing zones are
     * created for the added ones. The change is audited with the lists before and after.
     */
    async changeZipCodes(admin: { id: string }, territoryId: string, zipCodes: string[]): Promise<AdminTerritory> {
      const wanted = [...new Set(zipCodes)].sort();
      try {
        await withTerritoryLocked(territoryId, async (tx, found) => {
          const held = (await repo.zipCodesOf(tx, [territoryId])).get(territoryId) ?? [];
          const licence = new Set(licenceOf(found.licensedZipCodes, held));
          const outside = wanted.filter((zip) => !licence.has(zip) || !zips.get(zip));
          if (outside.length > 0) {
            throw new AppError(
              'ZIP_NOT_IN_LICENCE',
              `Zip code(s) ${outside.join(', ')} are not covered by this territory's licence`,
              Object.fromEntries(outside.map((zip) => [zipFieldKey(zip), 'Not covered by the licence'])),
            );
          }
          const elsewhere = await repo.zipCodesHeldElsewhere(tx, territoryId, wanted);
          if (elsewhere.length > 0) {
            throw new AppError(
              'ZIP_TAKEN',
              `Zip code(s) ${elsewhere.map((z) => z.zip).join(', ')} already belong to another territory`,
              Object.fromEntries(elsewhere.map((z) => [zipFieldKey(z.zip), `Already in ${z.territoryName}`])),
            );
          }
          const added = wanted.filter((zip) => !held.includes(zip));
          const removed = held.filter((zip) => !wanted.includes(zip));
          if (added.length === 0 && removed.length === 0) return;
          await repo.changeZipCodes(tx, territoryId, { added, removed });
          // Pricing owns the zones; they are created in this transaction, as at the territory's creation.
          await createZonesFor(tx, { id: territoryId, zipCodes: added });
          await assignDriversToTerritory(tx, territoryId, added);
          await repo.insertTerritoryEvent(tx, {
            territoryId,
            actorId: admin.id,
            kind: 'zip_codes_changed',
            reason: null,
            details: { before: held, after: wanted },
            at: now(),
          });
        });
      } catch (error) {
        // Another territory took one of them between the check and the insert.
        if (isUniqueViolation(error)) throw new AppError('ZIP_TAKEN', 'One of these zip codes was just given to another territory. Reload and try again.');
        throw error;
      }
      return readAdminTerritory(territoryId);
    },

    /**
     * Suspends the territory: no new bookings or quotes there, its drivers are neither offered rides
     * nor can go online; rides already accepted or under way finish. 409 when it is suspended already.
     */
    async suspend(admin: { id: string }, territoryId: string, reason: string): Promise<AdminTerritory> {
      await withTerritoryLocked(territoryId, async (tx, found) => {
        if (found.territory.suspendedAt) throw new AppError('CONFLICT', 'This territory is already suspended');
        const at = now();
        await repo.setSuspension(tx, territoryId, { at, by: admin.id, reason });
        await repo.insertTerritoryEvent(tx, { territoryId, actorId: admin.id, kind: 'suspended', reason, details: null, at });
      });
      return readAdminTerritory(territoryId);
    },

    /** Lifts a suspension; 409 when the territory is not suspended. */
    async reinstate(admin: { id: string }, territoryId: string, reason: string): Promise<AdminTerritory> {
      await withTerritoryLocked(territoryId, async (tx, found) => {
        if (!found.territory.suspendedAt) throw new AppError('CONFLICT', 'This territory is not suspended');
        await repo.setSuspension(tx, territoryId, null);
        await repo.insertTerritoryEvent(tx, { territoryId, actorId: admin.id, kind: 'reinstated', reason, details: null, at: now() });
      });
      return readAdminTerritory(territoryId);
    },

    /** The territory's audit trail, newest first (the last 50). */
    async events(territoryId: string) {
      if (!(await repo.findTerritory(db, territoryId))) throw notFound('Territory');
      const rows = await repo.territoryEventsOf(db, territoryId, 50);
      return rows.map(({ event, actor }) => ({
        id: event.id,
        kind: event.kind,
        reason: event.reason,
        details: event.details,
        at: event.at.toISOString(),
        actor: actor ? { name: `${actor.firstName} ${actor.lastName}`, email: actor.email } : null,
      }));
    },

    /** The licensee's business details: saved ones, or those of its application and account until the first save. */
    async businessProfile(licenseeId: string): Promise<LicenseeBusinessProfile> {
      const saved = await repo.findLicenseeProfile(db, licenseeId);
      if (saved) return { businessName: saved.businessName, contactEmail: saved.contactEmail, phone: saved.phone };
      const defaults = await repo.licenseeProfileDefaults(db, licenseeId);
      if (!defaults) throw notFound('Licensee');
      return { businessName: defaults.businessName ?? '', contactEmail: defaults.email, phone: defaults.phone ?? '' };
    },

    async saveBusinessProfile(licenseeId: string, profile: LicenseeBusinessProfile): Promise<LicenseeBusinessProfile> {
      await repo.upsertLicenseeProfile(db, { userId: licenseeId, ...profile, updatedAt: now() });
      return profile;
    },
  };
}
