import type { ResolverOptions } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { centsToDollarsText, REFUND_FORMAT_MESSAGE, REFUND_TOO_MUCH_MESSAGE, resolveDisputeResolver, type ResolveDisputeValues } from './resolve-dispute-form';

const options = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<ResolveDisputeValues>;
const resolve = (values: Partial<ResolveDisputeValues>, disputable = 2000) =>
  resolveDisputeResolver(disputable)({ note: '', ...values } as ResolveDisputeValues, undefined, options);

describe('resolveDisputeResolver', () => {
  it('sends a partial refund in cents with the trimmed note', async () => {
    const result = await resolve({ resolution: 'refund_partial', refundAmount: 1250, note: '  Detour confirmed  ' });
    expect(result.errors).toEqual({});
    expect(result.values).toEqual({ resolution: 'refund_partial', refundAmount: 1250, note: 'Detour confirmed' });
  });

  it('drops an amount left over from a partial refund when another resolution is chosen', async () => {
    const result = await resolve({ resolution: 'release', refundAmount: Number.NaN, note: 'Route was fine' });
    expect(result.errors).toEqual({});
    expect(result.values).toEqual({ resolution: 'release', note: 'Route was fine' });
  });

  it('asks for the amount of a partial refund', async () => {
    const result = await resolve({ resolution: 'refund_partial', note: 'Some note' });
    expect(result.errors.refundAmount?.message).toBe('Enter the amount to refund');
  });

  it('refuses an amount it cannot read', async () => {
    const result = await resolve({ resolution: 'refund_partial', refundAmount: Number.NaN, note: 'Some note' });
    expect(result.errors.refundAmount?.message).toBe(REFUND_FORMAT_MESSAGE);
  });

  it('refuses more than the disputable amount', async () => {
    expect((await resolve({ resolution: 'refund_partial', refundAmount: 2001, note: 'Some note' })).errors.refundAmount?.message).toBe(REFUND_TOO_MUCH_MESSAGE);
    expect((await resolve({ resolution: 'refund_partial', refundAmount: 2000, note: 'Some note' })).errors).toEqual({});
  });

  it('needs a resolution and a note, like the server', async () => {
    const result = await resolve({ note: ' ' });
    expect(result.errors.resolution?.message).toBe('Choose a resolution');
    expect(result.errors.note?.message).toBe('Add a note for the rider');
  });

  it('refuses a zero refund', async () => {
    const result = await resolve({ resolution: 'refund_partial', refundAmount: 0, note: 'Some note' });
    expect(result.errors.refundAmount?.message).toBe('Amount must be more than zero');
  });

  it('reads the dollars text a mediation proposal filled in', async () => {
    expect(centsToDollarsText(1250)).toBe('12.50');
    const result = await resolve({ resolution: 'refund_partial', refundAmount: centsToDollarsText(1250) as unknown as number, note: 'Longer than quoted' });
    expect(result.errors).toEqual({});
    expect(result.values).toEqual({ resolution: 'refund_partial', refundAmount: 1250, note: 'Longer than quoted' });
  });
});
