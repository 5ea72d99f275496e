/**
 * The figures the landing page's first screen quotes (the hero and its sign-up card), all derived from
 * the domain's money constants (product contract, section 2): percentages in basis points (1 bp =
 * 0.01%), money in integer cents. Only `money-rules`, the domain's file of plain constants, is
 * imported: every export of a module on the first screen ships with it, so the lower sections' own
 * figures and sums live in section-facts.ts, loaded with them.
 */
import { ESCROW_DAYS, DISPUTE_WINDOW_DAYS, FEE_SHARES_BP, LICENSE_FEE_CENTS_PER_BLOCK, ZIP_CODES_PER_LICENSE_BLOCK } from '@coride/domain/money-rules';

export { DISPUTE_WINDOW_DAYS, ESCROW_DAYS };

/** The five shares of the 6% total fee, in basis points of the fare subtotal. */
export const FEE_SHARES_BPS = FEE_SHARES_BP;

export type FeeShare = keyof typeof FEE_SHARES_BPS;

export const feeShares = Object.keys(FEE_SHARES_BPS) as FeeShare[];

export const TOTAL_FEE_BPS = feeShares.reduce((total, share) => total + FEE_SHARES_BPS[share], 0);

export const ZIP_CODES_PER_LICENSE = ZIP_CODES_PER_LICENSE_BLOCK;
export const LICENSE_FEE_CENTS = LICENSE_FEE_CENTS_PER_BLOCK;

/** The smallest share of what the rider pays that reaches the driver: subtotal / (subtotal + fees). */
export const DRIVER_SHARE_OF_PAYMENT = 10_000 / (10_000 + TOTAL_FEE_BPS);
