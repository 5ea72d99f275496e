import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { apportion, FEE_SHARES_BP, payees, PRICING, quoteFare, splitFare, splitRefund, splitTotal, subtractSplit, tipSplit } from '../src';
import { cardBrand, isExpiryInFuture, isLuhnValid, addPaymentMethodSchema } from '../src';

const subtotal = fc.integer({ min: 0, max: 5_000_000 });
const tip = fc.integer({ min: 0, max: 100_000 });
const feesOf = (cents: number) => ({ subtotal: cents, platformFee: Math.floor((cents * 3) / 100), adminFee: Math.floor((cents * 3) / 100) });

describe('splitFare', () => {
  it('splits a $14.88 ride (subtotal 1400 + 42 + 42, tip 300) to the cent', () => {
    expect(splitFare({ subtotal: 1400, platformFee: 42, adminFee: 42 }, 300)).toEqual({
      driver: 1700,
      platformSoftware: 42,
      // exact shares 17.5 / 3.5 / 17.5 / 3.5 floor to 40 of the 42: the two cents left go to the
      // largest remainders, all 0.5 here, so to the earlier shares
      corporateAdmin: 18,
      globalCsr: 4,
      licensee: 17,
      localCsr: 3,
    });
  });

  it('gives every part, for any subtotal and tip: the parts add up to the paid total exactly', () => {
    fc.assert(
      fc.property(subtotal, tip, (s, t) => {
        const fare = feesOf(s);
        const split = splitFare(fare, t);
        expect(splitTotal(split)).toBe(s + fare.platformFee + fare.adminFee + t);
        for (const payee of payees) expect(Number.isInteger(split[payee]) && split[payee] >= 0).toBe(true);
      }),
    );
  });

  it('gives the driver at least 94% of what the rider paid, and the whole subtotal plus the tip', () => {
    fc.assert(
      fc.property(subtotal, tip, (s, t) => {
        const fare = feesOf(s);
        const split = splitFare(fare, t);
        expect(split.driver).toBe(s + t);
        expect(split.driver).toBeGreaterThanOrEqual(0.94 * splitTotal(split));
      }),
    );
  });

  it('keeps every fee within one cent of its rate of the subtotal', () => {
    fc.assert(
      fc.property(subtotal, tip, (s, t) => {
        const split = splitFare(feesOf(s), t);
        for (const [share, bp] of Object.entries(FEE_SHARES_BP)) {
          expect(Math.abs(split[share as keyof typeof FEE_SHARES_BP] - (s * bp) / 10_000)).toBeLessThan(1);
        }
      }),
    );
  });

  it('splits the fees of any quoted fare the same way (the quote and the split agree)', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 300, noNaN: true }), fc.double({ min: 0, max: 600, noNaN: true }), tip, (miles, minutes, t) => {
        const fare = quoteFare({ distanceMiles: miles, durationMinutes: minutes });
        const split = splitFare(fare, t);
        expect(splitTotal(split)).toBe(fare.totalFare + t);
        expect(split.driver / splitTotal(split)).toBeGreaterThanOrEqual(0.94);
        expect(split.platformSoftware + split.corporateAdmin + split.globalCsr + split.licensee + split.localCsr).toBeLessThanOrEqual(
          fare.subtotal * 0.06 + 1e-9,
        );
      }),
    );
  });

  it('keeps the 94% promise on the smallest fare, where rounding fees up would break it', () => {
    const fare = quoteFare({ distanceMiles: 0, durationMinutes: 0 });
    expect(fare.subtotal).toBe(PRICING.baseFare);
    const split = splitFare(fare);
    expect(split.driver / splitTotal(split)).toBeGreaterThanOrEqual(0.94);
  });

  it('refuses amounts that are not non-negative integer cents', () => {
    expect(() => splitFare({ subtotal: 10.5, platformFee: 0, adminFee: 0 })).toThrow(RangeError);
    expect(() => splitFare({ subtotal: 100, platformFee: 3, adminFee: 3 }, -1)).toThrow(RangeError);
  });

  it('gives a tip to the driver alone', () => {
    expect(tipSplit(250)).toMatchObject({ driver: 250, platformSoftware: 0, licensee: 0 });
  });
});

