import { LICENSE_FEE_CENTS_PER_BLOCK, ZIP_CODES_PER_LICENSE_BLOCK } from '../money-rules';
import { assertCount } from './shared';

// The fee's figures are plain constants among the money facts, which the landing page quotes without this file.
export { LICENSE_FEE_CENTS_PER_BLOCK, ZIP_CODES_PER_LICENSE_BLOCK };

/** The annual license fee for a territory of `zipCodes` zip codes, in cents: $1,000 per started block of 10. */
export function licenseFeeCents(zipCodes: number): number {
  assertCount('zipCodes', zipCodes);
  return Math.ceil(zipCodes / ZIP_CODES_PER_LICENSE_BLOCK) * LICENSE_FEE_CENTS_PER_BLOCK;
}
