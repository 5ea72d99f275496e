import { zodResolver } from '@hookform/resolvers/zod';
// From the package root rather than '@coride/domain/payments': this lazy chunk then needs the same
// domain chunks as the booking page, instead of splitting pricing out of the payments chunk there.
// eslint-disable-next-line no-restricted-imports -- the one deliberate root import (see above)
import { resolveDisputeSchema, type ResolveDisputeRequest } from '@coride/domain';
import type { Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { parseDollarsToCents } from './disputes';

/** The form's values: the domain request, with the partial amount already in cents (NaN when unreadable). */
export type ResolveDisputeValues = z.input<typeof resolveDisputeSchema>;

/** Messages of the checks the form adds to the domain schema (translated under disputes:validation). */
export const REFUND_FORMAT_MESSAGE = 'refund_format';
export const REFUND_TOO_MUCH_MESSAGE = 'refund_too_much';

const domainResolver = zodResolver(resolveDisputeSchema);

/**
 * The amount as the form holds it: cents once typed (the field's setValueAs), or the dollars text a
 * proposal filled in ("12.50"), shown as is in the field and read here.
 */
function amountInCents(value: unknown): number | undefined {
  return typeof value === 'string' ? parseDollarsToCents(value) : (value as number | undefined);
}

/** The text the amount field shows for cents: 1250 -> "12.50". */
export function centsToDollarsText(cents: number): string {
  return (cents / 100).toFixed(2);
}

/**
 * The domain's resolveDisputeSchema, plus what only the form knows: the amount typed could not be
 * read, or it is more than the ride's disputable amount. The amount is dropped unless the resolution
 * is a partial refund, so a value left in the hidden field never blocks another choice.
 */
export function resolveDisputeResolver(disputableAmount: number): Resolver<ResolveDisputeValues, unknown, ResolveDisputeRequest> {
  return async (values, context, options) => {
    const isPartial = values.resolution === 'refund_partial';
    const amount = isPartial ? amountInCents(values.refundAmount) : undefined;
    const result = await domainResolver({ ...values, refundAmount: amount }, context, options);
    let amountError: string | undefined;
    if (amount !== undefined && Number.isNaN(amount)) amountError = REFUND_FORMAT_MESSAGE;
    else if (amount !== undefined && amount > disputableAmount) amountError = REFUND_TOO_MUCH_MESSAGE;
    if (!amountError) return result;
    return { values: {}, errors: { ...result.errors, refundAmount: { type: 'validate', message: amountError } } };
  };
}
