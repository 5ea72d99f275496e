import { DEFAULT_RIDER_RATING, estimateRoute, type LatLng, type Ride, type RideDriver } from '@coride/domain';
import { priceColumns, type RideDetails } from './repository';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** Minutes for the driver to reach the pickup (accepted) or the drop-off (in progress). */
export function etaMinutes(status: Ride['status'], pickup: LatLng, dropoff: LatLng, driverLocation: LatLng | undefined): number | null {
  if (!driverLocation) return null;
  if (status === 'accepted') return estimateRoute(driverLocation, pickup).durationMinutes;
  if (status === 'in_progress') return estimateRoute(driverLocation, dropoff).durationMinutes;
  return null;
}

export function toRideDriver(details: RideDetails, driverLocation: LatLng | undefined): RideDriver | null {
  const { driver, vehicle } = details;
  if (!driver || !vehicle) return null;
  return {
    id: driver.id,
    name: `${driver.firstName} ${driver.lastName.charAt(0)}.`,
    rating: details.driverRating === null ? null : Math.round(details.driverRating * 10) / 10,
    vehicleColor: vehicle.color,
    vehicleModel: `${vehicle.make} ${vehicle.model}`,
    vehiclePlate: vehicle.plate,
    // The driver's own phone never leaves the server; a number-masking integration would put its proxy number here.
    maskedPhone: null,
    currentLocation: driverLocation ? { lat: driverLocation.lat, lng: driverLocation.lng } : null,
  };
}

export function toRide(details: RideDetails, driverLocation: LatLng | undefined): Ride {
  const { ride } = details;
  return {
    id: ride.id,
    status: ride.status,
    pickupLocation: { address: ride.pickupAddress, lat: ride.pickupLat, lng: ride.pickupLng },
    dropoffLocation: { address: ride.dropoffAddress, lat: ride.dropoffLat, lng: ride.dropoffLng },
    ...priceColumns(ride),
    currency: 'USD',
    seats: ride.seats,
    vehicleSize: ride.vehicleSize,
    wheelchairAccessible: ride.wheelchairAccessible,
    tip: ride.tip,
    rating: ride.rating,
    ratingComment: ride.ratingComment,
    requestedAt: ride.requestedAt.toISOString(),
    scheduledAt: iso(ride.scheduledAt),
    acceptedAt: iso(ride.acceptedAt),
    arrivedAt: iso(ride.arrivedAt),
    startedAt: iso(ride.startedAt),
    completedAt: iso(ride.completedAt),
    cancelledAt: iso(ride.cancelledAt),
    cancelReason: ride.cancelReason,
    cancelledBy: ride.cancelledBy,
    etaMinutes: etaMinutes(ride.status, { lat: ride.pickupLat, lng: ride.pickupLng }, { lat: ride.dropoffLat, lng: ride.dropoffLng }, driverLocation),
    territoryId: ride.territoryId,
    rider: { ...details.rider, rating: details.riderRating === null ? DEFAULT_RIDER_RATING : Math.round(details.riderRating * 10) / 10 },
    driver: toRideDriver(details, driverLocation),
    creditApplied: ride.creditApplied,
    priority: ride.priority,
    safetyRating: ride.safetyRating,
  };
}
