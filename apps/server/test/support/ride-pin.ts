import type { Ride } from '@coride/domain';
import type { AppInstance } from '../../src/app';
import { api, expectOk, type Person } from './world';

/** The start body a driver sends: the PIN as the rider reads it on GET /api/rides/:id (ADR 028). */
export async function pinOf(app: AppInstance, rideId: string, rider: Person): Promise<{ pin: string }> {
  const ride = await expectOk<Ride>(await api.get(app, `/api/rides/${rideId}`, rider));
  if (!ride.pin) throw new Error(`the rider of ride ${rideId} got no PIN`);
  return { pin: ride.pin };
}
