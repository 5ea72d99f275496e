import type { AppInstance } from '../../src/app';

let counter = 0;
/** A unique email per call, so tests within one database never collide. */
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}.${counter}@example.com`;
}

const account = () => ({
  firstName: 'Ada',
  lastName: 'Lovelace',
  phone: '2125550100',
  password: 'correct horse battery',
  confirmPassword: 'correct horse battery',
  terms: true,
});

export function customerPayload(overrides: Record<string, unknown> = {}) {
  const email = uniqueEmail('rider');
  return {
    role: 'customer',
    username: email,
    email,
    ...account(),
    homeAddress: '350 5th Ave, New York, NY',
    preferredPaymentMethod: 'credit-card',
    ...overrides,
  };
}

export function driverPayload(overrides: Record<string, unknown> = {}) {
  const email = uniqueEmail('driver');
  return {
    role: 'driver',
    username: email,
    email,
    ...account(),
    licenseNumber: 'D1234567',
    insuranceNumber: 'INS-99887',
    vehicleMake: 'Toyota',
    vehicleModel: 'Camry',
    vehicleYear: '2021',
    vehicleAge: 'standard',
    vehicleSize: 'standard',
    seatCount: 4,
    vehicleColor: 'Blue',
    vehiclePlate: 'NYC-1234',
    driveArea: 'Manhattan',
    ...overrides,
  };
}

export function licenseePayload(overrides: Record<string, unknown> = {}) {
  const email = uniqueEmail('licensee');
  return {
    role: 'licensee',
    username: email,
    email,
    ...account(),
    businessName: 'Harlem Rides LLC',
    businessLicense: 'BL-20240001',
    territoryName: 'Upper Manhattan',
    zipCodes: '10026, 10027, 10030',
    businessPlan: 'Recruit twenty local drivers in the first quarter and partner with neighbourhood businesses.',
    experience: 'some',
    ...overrides,
  };
}

export async function register(app: AppInstance, payload: Record<string, unknown>) {
  const response = await app.inject({ method: 'POST', url: '/api/register', payload });
  if (response.statusCode !== 201) throw new Error(`register failed: ${response.statusCode} ${response.body}`);
  return response.json() as { user: { id: string; role: string; email: string }; token: string };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
