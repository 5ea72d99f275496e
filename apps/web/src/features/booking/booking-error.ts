import { ApiRequestError } from '@/lib/api';

/** The server's reason for a failed booking when it gave one (the spec's 'Booking Error' toast), else `fallback`. */
export function bookingErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiRequestError && error.code !== 'HTTP_ERROR' && error.message) return error.message;
  return fallback;
}
