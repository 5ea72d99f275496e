import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../lib/api';
import { paymentProblemOf } from './payment-problem';

describe('paymentProblemOf', () => {
  it('recognises a missing card and a declined one', () => {
    expect(paymentProblemOf(new ApiRequestError(422, 'Add a payment method before booking a ride.', 'PAYMENT_METHOD_REQUIRED'))).toBe('missing');
    expect(paymentProblemOf(new ApiRequestError(422, 'Your card ending in 0002 was declined.', 'PAYMENT_DECLINED'))).toBe('declined');
  });

  it('leaves every other failure to the generic booking error', () => {
    expect(paymentProblemOf(new ApiRequestError(422, 'Not served', 'BUSINESS_RULE'))).toBeNull();
    expect(paymentProblemOf(new ApiRequestError(0, 'offline', 'NETWORK'))).toBeNull();
    expect(paymentProblemOf(new Error('PAYMENT_DECLINED'))).toBeNull();
    expect(paymentProblemOf({ code: 'PAYMENT_DECLINED' })).toBeNull();
    expect(paymentProblemOf(undefined)).toBeNull();
  });
});
