import { relations } from 'drizzle-orm';
import { driverProfiles } from '../modules/applications/profile-tables';
import { users } from '../modules/accounts/tables';

/*
 * Every table, re-exported from the module that owns it (modules/<owner>/tables.ts; docs/architecture.md
 * lists the owners). drizzle-kit reads this one file; code imports tables from here or from the owner.
 */

export * from '../modules/accounts/tables';
export * from '../modules/applications/tables';
export * from '../modules/applications/profile-tables';
export * from '../modules/territories/tables';
export * from '../modules/drivers/tables';
export * from '../modules/rides/tables';
export * from '../modules/favorites/tables';
export * from '../modules/payments/tables';
export * from '../modules/assistant/tables';
export * from '../modules/community/tables';
export * from '../modules/rewards/tables';
export * from '../modules/pricing/tables';
export * from '../modules/mail/tables';
export * from '../modules/notifications/tables';
export * from '../modules/preferences/tables';
export * from '../modules/emergency-contacts/tables';
export * from '../modules/payouts/tables';
export * from '../modules/ride-messages/tables';
export * from '../modules/safety/tables';
export * from '../modules/driver-documents/tables';

// --- relations (for drizzle's relational queries) ---------------------------------------------

export const driverProfilesRelations = relations(driverProfiles, ({ one }) => ({
  user: one(users, { fields: [driverProfiles.userId], references: [users.id] }),
}));
