import type { ErrorCode } from '@coride/domain/errors';
import type { Executor } from '../../db/client';
import * as accountsRepo from '../accounts/repository';
import * as applicationsRepo from '../applications/repository';
import * as assistantRepo from '../assistant/repository';
import * as communityRepo from '../community/repository';
import * as documentsRepo from '../driver-documents/repository';
import type { DocumentStorage } from '../driver-documents/storage';
import * as driversRepo from '../drivers/repository';
import * as emergencyContactsRepo from '../emergency-contacts/repository';
import * as favoritesRepo from '../favorites/repository';
import * as mailRepo from '../mail/repository';
import * as notificationsRepo from '../notifications/repository';
import * as paymentsRepo from '../payments/repository';
import * as payoutsRepo from '../payouts/repository';
import * as preferencesRepo from '../preferences/repository';
import * as rewardsRepo from '../rewards/repository';
import * as rideMessagesRepo from '../ride-messages/repository';
import * as ridesRepo from '../rides/repository';
import * as safetyRepo from '../safety/repository';
import * as territoriesRepo from '../territories/repository';

/**
 * What one module holds about a person, and how it is handed over and erased (contract §8,
 * docs/decisions/025-account-deletion-and-erasure.md).
 *
 * - `exportFor` answers everything the module holds about the user, as plain JSON (it becomes the
 *   `name` key of `GET /api/users/me/export`). Never secrets: no password or token hashes, no
 *   provider tokens or full account numbers (a card is its brand and last four digits).
 * - `eraseFor` runs in the retention sweep's transaction, 30 days after the account was deleted: it
 *   deletes the module's rows about the user, or, where a row must stay (a trip, a charge, anything
 *   the append-only ledger points at), overwrites its personal columns (names, addresses, phone,
 *   free text, exact coordinates). It answers how many rows it touched and must be idempotent (a
 *   second run touches nothing, or harmlessly the same rows).
 * - `blocksDeletion` (optional) answers why the account cannot be deleted right now (409 with
 *   `code`), e.g. money on its way; undefined when nothing in this module stands in the way.
 *
 * To add your module's part: write the functions in YOUR module's repository (only the owner writes
 * its tables, ADR 013; a repository may read other modules' tables for a join), add one entry to
 * `personalDataParts` below, and extend test/modules/privacy/erasure.test.ts's data set with a row of
 * yours (the test searches every text and jsonb column of every table for the erased person).
 */
export type PersonalDataPart = {
  name: string;
  exportFor(db: Executor, userId: string): Promise<unknown>;
  eraseFor(tx: Executor, userId: string): Promise<number>;
  blocksDeletion?(db: Executor, userId: string): Promise<DeletionBlocker | undefined>;
};

/** Why an account cannot be deleted yet: answered as 409 `{code, error: message}`. */
export type DeletionBlocker = { code: ErrorCode; message: string };

/** Every module's part, in the export's key order. Payouts (payout accounts) and preferences
 * (notification preferences, emergency contacts) add theirs here. */
