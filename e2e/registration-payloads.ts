/**
 * Valid sign-up bodies, for set-up through the API: the browser tests (support.ts) and bench/web.ts.
 * Nothing here imports Playwright, so a plain script can use it.
 */

export const PASSWORD = 'e2e-password-123';

export type SignupRole = 'customer' | 'driver' | 'licensee';

const accountPayload = (email: string) => ({
  firstName: 'Grace',
  lastName: 'Hopper',
  email,
  username: email,
  phone: '2125550199',
  password: PASSWORD,
  confirmPassword: PASSWORD,
  terms: true,
});

/** Valid POST /api/register bodies per role. */
export const registrationPayloads = {
  customer: (email: string) => ({ ...accountPayload(email), role: 'customer', homeAddress: '350 5th Ave, New York, NY' }),
  driver: (email: string) => ({
    ...accountPayload(email),
    role: 'driver',
    licenseNumber: 'D1234567',
    insuranceNumber: 'INS-998877',
    vehicleMake: 'Toyota',
    vehicleModel: 'Camry',
    vehicleYear: '2021',
    vehicleAge: 'standard',
    vehicleSize: 'standard',
    seatCount: 4,
    vehicleColor: 'Blue',
    vehiclePlate: 'ABC1234',
    driveArea: 'Manhattan',
  }),
  licensee: (email: string) => ({
    ...accountPayload(email),
    role: 'licensee',
    businessName: 'Harbor Rides LLC',
    businessLicense: 'BL-445566',
    territoryName: 'Lower Manhattan',
    zipCodes: '10001, 10002',
    businessPlan: 'Recruit local drivers, run weekly safety sessions and support riders in their own language.',
  }),
} satisfies Record<SignupRole, (email: string) => Record<string, unknown>>;
