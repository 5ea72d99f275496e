import { describe, expect, it } from 'vitest';
import {
  categoryOfNotificationKind,
  isAlwaysDeliveredNotificationKind,
  defaultNotificationPreferences,
  emergencyContactRequestSchema,
  notificationCategories,
  notificationKinds,
  notificationPreferencesSchema,
} from '../src/index';

describe('notification preferences', () => {
  it('puts every notification kind in a category a user can turn off', () => {
    const uncategorised = notificationKinds.filter((kind) => categoryOfNotificationKind(kind) === undefined && !isAlwaysDeliveredNotificationKind(kind));
    expect(uncategorised).toEqual([]);
    expect(categoryOfNotificationKind('safety_alert')).toBeUndefined();
    expect(categoryOfNotificationKind('ride_started')).toBe('rides');
    expect(categoryOfNotificationKind('dispute_resolved')).toBe('disputes');
    expect(categoryOfNotificationKind('licensee_application_rejected')).toBe('applications');
  });

  it('starts with every category on in both channels', () => {
    const defaults = defaultNotificationPreferences();
    expect(Object.keys(defaults).sort()).toEqual([...notificationCategories].sort());
    expect(Object.values(defaults).every((c) => c.email && c.inApp)).toBe(true);
  });

  it('refuses a category that cannot be turned off, such as security mails', () => {
    const result = notificationPreferencesSchema.safeParse({ ...defaultNotificationPreferences(), security: { email: false, inApp: false } });
    expect(result.success).toBe(false);
  });
});

describe('emergency contact', () => {
  it('takes the sign-up phone rule and an optional or empty email', () => {
    expect(emergencyContactRequestSchema.safeParse({ name: 'Ana Ruiz', phone: '212 555 0100' }).success).toBe(true);
    expect(emergencyContactRequestSchema.safeParse({ name: 'Ana Ruiz', phone: '212 555 0100', email: '' }).success).toBe(true);
    const short = emergencyContactRequestSchema.safeParse({ name: 'Ana Ruiz', phone: '555' });
    expect(short.error?.issues[0]?.message).toBe('Phone number must be at least 10 digits');
    const email = emergencyContactRequestSchema.safeParse({ name: 'Ana Ruiz', phone: '212 555 0100', email: 'not-mail' });
    expect(email.error?.issues[0]?.path).toEqual(['email']);
  });
});
