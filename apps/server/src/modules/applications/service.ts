import type { ApplicationListQuery } from '@coride/domain';
import type { Database, Executor } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/db-errors';
import { toPage } from '../../lib/paging';
import type { ApplicationIntake, AuthenticatedUser } from '../accounts/service';
import type { MailService } from '../mail/service';
import type { NotificationBatch, NotifyPort } from '../notifications/service';
import type { TerritoriesService } from '../territories/service';
import * as repo from './repository';

export type ReviewDecision = { status: 'under_review' | 'approved' | 'rejected'; notes?: string | undefined };

export type ApplicationsService = ReturnType<typeof createApplicationsService>;

const alreadyDecided = () => new AppError('CONFLICT', 'This application has already been decided');

export function createApplicationsService(deps: {
  db: Database;
  territories: TerritoriesService;
  now: () => Date;
  /** The applicant hears of the decision by mail, written in the decision's transaction. */
  mail: Pick<MailService, 'enqueueToUser'>;
  /** ... and in the console's bell, written beside the mail. */
  notifications: NotifyPort;
}) {
  const { db, territories, now, mail, notifications } = deps;
  /** Admins see every driver application; a licensee only those of its own territories. */
  async function visibleTerritoryIds(viewer: AuthenticatedUser): Promise<string[] | undefined> {
    const scope = await territories.access.scopeOf(viewer);
    return scope === 'all' ? undefined : scope;
  }

  async function approveDriver(tx: Executor, driverId: string, approverId: string) {
    await repo.approveDriverProfile(tx, driverId, approverId, now());
  }

  /**
   * The applicant's mail and notification about a final decision (none for "under review"), once per
   * application and decision; `told` pushes the notification once the decision is committed.
   */
  async function tellDecision(
    tx: Executor,
    told: NotificationBatch,
    application: { kind: 'driver'; id: string; userId: string } | { kind: 'licensee'; id: string; userId: string; territoryName: string },
    decision: { status: ReviewDecision['status']; notes: string | null },
  ): Promise<void> {
    if (decision.status === 'under_review') return;
    const notes = decision.notes;
    const userId = application.userId;
    if (application.kind === 'driver') {
      const template = decision.status === 'approved' ? 'driver-application-approved' : 'driver-application-rejected';
      const dedupeKey = `${template}:${application.id}`;
      await mail.enqueueToUser(tx, userId, { dedupeKey, template, data: { notes } });
      if (decision.status === 'approved')
        await told.notify(tx, { userId, kind: 'driver_application_approved', data: { applicationId: application.id }, dedupeKey });
      else await told.notify(tx, { userId, kind: 'driver_application_rejected', data: { applicationId: application.id, notes }, dedupeKey });
    } else {
      const template = decision.status === 'approved' ? 'licensee-application-approved' : 'licensee-application-rejected';
      const dedupeKey = `${template}:${application.id}`;
      const { territoryName } = application;
      await mail.enqueueToUser(tx, userId, { dedupeKey, template, data: { territoryName, notes } });
      if (decision.status === 'approved')
        await told.notify(tx, { userId, kind: 'licensee_application_approved', data: { applicationId: application.id, territoryName }, dedupeKey });
      else await told.notify(tx, { userId, kind: 'licensee_application_rejected', data: { applicationId: application.id, territoryName, notes }, dedupeKey });
    }
  }

  /** Sign-up files applications through this (accounts' ApplicationIntake port). */
  const intake: ApplicationIntake = {
    /**
     * The new driver's profile and application; when the driving area lies in a territory, its
     * licensee hears of the application in the bell (the reviewer's queue is theirs, contract §10).
     */
    async submitDriver(tx, userId, form, placement) {
      const applicationId = await repo.createDriverApplication(tx, userId, form, placement);
      const told = notifications.batch();
      const territory = placement?.territoryId ? await territories.managerOf(placement.territoryId, tx) : undefined;
      if (territory) {
        await told.notify(tx, {
          userId: territory.licenseeId,
          kind: 'driver_application_received',
          data: { applicationId, territoryName: territory.name },
          dedupeKey: `driver-application-received:${applicationId}`,
        });
      }
      return () => told.publish();
    },
    submitLicensee: (tx, userId, form) => repo.createLicenseeApplication(tx, userId, form),
  };

  return {
    intake,

    /** A page of the driver applications the viewer reviews, newest first. */
    async listDriverApplications(viewer: AuthenticatedUser, query: ApplicationListQuery) {
      const rows = await repo.listDriverApplications(db, await visibleTerritoryIds(viewer), query);
      return toPage(
        rows,
        query,
        (row) => ({ at: row.pageKey, id: row.application.id }),
        ({ pageKey: _key, ...row }) => row,
      );
    },

    /** Driver applications the viewer still has to decide (pending or under review). */
    async countOpenDriverApplications(viewer: AuthenticatedUser): Promise<number> {
      return repo.countDriverApplications(db, await visibleTerritoryIds(viewer), ['pending', 'under_review']);
    },

    /** A page of licensee applications, newest first. */
    async listLicenseeApplications(query: ApplicationListQuery) {
      const rows = await repo.listLicenseeApplications(db, query);
      return toPage(
        rows,
        query,
        (row) => ({ at: row.pageKey, id: row.application.id }),
        ({ pageKey: _key, ...row }) => row,
      );
    },

    async reviewDriverApplication(reviewer: AuthenticatedUser, id: string, decision: ReviewDecision): Promise<void> {
      const found = await repo.findDriverApplication(db, id);
      const visible = await visibleTerritoryIds(reviewer);
      if (!found || (visible && !visible.includes(found.profile.territoryId ?? ''))) throw notFound('Driver application');
      const told = notifications.batch();
      await db.transaction(async (tx) => {
        const recorded = await repo.recordDriverReview(tx, id, { status: decision.status, notes: decision.notes ?? null, reviewerId: reviewer.id, at: now() });
        if (!recorded) throw alreadyDecided();
        if (decision.status === 'approved') await approveDriver(tx, found.application.userId, reviewer.id);
        await tellDecision(tx, told, { kind: 'driver', ...found.application }, { status: decision.status, notes: decision.notes ?? null });
      });
      told.publish();
    },

    async reviewLicenseeApplication(reviewer: AuthenticatedUser, id: string, decision: ReviewDecision): Promise<void> {
      const application = await repo.findLicenseeApplication(db, id);
      if (!application) throw notFound('Licensee application');
      const told = notifications.batch();
      try {
        await db.transaction(async (tx) => {
          const recorded = await repo.recordLicenseeReview(tx, id, {
            status: decision.status,
            notes: decision.notes ?? null,
            reviewerId: reviewer.id,
            at: now(),
          });
          if (!recorded) throw alreadyDecided();
          await tellDecision(tx, told, { kind: 'licensee', ...application }, { status: decision.status, notes: decision.notes ?? null });
          if (decision.status !== 'approved') return;
          const territory = await territories.createFromApplication(tx, application);
          await repo.assignDriversToTerritory(tx, territory.id, application.proposedZipCodes);
        });
        told.publish();
      } catch (error) {
        // Two approvals racing for one zip code: the loser sees the same conflict as a sequential one.
        if (isUniqueViolation(error)) throw new AppError('CONFLICT', 'One of these zip codes was just given to another territory. Reload and review again.');
        throw error;
      }
    },

    /** A licensee approves a driver of its territory (the spec's "approve inactive drivers"). */
    async approveDriverByLicensee(licensee: AuthenticatedUser, driverId: string): Promise<void> {
      const applicationId = await repo.latestDriverApplicationId(db, driverId);
      const found = applicationId ? await repo.findDriverApplication(db, applicationId) : undefined;
      if (!found) throw notFound('Driver');
      await territories.access.assertInScope(licensee, found.profile.territoryId, 'Driver');
      if (found.profile.isApproved) throw new AppError('CONFLICT', 'This driver is already approved');
      const told = notifications.batch();
      await db.transaction(async (tx) => {
        // Only an application still open is approved: one an admin (or anyone) rejected stays rejected.
        const recorded = await repo.recordDriverReview(tx, found.application.id, {
          status: 'approved',
          notes: 'Approved by the territory licensee',
          reviewerId: licensee.id,
          at: now(),
        });
        if (!recorded)
          throw new AppError(
            'CONFLICT',
            `This driver's application was ${found.application.status === 'rejected' ? 'rejected' : 'already decided'}; it cannot be approved here`,
          );
        await approveDriver(tx, driverId, licensee.id);
        // The stored note is for staff, in English: the driver's mail carries none.
        await tellDecision(tx, told, { kind: 'driver', ...found.application }, { status: 'approved', notes: null });
      });
      told.publish();
    },
  };
}
