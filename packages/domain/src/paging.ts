import { z } from 'zod';
import { applicationStatuses } from './applications';
import { driverSuspensionSchema } from './driver-suspension';
import { roles } from './roles';
import { text } from './text';

/*
 * Paged lists (contract §8): every list that grows takes `?limit=` and `?before=<cursor>`, stays a
 * JSON array, newest first, and names the next page's cursor in the `X-Next-Cursor` header (absent on
 * the last page). The cursor is opaque to clients: the server's lib/paging.ts makes and reads it
 * (docs/decisions/017-keyset-paging.md).
 */

export const DEFAULT_PAGE_LIMIT = 50;
export const MAX_PAGE_LIMIT = 200;
/** The response header carrying the next page's cursor (lower-case, as fetch's Headers and Fastify read it). */
export const NEXT_CURSOR_HEADER = 'x-next-cursor';

/** `?limit=&before=`: shared by every paged list, extended by lists that also filter. */
export const pageQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'The limit must be a number' })
    .int('The limit must be a whole number')
    .min(1, 'The limit must be at least 1')
    .max(MAX_PAGE_LIMIT, `At most ${MAX_PAGE_LIMIT} items per page`)
    .default(DEFAULT_PAGE_LIMIT),
  before: z
    .string()
    .max(300, 'Not a valid page cursor')
    .regex(/^[A-Za-z0-9_-]+$/, 'Not a valid page cursor')
    .optional(),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

/** Free-text search of the admin's lists: trimmed, empty means none. */
/** What a person typed in a search box: any text a name or an address may hold (PostgreSQL refuses NUL). */
export const searchText = text()
  .max(100, 'The search is too long')
  .optional()
  .transform((value) => (value ? value : undefined));

/**
 * `GET /api/rides`: admins may also search (`q`: ride id prefix, rider or driver name or email, pickup
 * or dropoff address); `status=active` keeps the rides not ended yet (requested, accepted, in
 * progress), however old their booking: a console that picks them out of the newest page would lose
 * a stuck ride booked before it.
 */
export const rideListQuerySchema = pageQuerySchema.extend({
  q: searchText,
  status: z.enum(['active'], { error: 'Status must be active' }).optional(),
});
export type RideListQuery = z.infer<typeof rideListQuerySchema>;

/** `?status=awaiting`: the applications nobody has decided yet (pending or under review). */
export const AWAITING_REVIEW = 'awaiting';

/**
 * The applications lists: newest first, optionally only one status (`?status=pending`) or those awaiting
 * review; `q` (admins and licensees alike) matches the applicant's name or email, and a licensee
 * application's business or territory name or a proposed zip code.
 */
export const applicationListQuerySchema = pageQuerySchema.extend({
  q: searchText,
  status: z.enum([...applicationStatuses, AWAITING_REVIEW], { error: 'Status must be pending, under_review, approved, rejected or awaiting' }).optional(),
});
export type ApplicationListQuery = z.infer<typeof applicationListQuerySchema>;

/** `GET /api/admin/users`: `q` matches email, first and last name and phone (case-insensitive); `role` filters. */
export const adminUserListQuerySchema = pageQuerySchema.extend({
  q: searchText,
  role: z.enum(roles, { error: 'Role must be customer, driver, licensee or admin' }).optional(),
});
export type AdminUserListQuery = z.infer<typeof adminUserListQuerySchema>;

/** A user as the admin's users list shows them. */
export const adminUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string().nullable(),
  role: z.enum(roles),
  createdAt: z.string(),
  /** A driver's current suspension (ADR 031); null for everyone else. */
  suspension: driverSuspensionSchema.nullable(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;
