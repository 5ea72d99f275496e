import { z } from 'zod';

/**
 * Ride options (contract §9, ADR 033): how many seats the rider needs, the smallest vehicle size they
 * accept, and whether the vehicle must be wheelchair accessible. The quote, the booking and dispatch
 * read them through these functions, so "which vehicle fits" has one definition.
 */

/** Vehicle sizes from the smallest up; a driver declares one of these at sign-up (registration.ts). */
export const vehicleSizeOrder = ['compact', 'standard', 'suv', 'large'] as const;
export type VehicleSize = (typeof vehicleSizeOrder)[number];

/** What a rider may ask for: a size, or `any` (the nearest vehicle, whatever its size). */
export const rideVehicleSizes = ['any', ...vehicleSizeOrder] as const;
export type RideVehicleSize = (typeof rideVehicleSizes)[number];

export const MIN_RIDE_SEATS = 1;
export const MAX_RIDE_SEATS = 8;

/**
 * The price factor of each requested size (applied to every fare component, like the zone multiplier):
 * a bigger vehicle costs more. `any` and `compact` pay the base rates. Seats and wheelchair access
 * never change the price (an accessible ride costs what any other ride costs).
 */
export const VEHICLE_SIZE_MULTIPLIERS: Record<RideVehicleSize, number> = {
  any: 1,
  compact: 1,
  standard: 1.1,
  suv: 1.25,
  large: 1.5,
};

const seatsMessage = `Seats must be ${MIN_RIDE_SEATS} to ${MAX_RIDE_SEATS}`;

/** The options as a request carries them: each may be left out (defaults: 1 seat, any size, not accessible). */
export const rideOptionsRequestShape = {
  seats: z.number({ error: seatsMessage }).int(seatsMessage).min(MIN_RIDE_SEATS, seatsMessage).max(MAX_RIDE_SEATS, seatsMessage).optional(),
  vehicleSize: z.enum(rideVehicleSizes, { error: 'Vehicle size must be any, compact, standard, suv or large' }).optional(),
  wheelchairAccessible: z.boolean({ error: 'Wheelchair accessible must be true or false' }).optional(),
};

/** The options of a quote or a ride, as the API answers them. */
export const rideOptionsSchema = z.object({
  seats: z.number().int(),
  vehicleSize: z.enum(rideVehicleSizes),
  wheelchairAccessible: z.boolean(),
});
export type RideOptions = z.infer<typeof rideOptionsSchema>;

export const DEFAULT_RIDE_OPTIONS: RideOptions = { seats: 1, vehicleSize: 'any', wheelchairAccessible: false };

/** A request's options with the defaults filled in. */
export function rideOptionsOf(request: Partial<RideOptions>): RideOptions {
  return {
    seats: request.seats ?? DEFAULT_RIDE_OPTIONS.seats,
    vehicleSize: request.vehicleSize ?? DEFAULT_RIDE_OPTIONS.vehicleSize,
    wheelchairAccessible: request.wheelchairAccessible ?? DEFAULT_RIDE_OPTIONS.wheelchairAccessible,
  };
}

/** True when the rider asked for nothing beyond the defaults: every approved vehicle fits (it has at least 2 passenger seats). */
export function isDefaultRideOptions(options: RideOptions): boolean {
  return options.seats === 1 && options.vehicleSize === 'any' && !options.wheelchairAccessible;
}

/**
 * The vehicle sizes that may take a request: the size asked for and every bigger one (a rider who asks
 * for a standard car may get an SUV at the standard price; never a smaller car than asked). `any`: all.
 */
export function sizesThatFit(requested: RideVehicleSize): VehicleSize[] {
  if (requested === 'any') return [...vehicleSizeOrder];
  return vehicleSizeOrder.slice(vehicleSizeOrder.indexOf(requested));
}

/**
 * A driver's vehicle as declared at sign-up. `seatCount` is already the passenger seats: the sign-up
 * field is "Passenger seats" (2-8, hint "Between 2 and 8 passenger seats"), so the driver's own seat
 * is not in it and nothing is taken off (ADR 033).
 */
export type DeclaredVehicle = { seatCount: number; vehicleSize: string; wheelchairAccessible: boolean };

/** Passenger seats of a vehicle: what the driver declared. */
export function passengerSeats(vehicle: Pick<DeclaredVehicle, 'seatCount'>): number {
  return vehicle.seatCount;
}

/** Whether the vehicle may be offered a ride with these options: seats, size and access all fit. */
export function vehicleFits(vehicle: DeclaredVehicle, options: RideOptions): boolean {
  if (options.seats > passengerSeats(vehicle)) return false;
  if (!(sizesThatFit(options.vehicleSize) as string[]).includes(vehicle.vehicleSize)) return false;
  return !options.wheelchairAccessible || vehicle.wheelchairAccessible;
}

/** The price factor of the requested size. */
export function vehicleSizeMultiplier(size: RideVehicleSize): number {
  return VEHICLE_SIZE_MULTIPLIERS[size];
}
