import { z } from 'zod';
import { pageQuerySchema, searchText } from './paging';
import { businessNameSchema, emailSchema, MAX_ZIP_CODES_PER_LICENSE, phoneSchema } from './registration';
import { text } from './text';

/*
 * The admin's territory management and the licensee's business profile (docs/decisions/027).
 * A territory's zip codes stay within its licence (the zip codes of the approved application that
 * created it) and a zip code belongs to one territory at most; a suspended territory takes no new
 * bookings and offers no rides to its drivers, its rides under way finish.
 */

/** `GET /api/admin/territories`: newest first; `q` matches the name, a zip code (prefix), the licensee's name, email or business name. */
export const adminTerritoryListQuerySchema = pageQuerySchema.extend({
  q: searchText,
  status: z.enum(['active', 'suspended'], { error: 'Status must be active or suspended' }).optional(),
});
export type AdminTerritoryListQuery = z.infer<typeof adminTerritoryListQuerySchema>;

export const territoryStatuses = ['active', 'suspended'] as const;
export type TerritoryStatus = (typeof territoryStatuses)[number];

/** A territory as the admin's Territory tab shows it. */
export const adminTerritorySchema = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(territoryStatuses),
  zipCodes: z.array(z.string()),
  /** The zip codes its licence covers: the only ones it may be given. */
  licensedZipCodes: z.array(z.string()),
  licensee: z.object({ id: z.string(), firstName: z.string(), lastName: z.string(), email: z.string(), businessName: z.string().nullable() }),
  suspension: z.object({ at: z.string(), reason: z.string(), by: z.string().nullable() }).nullable(),
  createdAt: z.string(),
});
export type AdminTerritory = z.infer<typeof adminTerritorySchema>;

export const zipCodeSchema = z.string({ error: 'Zip codes must be 5 digits' }).regex(/^\d{5}$/, 'Zip codes must be 5 digits');

/** `PUT /api/admin/territories/:id/zip-codes`: the territory's whole new list (1 to 10, no repeats). */
export const territoryZipCodesRequestSchema = z.object({
  zipCodes: z
    .array(zipCodeSchema, { error: 'At least one zip code is required' })
    .min(1, 'At least one zip code is required')
    .max(MAX_ZIP_CODES_PER_LICENSE, `A license covers at most ${MAX_ZIP_CODES_PER_LICENSE} zip codes`)
    .refine((zips) => new Set(zips).size === zips.length, 'Each zip code once'),
});
export type TerritoryZipCodesRequest = z.infer<typeof territoryZipCodesRequestSchema>;

/** The field key of one zip code's problem in an error's `fields` (`zipCodes.10001`), so a form can show it on that zip. */
export const zipFieldKey = (zip: string) => `zipCodes.${zip}`;

/** Suspending or reinstating: the reason is kept in the territory's audit trail. */
export const territoryStatusRequestSchema = z.object({
  reason: text({ error: 'Give a reason (at least 5 characters)', multiline: true })
    .min(5, 'Give a reason (at least 5 characters)')
    .max(500, 'At most 500 characters'),
});
export type TerritoryStatusRequest = z.infer<typeof territoryStatusRequestSchema>;

/** `GET/PUT /api/licensee/business-profile`: the licensee's own business details, sign-up's rules. */
export const licenseeBusinessProfileSchema = z.object({
  businessName: businessNameSchema,
  contactEmail: emailSchema,
  phone: phoneSchema,
});
export type LicenseeBusinessProfile = z.infer<typeof licenseeBusinessProfileSchema>;
