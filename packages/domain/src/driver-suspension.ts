import { z } from 'zod';
import { text } from './text';

/*
 * Driver suspension (contract §9, docs/decisions/031): a territory's licensee (its own drivers) or an
 * admin (any driver) suspends a driver with a reason and reinstates them. A suspended driver is taken
 * offline, cannot go online (403 `DRIVER_SUSPENDED`) and is offered no ride; a ride under way finishes.
 */

const REASON_MESSAGE = 'Give a reason (at least 5 characters)';

/** `POST /api/licensee/drivers/:id/suspend`: the reason is told to the driver and kept in the audit trail. */
export const driverSuspendRequestSchema = z.object({
  reason: text({ error: REASON_MESSAGE, multiline: true }).min(5, REASON_MESSAGE).max(500, 'At most 500 characters'),
});
export type DriverSuspendRequest = z.infer<typeof driverSuspendRequestSchema>;

/** Reinstating: a note for the audit trail, optional. */
export const driverReinstateFormSchema = z.object({ reason: text({ multiline: true }).max(500, 'At most 500 characters').optional() });
export type DriverReinstateForm = z.infer<typeof driverReinstateFormSchema>;

/** `POST /api/licensee/drivers/:id/reinstate`: the form's body, which may be omitted. */
export const driverReinstateRequestSchema = driverReinstateFormSchema.nullish();
export type DriverReinstateRequest = z.infer<typeof driverReinstateRequestSchema>;

/** A driver's current suspension as staff see it: when, why and by whom (null: the staff account is gone). */
export const driverSuspensionSchema = z.object({
  at: z.string(),
  reason: z.string(),
  by: z.object({ name: z.string(), role: z.enum(['admin', 'licensee']) }).nullable(),
});
export type DriverSuspension = z.infer<typeof driverSuspensionSchema>;

/** What the driver is shown (`GET /api/drivers/me`): when and why, not who. */
export const ownSuspensionSchema = driverSuspensionSchema.pick({ at: true, reason: true });
export type OwnSuspension = z.infer<typeof ownSuspensionSchema>;

/** The answer of suspend and reinstate: the driver's state after the change. */
export const driverSuspensionStateSchema = z.object({ driverId: z.string(), suspension: driverSuspensionSchema.nullable() });
export type DriverSuspensionState = z.infer<typeof driverSuspensionStateSchema>;
