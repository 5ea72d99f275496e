// The money facts as plain constants in a file of their own, so the landing page can quote them without
// loading the money rules (money.ts re-exports them; docs/money.md).

/**
 * How the money a rider pays is shared (contract section 2, docs/money.md). Rates are of the fare
 * subtotal, in basis points: the 3% platform fee goes to platform software; the 3% admin fee is
 * shared 1.25 / 0.25 / 1.25 / 0.25 between corporate admin, the global CSR fund, the territory's
 * licensee and the territory's local CSR fund. The driver gets the whole subtotal and every tip.
 */
export const FEE_SHARES_BP = {
  platformSoftware: 300,
  corporateAdmin: 125,
  globalCsr: 25,
  licensee: 125,
  localCsr: 25,
} as const;

/** The escrow hold and the dispute window, in days (docs/money.md; the server's defaults). */
export const ESCROW_DAYS = 3;
export const DISPUTE_WINDOW_DAYS = 7;
/** How long the licensee has to decide a dispute after the rider opened it (shown as "resolve by"). */
export const DISPUTE_RESOLVE_DAYS = 7;

/** Spec §9: "License fee $1,000 per 10 zip codes (or part), annual renewal" (community/license.ts applies it). */
export const LICENSE_FEE_CENTS_PER_BLOCK = 100_000;
export const ZIP_CODES_PER_LICENSE_BLOCK = 10;
