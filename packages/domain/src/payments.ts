import { z } from 'zod';
import { disputeMediationRecordSchema } from './assistant';
import { payees } from './money';
import { hasSomeField, NOTHING_TO_CHANGE_MESSAGE } from './patch';
import { fareBreakdownSchema } from './pricing';
import { text } from './text';

/** Luhn checksum over a string of digits. */
export function isLuhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export const cardBrands = ['visa', 'mastercard', 'amex', 'discover', 'card'] as const;
export type CardBrand = (typeof cardBrands)[number];

export function cardBrand(digits: string): CardBrand {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2(2[2-9][1-9]|2[3-9]\d|[3-6]\d\d|7[01]\d|720))/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
  return 'card';
}

/** "MM/YY" -> month and four-digit year, or undefined. */
export function parseExpiry(value: string): { month: number; year: number } | undefined {
  const match = /^(\d{2})\s*\/\s*(\d{2})$/.exec(value.trim());
  if (!match) return undefined;
  const month = Number(match[1]);
  if (month < 1 || month > 12) return undefined;
  return { month, year: 2000 + Number(match[2]) };
}

/** A card is good through the last day of its expiry month. */
export function isExpiryInFuture(value: string, now: Date): boolean {
  const expiry = parseExpiry(value);
  if (!expiry) return false;
  return expiry.year * 12 + expiry.month >= now.getUTCFullYear() * 12 + now.getUTCMonth() + 1;
}

export function formatExpiry(month: number, year: number): string {
  return `${String(month).padStart(2, '0')}/${String(year % 100).padStart(2, '0')}`;
}

const expiryDate = z
  .string()
  .trim()
  .refine((value) => parseExpiry(value) !== undefined, 'Enter the expiry as MM/YY')
  .refine((value) => isExpiryInFuture(value, new Date()), 'This card has expired');

export const addPaymentMethodSchema = z.object({
  cardNumber: z
    .string()
    .transform((value) => value.replace(/[\s-]/g, ''))
    .refine((value) => /^\d{12,19}$/.test(value), 'Enter the card number (12 to 19 digits)')
    .refine((value) => isLuhnValid(value), 'This card number is not valid'),
  expiryDate,
  cvc: z
    .string()
    .trim()
    .regex(/^\d{3,4}$/, 'Enter the 3 or 4 digit security code'),
  isDefault: z.boolean().optional(),
});
export type AddPaymentMethodInput = z.input<typeof addPaymentMethodSchema>;
export type AddPaymentMethodRequest = z.output<typeof addPaymentMethodSchema>;

export const updatePaymentMethodSchema = z
  .object({ expiryDate: expiryDate.optional(), isDefault: z.literal(true).optional() })
  .refine(hasSomeField, NOTHING_TO_CHANGE_MESSAGE);
export type UpdatePaymentMethodRequest = z.infer<typeof updatePaymentMethodSchema>;

export const paymentMethodSchema = z.object({
  id: z.string(),
  brand: z.enum(cardBrands),
  lastFour: z.string(),
  expiryDate: z.string(),
  isDefault: z.boolean(),
  createdAt: z.string(),
});
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

export const splitSchema = z.object(Object.fromEntries(payees.map((payee) => [payee, z.number().int()])) as Record<(typeof payees)[number], z.ZodNumber>);

export const chargeKinds = ['fare', 'tip'] as const;
export const chargeStatuses = ['authorized', 'captured', 'voided', 'failed'] as const;
export const escrowStates = ['authorized', 'held', 'disputed', 'released', 'refunded', 'voided', 'failed'] as const;
export type EscrowState = (typeof escrowStates)[number];

export const chargeSchema = z.object({
  id: z.string(),
  kind: z.enum(chargeKinds),
  status: z.enum(chargeStatuses),
  amount: z.number().int(),
  refunded: z.number().int(),
  /** Where the money is: authorised (a hold), held in escrow, released to the payees, refunded, voided. */
  escrow: z.enum(escrowStates),
  releaseAfter: z.string().nullable(),
  releasedAt: z.string().nullable(),
  capturedAt: z.string().nullable(),
  split: splitSchema,
});
export type Charge = z.infer<typeof chargeSchema>;

export const disputeReasons = ['overcharged', 'wrong_route', 'driver_conduct', 'safety', 'lost_item', 'other'] as const;
export type DisputeReason = (typeof disputeReasons)[number];
export const disputeResolutions = ['refund_full', 'refund_partial', 'release'] as const;
export const disputeStatuses = ['open', 'resolved'] as const;

export const openDisputeSchema = z.object({
  reason: z.enum(disputeReasons, 'Choose a reason'),
  description: text({ multiline: true }).min(10, 'Describe what happened in at least 10 characters').max(2000, 'Keep the description under 2000 characters'),
});
export type OpenDisputeRequest = z.infer<typeof openDisputeSchema>;