export const personalDataParts: PersonalDataPart[] = [
  {
    name: 'account',
    exportFor: accountsRepo.exportAccount,
    eraseFor: accountsRepo.eraseAccount,
    // The platform's own staff are not closed from their profile: another admin (or the operator's
    // CLI) takes them off, so the last admin cannot lock everyone out.
    async blocksDeletion(db, userId) {
      const user = await accountsRepo.findUserById(db, userId);
      return user?.role === 'admin' ? { code: 'STAFF_ACCOUNT', message: 'Admin accounts cannot be deleted from their profile.' } : undefined;
    },
  },
  {
    // A licensee runs territories: drivers, riders and money depend on them. Handing a territory over
    // (or closing it) is done with the platform first; a licensee without one may leave at once.
    name: 'territories',
    exportFor: territoriesRepo.exportLicenseeData,
    eraseFor: territoriesRepo.eraseLicenseeProfile,
    async blocksDeletion(db, userId) {
      const held = await territoriesRepo.territoryIdsOfLicensee(db, userId);
      return held.length > 0
        ? { code: 'TERRITORY_HELD', message: 'You run a territory. Contact CoRide to hand it over before deleting your account.' }
        : undefined;
    },
  },
  { name: 'applications', exportFor: applicationsRepo.exportApplications, eraseFor: applicationsRepo.eraseApplications },
  { name: 'driverPresence', exportFor: driversRepo.exportPresence, eraseFor: driversRepo.erasePresence },
  { name: 'driverTier', exportFor: communityRepo.exportDriverTier, eraseFor: communityRepo.eraseDriverTier },
  {
    name: 'rides',
    exportFor: ridesRepo.exportRides,
    eraseFor: ridesRepo.eraseRidesOfRider,
    async blocksDeletion(db, userId) {
      return (await ridesRepo.activeRideOfPerson(db, userId))
        ? { code: 'ACTIVE_RIDE', message: 'You have a ride under way. Delete your account once it has ended.' }
        : undefined;
    },
  },
  {
    name: 'payments',
    exportFor: paymentsRepo.exportPayments,
    eraseFor: paymentsRepo.erasePayments,
    async blocksDeletion(db, userId) {
      return (await paymentsRepo.openDisputeOf(db, userId))
        ? { code: 'OPEN_DISPUTE', message: 'You have an open dispute. Delete your account once it is resolved.' }
        : undefined;
    },
  },
  {
    // The payout account holds the holder's name; payouts stay for the ledger (last four digits only).
    name: 'payouts',
    exportFor: payoutsRepo.exportPayouts,
    eraseFor: payoutsRepo.erasePayouts,
    async blocksDeletion(db, userId) {
      return (await payoutsRepo.hasPendingPayout(db, userId))
        ? { code: 'CONFLICT', message: 'A payout to your bank account is still being processed. Delete your account once it has arrived.' }
        : undefined;
    },
  },
  { name: 'favorites', exportFor: favoritesRepo.exportFavorites, eraseFor: favoritesRepo.eraseFavorites },
  { name: 'rewards', exportFor: rewardsRepo.exportRewards, eraseFor: rewardsRepo.eraseRewards },
  { name: 'assistant', exportFor: assistantRepo.exportConversations, eraseFor: assistantRepo.eraseConversations },
  { name: 'notifications', exportFor: notificationsRepo.exportNotifications, eraseFor: notificationsRepo.eraseNotifications },
  { name: 'mails', exportFor: mailRepo.exportMails, eraseFor: mailRepo.eraseMails },
  { name: 'notificationPreferences', exportFor: preferencesRepo.exportOptOuts, eraseFor: preferencesRepo.eraseOptOuts },
  { name: 'emergencyContacts', exportFor: emergencyContactsRepo.exportContacts, eraseFor: emergencyContactsRepo.eraseContacts },
  { name: 'rideMessages', exportFor: rideMessagesRepo.exportMessagesAndRatings, eraseFor: rideMessagesRepo.eraseMessagesAndRatings },
  { name: 'safetyAlerts', exportFor: safetyRepo.exportAlerts, eraseFor: safetyRepo.eraseAlerts },
];

/**
 * A driver's documents (ADR 036): the export lists them; the erasure deletes their rows and then their
 * files (a licence photo is the most personal thing held). The files go inside the sweep's transaction,
 * after the rows' delete: were the transaction to roll back, the rows would point at files already
 * gone, of an account already deleted, and the next sweep deletes the rows again. Deleting a file that
 * is already gone is no error in either storage.
 */
export function driverDocumentsPart(storage: Pick<DocumentStorage, 'delete'>): PersonalDataPart {
  return {
    name: 'driverDocuments',
    exportFor: documentsRepo.exportDocuments,
    async eraseFor(tx, userId) {
      const keys = await documentsRepo.eraseDocuments(tx, userId);
      for (const key of keys) await storage.delete(key);
      return keys.length;
    },
  };
}
