import { splitFare } from '@coride/domain/money';
import { escrowStates } from '@coride/domain/payments';
import { describe, expect, it } from 'vitest';
import { cardChanges, escrowBadge, isCardExpired, splitServerFields, splitShares } from './payments';

describe('escrowBadge', () => {
  it('names the release date of held money when there is one', () => {
    expect(escrowBadge('held', '2026-03-07T12:00:00.000Z')).toEqual({ key: 'heldUntil', variant: 'secondary', date: '2026-03-07T12:00:00.000Z' });
    expect(escrowBadge('held', null)).toEqual({ key: 'held', variant: 'secondary', date: null });
  });

  it('reads released as done, disputed and failed as needing attention', () => {
    expect(escrowBadge('released', '2026-03-07T12:00:00.000Z')).toEqual({ key: 'released', variant: 'success', date: null });
    expect(escrowBadge('disputed', null).variant).toBe('destructive');
    expect(escrowBadge('failed', null).variant).toBe('destructive');
    expect(escrowBadge('refunded', null).key).toBe('refunded');
  });

  it('has a label for every escrow state, dated only when held', () => {
    for (const state of escrowStates) {
      const badge = escrowBadge(state, '2026-03-07T12:00:00.000Z');
      expect(badge.key).toMatch(/^\w+$/);
      expect(badge.date !== null).toBe(state === 'held');
    }
  });
});

describe('splitShares', () => {
  it("gives every payee's amount and share of the total, in the domain's order", () => {
    // A $20.88 ride with a $3 tip: subtotal 1970, fees 59 + 59.
    const split = splitFare({ subtotal: 1970, platformFee: 59, adminFee: 59 }, 300);
    const shares = splitShares(split);
    expect(shares.map((s) => s.payee)).toEqual(['driver', 'platformSoftware', 'corporateAdmin', 'globalCsr', 'licensee', 'localCsr']);
    expect(shares.map((s) => s.amount)).toEqual([2270, 59, 25, 5, 24, 5]);
    expect(shares.reduce((sum, s) => sum + s.amount, 0)).toBe(2388);
    expect(shares[0]!.share).toBeCloseTo(2270 / 2388);
    expect(shares.reduce((sum, s) => sum + s.share, 0)).toBeCloseTo(1);
  });

  it('keeps the driver at 94% or more of a fare without a tip', () => {
    const shares = splitShares(splitFare({ subtotal: 1000, platformFee: 30, adminFee: 30 }));
    expect(shares[0]!.share).toBeGreaterThanOrEqual(0.94);
  });

  it('gives zero shares when nothing was paid (a full refund)', () => {
    const shares = splitShares({ driver: 0, platformSoftware: 0, corporateAdmin: 0, globalCsr: 0, licensee: 0, localCsr: 0 });
    expect(shares.every((s) => s.amount === 0 && s.share === 0)).toBe(true);
  });
});

describe('isCardExpired', () => {
  const now = new Date('2026-03-15T12:00:00Z');
  it('keeps a card good through the last day of its expiry month', () => {
    expect(isCardExpired({ expiryDate: '03/26' }, now)).toBe(false);
    expect(isCardExpired({ expiryDate: '12/30' }, now)).toBe(false);
  });

  it('marks an earlier month as expired', () => {
    expect(isCardExpired({ expiryDate: '02/26' }, now)).toBe(true);
    expect(isCardExpired({ expiryDate: '12/25' }, now)).toBe(true);
  });
});

describe('cardChanges', () => {
  const method = { expiryDate: '12/29', isDefault: false };

  it('is null when nothing changed', () => {
    expect(cardChanges({ expiryDate: '12/29', isDefault: false }, method)).toBeNull();
    expect(cardChanges({ expiryDate: ' 12/29 ', isDefault: false }, method)).toBeNull();
    // The default card stays the default: there is no "un-default".
    expect(cardChanges({ expiryDate: '12/29', isDefault: true }, { ...method, isDefault: true })).toBeNull();
  });

  it('sends only what changed', () => {
    expect(cardChanges({ expiryDate: '01/30', isDefault: false }, method)).toEqual({ expiryDate: '01/30' });
    expect(cardChanges({ expiryDate: '12/29', isDefault: true }, method)).toEqual({ isDefault: true });
    expect(cardChanges({ expiryDate: '01/30', isDefault: true }, method)).toEqual({ expiryDate: '01/30', isDefault: true });
  });
});

describe('splitServerFields', () => {
  it("puts the server's messages on the form's own fields and keeps the rest", () => {
    expect(splitServerFields({ cardNumber: 'The card was declined', paymentMethod: 'Add a card' }, ['cardNumber', 'cvc'] as const)).toEqual({
      onFields: [['cardNumber', 'The card was declined']],
      other: ['Add a card'],
    });
    expect(splitServerFields({}, ['cvc'] as const)).toEqual({ onFields: [], other: [] });
  });
});