export const resolveDisputeSchema = z
  .object({
    resolution: z.enum(disputeResolutions, 'Choose a resolution'),
    refundAmount: z.number().int('Amount must be whole cents').positive('Amount must be more than zero').optional(),
    note: text({ multiline: true }).min(3, 'Add a note for the rider').max(2000, 'Keep the note under 2000 characters'),
  })
  .refine((value) => value.resolution !== 'refund_partial' || value.refundAmount !== undefined, {
    message: 'Enter the amount to refund',
    path: ['refundAmount'],
  });
export type ResolveDisputeRequest = z.infer<typeof resolveDisputeSchema>;

export const disputeSchema = z.object({
  id: z.string(),
  rideId: z.string(),
  reason: z.enum(disputeReasons),
  description: z.string(),
  status: z.enum(disputeStatuses),
  resolution: z.enum(disputeResolutions).nullable(),
  refundAmount: z.number().int(),
  resolutionNote: z.string().nullable(),
  openedAt: z.string(),
  resolvedAt: z.string().nullable(),
  /** Cents of the ride still disputable (fare paid minus refunds). */
  disputableAmount: z.number().int(),
  rider: z.object({ id: z.string(), name: z.string() }),
  ride: z.object({
    pickupAddress: z.string(),
    dropoffAddress: z.string(),
    totalFare: z.number().int(),
    tip: z.number().int(),
    completedAt: z.string().nullable(),
    driverName: z.string().nullable(),
  }),
  /** The assistant's proposal shown to the licensee and whether the decision followed it (contract §6). */
  mediation: disputeMediationRecordSchema.nullable().optional(),
});
export type Dispute = z.infer<typeof disputeSchema>;

/** A ride's fare breakdown (the quote's fields, one schema: pricing.ts) plus what was paid and where it is. */
export const receiptSchema = fareBreakdownSchema.extend({
  rideId: z.string(),
  completedAt: z.string().nullable(),
  pickupAddress: z.string(),
  dropoffAddress: z.string(),
  tip: z.number().int(),
  refunded: z.number().int(),
  /** What the rider paid in the end: fare + tip - reward credit - refunds. */
  paid: z.number().int(),
  /** Reward credit applied to the fare (paid by the platform, not the rider's card). */
  creditApplied: z.number().int().optional(),
  paymentMethod: z.object({ brand: z.enum(cardBrands), lastFour: z.string() }).nullable(),
  /** Who gets what of the paid amount, from the ledger's postings for this ride. */
  split: splitSchema,
  escrow: z.enum(escrowStates),
  releaseAfter: z.string().nullable(),
  charges: z.array(chargeSchema),
  dispute: disputeSchema.nullable(),
  /** Until when the rider may open a dispute; null once a dispute exists or the ride is not completed. */
  disputeUntil: z.string().nullable(),
});
export type Receipt = z.infer<typeof receiptSchema>;

export const paymentHistoryItemSchema = z.object({
  rideId: z.string(),
  completedAt: z.string().nullable(),
  pickupAddress: z.string(),
  dropoffAddress: z.string(),
  totalFare: z.number().int(),
  tip: z.number().int(),
  refunded: z.number().int(),
  paid: z.number().int(),
  escrow: z.enum(escrowStates),
  /** When the fare leaves escrow (3 days after the ride), while it is held. */
  releaseAfter: z.string().nullable(),
  paymentMethod: z.object({ brand: z.enum(cardBrands), lastFour: z.string() }).nullable(),
});
export type PaymentHistoryItem = z.infer<typeof paymentHistoryItemSchema>;

export const driverEarningsSchema = z.object({
  /** The driver's part of rides captured today / in the last 7 days (held or released), cents. */
  today: z.number().int(),
  week: z.number().int(),
  todayRides: z.number().int(),
  weekRides: z.number().int(),
  /** Held in escrow, waiting for release (or a dispute). */
  pending: z.number().int(),
  /** Released to the driver's account: the ledger balance (after any clawback). */
  released: z.number().int(),
  tips: z.number().int(),
  lifetime: z.number().int(),
  nextReleaseAt: z.string().nullable(),
  recent: z.array(
    z.object({
      rideId: z.string(),
      completedAt: z.string().nullable(),
      pickupAddress: z.string(),
      dropoffAddress: z.string(),
      fare: z.number().int(),
      tip: z.number().int(),
      escrow: z.enum(escrowStates),
      releaseAfter: z.string().nullable(),
    }),
  ),
});
export type DriverEarnings = z.infer<typeof driverEarningsSchema>;

export const dailyRevenueSchema = z.object({
  day: z.string(),
  platform: z.number().int(),
  licensees: z.number().int(),
  csr: z.number().int(),
  drivers: z.number().int(),
});
export type DailyRevenue = z.infer<typeof dailyRevenueSchema>;

export const ledgerTotalsSchema = z.object({
  captured: z.number().int(),
  inEscrow: z.number().int(),
  released: z.number().int(),
  refunded: z.number().int(),
  platformRevenue: z.number().int(),
  driverEarnings: z.number().int(),
  licenseeCommission: z.number().int(),
  csrFunds: z.number().int(),
  openDisputes: z.number().int(),
});
export type LedgerTotals = z.infer<typeof ledgerTotalsSchema>;
