import { describe, expect, it } from 'vitest';
import type { UserRow } from '../../../src/modules/accounts/repository';
import { toPublicUser } from '../../../src/modules/accounts/service';

const row = (changes: Partial<UserRow> = {}): UserRow => ({
  id: '5f0c6a8e-4d1e-4a57-9c1e-2f8e8b7c9a01',
  role: 'customer',
  email: 'ada@example.test',
  passwordHash: '$2b$10$secret',
  firstName: 'Ada',
  lastName: 'Rider',
  phone: null,
  homeAddress: '1 Main St',
  preferredPaymentMethod: null,
  referralCode: null,
  referredBy: null,
  language: 'en',
  emailVerifiedAt: null,
  deletedAt: null,
  erasedAt: null,
  createdAt: new Date('2026-11-01T10:00:00.000Z'),
  ...changes,
});

describe('toPublicUser', () => {
  it('shows the public fields only, the date as ISO text', () => {
    expect(toPublicUser(row())).toEqual({
      id: '5f0c6a8e-4d1e-4a57-9c1e-2f8e8b7c9a01',
      role: 'customer',
      firstName: 'Ada',
      lastName: 'Rider',
      email: 'ada@example.test',
      phone: null,
      createdAt: '2026-11-01T10:00:00.000Z',
      homeAddress: '1 Main St',
      language: 'en',
      emailVerified: false,
    });
  });

  it('makes one frozen view per row, and a new one for a row read again after a change', () => {
    const before = row();
    const view = toPublicUser(before);
    expect(toPublicUser(before)).toBe(view);
    expect(Object.isFrozen(view)).toBe(true);
    // A profile change or a confirmed email reads a new row of the same user: its view shows the change.
    const after = toPublicUser(row({ firstName: 'Ida', emailVerifiedAt: new Date() }));
    expect(after).toMatchObject({ firstName: 'Ida', emailVerified: true });
    expect(toPublicUser(before).firstName).toBe('Ada');
  });
});
