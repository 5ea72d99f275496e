import { MAX_EMERGENCY_CONTACTS, type EmergencyContact, type EmergencyContactRequest } from '@coride/domain';
import type { Database, Executor } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import * as repo from './repository';
import type { EmergencyContactRow } from './tables';

export type EmergencyContactsService = ReturnType<typeof createEmergencyContactsService>;

const toContact = (row: EmergencyContactRow): EmergencyContact => ({
  id: row.id,
  name: row.name,
  phone: row.phone,
  email: row.email,
  createdAt: row.createdAt.toISOString(),
});

/**
 * The people a user wants told in an emergency (contract §9), at most MAX_EMERGENCY_CONTACTS; every
 * query is scoped to the owner, so another user's contact is 404. `contactsOf` is for the SOS flow,
 * which mails them with the trip link (it may pass its own transaction).
 */
export function createEmergencyContactsService(deps: { db: Database; now: () => Date }) {
  const { db, now } = deps;
  return {
    list: async (userId: string): Promise<EmergencyContact[]> => (await repo.contactsOf(db, userId)).map(toContact),

    /** A user's contacts for telling them of an emergency (SOS), read with the caller's executor. */
    contactsOf: async (userId: string, executor: Executor = db): Promise<EmergencyContact[]> => (await repo.contactsOf(executor, userId)).map(toContact),

    /** 422 BUSINESS_RULE on the sixth: a rule of the product, not a conflict with the contacts' state. */
    async add(userId: string, request: EmergencyContactRequest): Promise<EmergencyContact> {
      const fields = { name: request.name, phone: request.phone, email: request.email ? request.email : null };
      const row = await db.transaction((tx) => repo.insertContactWithin(tx, userId, fields, MAX_EMERGENCY_CONTACTS, now()));
      if (!row) throw new AppError('BUSINESS_RULE', `You can keep up to ${MAX_EMERGENCY_CONTACTS} emergency contacts; remove one to add another`);
      return toContact(row);
    },

    async remove(userId: string, id: string): Promise<void> {
      if (!(await repo.deleteContactOf(db, userId, id))) throw notFound('Emergency contact');
    },
  };
}
