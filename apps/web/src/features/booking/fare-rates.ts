/**
 * The published rates a rider is shown before booking, in integer cents (contract section 2). They
 * explain how a price is built; the server's quote for the actual trip is the price charged.
 */
export const fareRates = {
  baseFareCents: 250,
  perMileCents: 150,
  perMinuteCents: 20,
  platformFeeRate: 0.03,
  adminFeeRate: 0.03,
} as const;
