import { z } from 'zod';
import type { NotificationKind } from './notifications';
import { emailSchema, phoneSchema } from './registration';
import type { Role } from './roles';
import { text } from './text';

/*
 * Account settings a user keeps for themself (contract §8 and §9; ADR 026): which mails and in-app
 * notifications they receive, by category, and the people to tell in an emergency.
 */

/**
 * What a user may turn off, per channel. Security and legal mails (email verification, password reset,
 * password changed, account deletion) are in no category: they are always sent.
 */
export const notificationCategories = ['rides', 'disputes', 'applications', 'payouts'] as const;
export type NotificationCategory = (typeof notificationCategories)[number];

/** Where a user hears of an event: a mail, or the consoles' bell. */
export const notificationChannels = ['email', 'inApp'] as const;
export type NotificationChannel = (typeof notificationChannels)[number];

/**
 * The category of an in-app notification kind, by the kind's name (`ride_*`, `dispute_*`, `payout_*`,
 * `*_application_*`), so a new kind of a known family is in its category at once. Undefined for a kind
 * of no family: the test of this file fails until the family is added here.
 */
export function categoryOfNotificationKind(kind: NotificationKind): NotificationCategory | undefined {
  if (isAlwaysDeliveredNotificationKind(kind)) return undefined;
  if (kind.startsWith('ride_')) return 'rides';
  if (kind.startsWith('dispute_')) return 'disputes';
  if (kind.startsWith('payout_')) return 'payouts';
  if (kind.includes('_application_')) return 'applications';
  return undefined;
}

/**
 * Kinds nobody can turn off: an SOS reaches staff whatever they chose (ADR 032); a driver always hears
 * that staff suspended or reinstated them (ADR 031); a person always gets the answer to the question
 * they asked local support; a driver that a licence or insurance is expiring or has expired (contract §10:
 * it decides whether they may drive).
 */
export const alwaysDeliveredNotificationKinds: readonly NotificationKind[] = [
  'safety_alert',
  'driver_suspended',
  'driver_reinstated',
  'support_answered',
  'driver_document_expiring',
  'driver_document_expired',
];
export const isAlwaysDeliveredNotificationKind = (kind: NotificationKind): boolean => alwaysDeliveredNotificationKinds.includes(kind);

/** The categories a role hears of (the settings screen shows only these; the API keeps all). */
const categoriesByRole: Record<Role, readonly NotificationCategory[]> = {
  customer: ['rides', 'disputes'],
  driver: ['rides', 'applications', 'payouts'],
  licensee: ['applications', 'payouts'],
  admin: [],
};
export const notificationCategoriesFor = (role: Role): readonly NotificationCategory[] => categoriesByRole[role];

const channelsSchema = z.strictObject({
  email: z.boolean({ error: 'Choose on or off' }),
  inApp: z.boolean({ error: 'Choose on or off' }),
});

/**
 * `GET` and `PUT /api/users/me/notification-preferences`: every category with both channels (true: on).
 * Strict: a category that is not here (such as security mails) is refused, not ignored.
 */
export const notificationPreferencesSchema = z.strictObject({
  rides: channelsSchema,
  disputes: channelsSchema,
  applications: channelsSchema,
  payouts: channelsSchema,
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/** Everything on: a user who never saved their preferences. */
export const defaultNotificationPreferences = (): NotificationPreferences => ({
  rides: { email: true, inApp: true },
  disputes: { email: true, inApp: true },
  applications: { email: true, inApp: true },
  payouts: { email: true, inApp: true },
});

/** A user keeps at most this many emergency contacts (contract §9). */
export const MAX_EMERGENCY_CONTACTS = 5;

/** `POST /api/users/me/emergency-contacts` and its form: the phone follows the sign-up rule; email may be left empty. */
export const emergencyContactRequestSchema = z.object({
  name: text({ error: 'Name is required' }).min(1, 'Name is required').max(100, 'At most 100 characters'),
  phone: phoneSchema,
  email: z.union([z.literal(''), emailSchema], { error: 'Invalid email address' }).optional(),
});
export type EmergencyContactRequest = z.infer<typeof emergencyContactRequestSchema>;

export const emergencyContactSchema = z.object({
  id: z.string(),
  name: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  createdAt: z.string(),
});
export type EmergencyContact = z.infer<typeof emergencyContactSchema>;