describe('splitRefund', () => {
  it('takes back exactly the refund, never more than a part, keeping the driver at 94% or more of what remains', () => {
    fc.assert(
      fc.property(subtotal, tip, fc.double({ min: 0, max: 1, noNaN: true }), (s, t, fraction) => {
        const split = splitFare(feesOf(s), t);
        const amount = Math.floor(splitTotal(split) * fraction);
        const refund = splitRefund(split, amount);
        expect(splitTotal(refund)).toBe(amount);
        const remaining = subtractSplit(split, refund);
        for (const payee of payees) expect(remaining[payee]).toBeGreaterThanOrEqual(0);
        if (splitTotal(remaining) > 0) expect(remaining.driver).toBeGreaterThanOrEqual(0.94 * splitTotal(remaining) - 1);
      }),
    );
  });

  it('takes everything back on a full refund', () => {
    const split = splitFare(feesOf(1234), 100);
    expect(subtractSplit(split, splitRefund(split, splitTotal(split)))).toEqual(subtractSplit(split, split));
  });

  it('refuses a refund above the split total', () => {
    expect(() => splitRefund(splitFare(feesOf(100)), 107)).toThrow(RangeError);
  });
});

describe('apportion', () => {
  it('hands the cents left by flooring to the largest remainders, earlier parts first on ties', () => {
    expect(apportion(10, [10, 10, 10], 3)).toEqual([4, 3, 3]);
    // 7 cents over 25% / 50% / 25%: exact 1.75 / 3.5 / 1.75
    expect(apportion(7, [175, 350, 175], 100)).toEqual([2, 3, 2]);
  });

  it('refuses a total the parts cannot reach by rounding', () => {
    expect(() => apportion(100, [1, 1], 1)).toThrow(RangeError);
  });
});

describe('cards', () => {
  it('checks card numbers with Luhn', () => {
    expect(isLuhnValid('4242424242424242')).toBe(true);
    expect(isLuhnValid('4242424242424241')).toBe(false);
    expect(isLuhnValid('79927398713')).toBe(true);
    expect(isLuhnValid('4242 4242')).toBe(false);
  });

  it('tells the brand from the number', () => {
    expect(cardBrand('4242424242424242')).toBe('visa');
    expect(cardBrand('5555555555554444')).toBe('mastercard');
    expect(cardBrand('2223003122003222')).toBe('mastercard');
    expect(cardBrand('378282246310005')).toBe('amex');
    expect(cardBrand('6011111111111117')).toBe('discover');
    expect(cardBrand('3056930009020004')).toBe('card');
  });

  it('takes a card through the last day of its expiry month', () => {
    const now = new Date('2026-11-30T23:00:00Z');
    expect(isExpiryInFuture('11/26', now)).toBe(true);
    expect(isExpiryInFuture('10/26', now)).toBe(false);
    expect(isExpiryInFuture('13/30', now)).toBe(false);
    expect(isExpiryInFuture('1/30', now)).toBe(false);
  });

  it('validates the add-card payload with the messages the form shows', () => {
    const parsed = addPaymentMethodSchema.safeParse({ cardNumber: '4242 4242 4242 4242', expiryDate: '12/39', cvc: '123' });
    expect(parsed.success && parsed.data.cardNumber).toBe('4242424242424242');
    const bad = addPaymentMethodSchema.safeParse({ cardNumber: '4242 4242 4242 4241', expiryDate: '01/20', cvc: '12' });
    expect(bad.success).toBe(false);
    const messages = Object.fromEntries((bad.error?.issues ?? []).map((issue) => [issue.path[0], issue.message]));
    expect(messages).toEqual({ cardNumber: 'This card number is not valid', expiryDate: 'This card has expired', cvc: 'Enter the 3 or 4 digit security code' });
  });
});
