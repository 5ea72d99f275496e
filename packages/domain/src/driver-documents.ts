import { z } from 'zod';

/*
 * A driver's documents (contract §10): the licence, insurance, vehicle registration and a photo, kept
 * as files the reviewer (an admin, or the licensee of the driver's territory) opens before approving.
 * A licence or insurance carries the day it expires: 14 days before, the driver is reminded once; once
 * it has passed, the driver is taken offline and cannot go online until a valid one is uploaded.
 */

export const driverDocumentKinds = ['licence', 'insurance', 'registration', 'photo'] as const;
export type DriverDocumentKind = (typeof driverDocumentKinds)[number];

/** The kinds whose expiry keeps a driver off the road: they need `expiresOn`. */
export const expiringDocumentKinds = ['licence', 'insurance'] as const satisfies readonly DriverDocumentKind[];
export const isExpiringDocumentKind = (kind: DriverDocumentKind): kind is (typeof expiringDocumentKinds)[number] =>
  (expiringDocumentKinds as readonly string[]).includes(kind);

/** Largest file accepted: 5 MB (a phone photo at full size fits; the API answers 413 `FILE_TOO_LARGE` above). */
export const MAX_DOCUMENT_BYTES = 5 * 1024 * 1024;
/** How long before a licence or insurance expires the driver is reminded. */
export const DOCUMENT_REMINDER_DAYS = 14;

export const documentMediaTypes = ['image/jpeg', 'image/png', 'application/pdf'] as const;
export type DocumentMediaType = (typeof documentMediaTypes)[number];
/** What the file input offers (a phone opens its camera for images). */
export const DOCUMENT_ACCEPT = 'image/*,application/pdf';

const startsWith = (bytes: Uint8Array, signature: readonly number[]) => signature.every((byte, i) => bytes[i] === byte);

/**
 * The real type of a file by its first bytes (its "magic"), whatever name or type the client gave it:
 * JPEG (FF D8 FF), PNG (89 50 4E 47 0D 0A 1A 0A) or PDF (%PDF-). Undefined for anything else.
 */
export function detectDocumentMediaType(bytes: Uint8Array): DocumentMediaType | undefined {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'application/pdf';
  return undefined;
}

/** The file name extension of a media type (downloads are named `<kind>.<ext>`, never the uploader's name). */
export const documentExtension = (type: DocumentMediaType): string => ({ 'image/jpeg': 'jpg', 'image/png': 'png', 'application/pdf': 'pdf' })[type];

/** A calendar day, `YYYY-MM-DD`, that exists. */
export const isoDaySchema = z
  .string({ error: 'Enter a date as YYYY-MM-DD' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter a date as YYYY-MM-DD')
  .refine((day) => {
    const date = new Date(`${day}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day;
  }, 'Enter a date as YYYY-MM-DD');

/** The text fields of `POST /api/drivers/documents` (multipart; the file is the `file` part). */
export const documentUploadFieldsSchema = z
  .object({
    kind: z.enum(driverDocumentKinds, { error: 'Choose licence, insurance, registration or photo' }),
    expiresOn: isoDaySchema.optional(),
  })
  .refine((fields) => !isExpiringDocumentKind(fields.kind) || fields.expiresOn !== undefined, {
    message: 'Enter the day this document expires',
    path: ['expiresOn'],
  });
export type DocumentUploadFields = z.infer<typeof documentUploadFieldsSchema>;

/** A stored document as the API gives it (no path: the file is read through its own endpoint). */
export const driverDocumentSchema = z.object({
  id: z.string(),
  kind: z.enum(driverDocumentKinds),
  mediaType: z.enum(documentMediaTypes),
  sizeBytes: z.number().int(),
  expiresOn: z.string().nullable(),
  uploadedAt: z.string(),
});
export type DriverDocument = z.infer<typeof driverDocumentSchema>;

/** The UTC day of an instant, `YYYY-MM-DD`: expiry dates are compared as days, in UTC. */
export const utcDay = (at: Date): string => at.toISOString().slice(0, 10);

/** The day `days` after `day` (both `YYYY-MM-DD`). */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return utcDay(date);
}

/** A document is valid through its expiry day; it has expired from the next day on. */
export const hasExpired = (expiresOn: string | null, today: string): boolean => expiresOn !== null && expiresOn < today;

export type ChecklistState = 'missing' | 'ok' | 'expiring' | 'expired';
export type ChecklistItem = { kind: DriverDocumentKind; state: ChecklistState; document: DriverDocument | null };

/**
 * What the driver still has to do, kind by kind, from their uploads (the newest of each kind counts):
 * missing, expired, expiring within DOCUMENT_REMINDER_DAYS, or ok. The driver's checklist and the
 * reviewer's view both read it.
 */
export function documentChecklist(documents: readonly DriverDocument[], today: string): ChecklistItem[] {
  return driverDocumentKinds.map((kind) => {
    const document = newestOfKind(documents, kind);
    if (!document) return { kind, state: 'missing', document: null };
    if (hasExpired(document.expiresOn, today)) return { kind, state: 'expired', document };
    if (document.expiresOn !== null && document.expiresOn <= addDays(today, DOCUMENT_REMINDER_DAYS)) return { kind, state: 'expiring', document };
    return { kind, state: 'ok', document };
  });
}

/** The newest upload of a kind (by upload time), if any. */
export function newestOfKind(documents: readonly DriverDocument[], kind: DriverDocumentKind): DriverDocument | undefined {
  let newest: DriverDocument | undefined;
  for (const document of documents) if (document.kind === kind && (!newest || document.uploadedAt > newest.uploadedAt)) newest = document;
  return newest;
}
