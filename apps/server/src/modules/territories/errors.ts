import { AppError } from '../../lib/app-error';

/** The error of a booking, a quote or going online in a suspended territory (422 TERRITORY_SUSPENDED, ADR 027). */
export const territorySuspended = (field: string, message: string) =>
  new AppError('TERRITORY_SUSPENDED', 'This area is paused for now: no new rides are taken here. Please try again later.', { [field]: message });
