import { describe, expect, it } from 'vitest';
import { splitFare } from '@coride/domain/money';
import { feeCents, PRICING } from '@coride/domain/pricing-rules';
import { REDEMPTION_OPTIONS, REWARD_POINTS as DOMAIN_REWARD_POINTS } from '@coride/domain/community/rewards';
import { licenseFeeCents } from '@coride/domain/community/license';
import { LICENSE_FEE_CENTS, TOTAL_FEE_BPS, ZIP_CODES_PER_LICENSE } from './marketplace-facts';
import { compareFees, REWARD_POINTS, REWARD_REDEMPTION, SAMPLE_SUBTOTAL_CENTS } from './section-facts';

// The landing page quotes these figures; they must be the ones the server charges.
describe('marketplace facts', () => {
  it('shows the sample fare as the domain prices and splits it ($20.00 + 6% = $21.20)', () => {
    const { feeParts, ours } = compareFees(SAMPLE_SUBTOTAL_CENTS);
    expect(TOTAL_FEE_BPS).toBe(600);
    expect(feeParts).toEqual({ platformSoftware: 60, corporateAdmin: 25, globalCsr: 5, licensee: 25, localCsr: 5 });
    expect(ours).toEqual({ fees: 120, riderPays: 2120, driverKeeps: 2000 });
  });

  it('is what the domain prices and splitFare settles for the sample fare', () => {
    const platformFee = feeCents(SAMPLE_SUBTOTAL_CENTS, PRICING.platformFeeRate);
    const adminFee = feeCents(SAMPLE_SUBTOTAL_CENTS, PRICING.adminFeeRate);
    const { feeParts, ours } = compareFees(SAMPLE_SUBTOTAL_CENTS);
    expect(ours.riderPays).toBe(SAMPLE_SUBTOTAL_CENTS + platformFee + adminFee);
    expect(splitFare({ subtotal: SAMPLE_SUBTOTAL_CENTS, platformFee, adminFee })).toEqual({ driver: ours.driverKeeps, ...feeParts });
  });

  it('quotes the licence fee and the reward points of the domain', () => {
    expect(LICENSE_FEE_CENTS).toBe(licenseFeeCents(ZIP_CODES_PER_LICENSE));
    expect(REWARD_POINTS).toEqual({
      rate: DOMAIN_REWARD_POINTS.rate_driver,
      review: DOMAIN_REWARD_POINTS.detailed_review,
      safety: DOMAIN_REWARD_POINTS.safety_report,
      referral: DOMAIN_REWARD_POINTS.referral,
    });
    expect(REDEMPTION_OPTIONS.find((option) => option.id === 'credit_1')).toMatchObject({
      points: REWARD_REDEMPTION.points,
      effect: { cents: REWARD_REDEMPTION.creditCents },
    });
  });
});
