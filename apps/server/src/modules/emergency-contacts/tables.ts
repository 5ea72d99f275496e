import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';
import { users } from '../accounts/tables';

// Tables owned by emergency-contacts: only this module writes them (docs/architecture.md, Data; ADR 026).

/** The people a user wants told in an emergency (contract §9: at most 5 each; mailed on SOS). */
export const emergencyContacts = pgTable(
  'emergency_contacts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    email: text('email'),
    createdAt: createdAt(),
  },
  (t) => [index('emergency_contacts_user_idx').on(t.userId, t.createdAt)],
);

export type EmergencyContactRow = typeof emergencyContacts.$inferSelect;
