import { escrowStates } from '@coride/domain/payments';
import { describe, expect, it } from 'vitest';
import { driverEarningOf, escrowBadgeOf } from './earnings';

describe('driverEarningOf', () => {
  it('is the subtotal plus the tip', () => {
    expect(driverEarningOf({ subtotal: 1200, tip: 300 })).toBe(1500);
  });
});

describe('escrowBadgeOf', () => {
  it('says until when held money waits', () => {
    expect(escrowBadgeOf('held', '2026-03-04T10:00:00.000Z')).toEqual({ key: 'held', variant: 'secondary', until: '2026-03-04T10:00:00.000Z' });
    expect(escrowBadgeOf('held', null)).toEqual({ key: 'heldNoDate', variant: 'secondary' });
  });

  it('names released, disputed and refunded money', () => {
    expect(escrowBadgeOf('released', '2026-03-04T10:00:00.000Z')).toEqual({ key: 'released', variant: 'success' });
    expect(escrowBadgeOf('disputed', '2026-03-04T10:00:00.000Z').key).toBe('disputed');
    expect(escrowBadgeOf('refunded', null).key).toBe('refunded');
  });

  it('has a badge for every escrow state', () => {
    for (const state of escrowStates) expect(escrowBadgeOf(state, null).key).toBeTruthy();
  });
});
