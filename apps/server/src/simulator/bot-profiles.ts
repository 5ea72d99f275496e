import type { driverProfiles } from '../modules/applications/profile-tables';

/**
 * The approved driver profile of bot number `n`, written straight into the database by the chaos run
 * and the benchmarks when they seed thousands of drivers at once (the API's sign-up and review would
 * take minutes). `tag` keeps licence numbers and plates apart between the tools that share a database.
 */
export function botDriverProfile(userId: string, n: number, territoryId: string, tag: string): typeof driverProfiles.$inferInsert {
  return {
    userId,
    licenseNumber: `${tag}${n}`,
    insuranceNumber: `I${n}`,
    vehicleMake: 'Toyota',
    vehicleModel: 'Prius',
    vehicleYear: '2022',
    vehicleAge: 'standard',
    vehicleSize: 'standard',
    seatCount: 4,
    vehicleColor: 'White',
    vehiclePlate: `${tag}N${n}`,
    driveArea: 'Midtown',
    territoryId,
    isApproved: true,
  };
}
