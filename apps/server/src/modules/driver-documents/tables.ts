import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../accounts/tables';

// Owned by driver-documents (contract §10, ADR 036): only this module writes it.

export const driverDocuments = pgTable(
  'driver_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    driverId: uuid('driver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['licence', 'insurance', 'registration', 'photo'] }).notNull(),
    /** Found in the file's first bytes, not the type the client declared. */
    mediaType: text('media_type', { enum: ['image/jpeg', 'image/png', 'application/pdf'] }).notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    /** Where the file is in the storage (random: `<driver id>/<uuid>.<ext>`, never the uploader's file name). */
    storageKey: text('storage_key').notNull(),
    /** The last day the document is valid (licence and insurance; optional for the others). */
    expiresOn: date('expires_on', { mode: 'string' }),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** When the 14-day reminder went out (once per document). */
    remindedAt: timestamp('reminded_at', { withTimezone: true, mode: 'date' }),
    /** When its expiry took the driver offline (once per document). */
    expiryHandledAt: timestamp('expiry_handled_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    // A driver's documents, newest first per kind (the list, the checklist and the online check).
    index('driver_documents_driver_idx').on(t.driverId, t.kind, t.uploadedAt),
    // The expiry sweep reads licences and insurances by day.
    index('driver_documents_expiry_idx')
      .on(t.expiresOn)
      .where(sql`${t.expiresOn} is not null`),
    check('driver_documents_kind_check', sql`${t.kind} in ('licence', 'insurance', 'registration', 'photo')`),
    check('driver_documents_media_type_check', sql`${t.mediaType} in ('image/jpeg', 'image/png', 'application/pdf')`),
    check('driver_documents_size_check', sql`${t.sizeBytes} > 0`),
  ],
);

export type DriverDocumentRow = typeof driverDocuments.$inferSelect;
