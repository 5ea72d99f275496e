import type { RideCall } from '@coride/domain';
import { apiRequest, ApiRequestError } from '@/lib/api';

/**
 * The masked number that rings the ride's driver (contract §9, ADR 035), or null when this deployment
 * has no number-masking service (409 CALLS_NOT_CONFIGURED): calls then go through the messages.
 * Loaded on the first press of Call, so the booking page does not carry it.
 */
export async function maskedNumberFor(rideId: string): Promise<string | null> {
  try {
    return (await apiRequest<RideCall>(`/api/rides/${rideId}/call`, { method: 'POST' })).number;
  } catch (error) {
    if (error instanceof ApiRequestError && error.code === 'CALLS_NOT_CONFIGURED') return null;
    throw error;
  }
}
