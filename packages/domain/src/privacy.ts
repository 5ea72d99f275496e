import { z } from 'zod';

/** DELETE /api/users/me: the caller confirms with their password (contract §8). */
export const deleteAccountRequestSchema = z.object({
  password: z.string().min(1, 'Password is required').max(200, 'Password is too long'),
});
export type DeleteAccountRequest = z.infer<typeof deleteAccountRequestSchema>;

/**
 * GET /api/users/me/export: everything held about the caller, one key per module
 * (apps/server/src/modules/privacy/personal-data.ts), as JSON.
 */
export const personalDataExportSchema = z.object({
  format: z.literal('coride-personal-data/1'),
  exportedAt: z.string(),
  userId: z.string(),
  data: z.record(z.string(), z.unknown()),
});
export type PersonalDataExport = z.infer<typeof personalDataExportSchema>;

/** Why DELETE /api/users/me answered 409 (the web app explains each). */
export const accountDeletionBlockers = ['ACTIVE_RIDE', 'OPEN_DISPUTE', 'TERRITORY_HELD', 'STAFF_ACCOUNT'] as const;
export type AccountDeletionBlocker = (typeof accountDeletionBlockers)[number];
