import { describe, expect, it } from 'vitest';
import { disputeNotice } from './dispute-notice';

const ride = { pickupAddress: 'A', dropoffAddress: '1 Main St', totalFare: 2000, tip: 0, completedAt: null, driverName: null };

describe('disputeNotice', () => {
  it('names the refund when there is one, full or partial', () => {
    expect(disputeNotice({ refundAmount: 2000, ride })).toEqual({ key: 'refund', amount: 2000, address: '1 Main St' });
    expect(disputeNotice({ refundAmount: 500, ride })).toEqual({ key: 'refund', amount: 500, address: '1 Main St' });
  });

  it('says the payment was released when nothing was refunded', () => {
    expect(disputeNotice({ refundAmount: 0, ride }).key).toBe('release');
  });
});
