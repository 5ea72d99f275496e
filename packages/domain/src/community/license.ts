import { assertCount } from './shared';

/** Spec §9: "License fee $1,000 per 10 zip codes (or part), annual renewal". */
export const LICENSE_FEE_CENTS_PER_BLOCK = 100_000;
export const ZIP_CODES_PER_LICENSE_BLOCK = 10;

/** The annual license fee for a territory of `zipCodes` zip codes, in cents: $1,000 per started block of 10. */
export function licenseFeeCents(zipCodes: number): number {
  assertCount('zipCodes', zipCodes);
  return Math.ceil(zipCodes / ZIP_CODES_PER_LICENSE_BLOCK) * LICENSE_FEE_CENTS_PER_BLOCK;
}
