import { describe, expect, it } from 'vitest';
import {
  driverRegistrationSchema,
  fieldErrors,
  isAcceptedPlate,
  isAcceptedVehicleYear,
  VEHICLE_PLATE_MESSAGE,
  VEHICLE_YEAR_MESSAGE,
  vehicleYearRange,
} from '../src';

/* Vehicle rules at sign-up (contract §10): a year from 25 years ago to next year, a plate of 2-8 letters, digits, spaces or dashes. */

const driverForm = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  phone: '2125550100',
  password: 'correct horse battery',
  confirmPassword: 'correct horse battery',
  terms: true,
  licenseNumber: 'D1234567',
  insuranceNumber: 'INS-99887',
  vehicleMake: 'Toyota',
  vehicleModel: 'Camry',
  vehicleYear: String(new Date().getUTCFullYear() - 3),
  vehicleAge: 'standard',
  vehicleSize: 'standard',
  seatCount: 4,
  vehicleColor: 'Blue',
  vehiclePlate: 'NYC-1234',
  driveArea: 'Manhattan',
  ...overrides,
});

function errorsOf(value: unknown): Record<string, string> {
  const result = driverRegistrationSchema.safeParse(value);
  return result.success ? {} : fieldErrors(result.error);
}

describe('vehicle year', () => {
  const in2026 = new Date('2026-11-25T12:00:00Z');

  it('runs from 25 years ago to next year, both ends included', () => {
    expect(vehicleYearRange(in2026)).toEqual({ min: 2001, max: 2027 });
    expect(isAcceptedVehicleYear('2001', in2026)).toBe(true);
    expect(isAcceptedVehicleYear('2027', in2026)).toBe(true);
    expect(isAcceptedVehicleYear('2026', in2026)).toBe(true);
    expect(isAcceptedVehicleYear('2000', in2026)).toBe(false);
    expect(isAcceptedVehicleYear('2028', in2026)).toBe(false);
  });

  it('is four digits, nothing else', () => {
    for (const year of ['21', '02021', '20a1', '2021 ', '+2021', '2021.0', '']) expect(isAcceptedVehicleYear(year, in2026)).toBe(false);
  });

  it('moves with the calendar: a year accepted today may be too old next January', () => {
    expect(isAcceptedVehicleYear('2001', new Date('2026-12-31T23:59:59Z'))).toBe(true);
    expect(isAcceptedVehicleYear('2001', new Date('2027-01-01T00:00:00Z'))).toBe(false);
  });

  it('is checked by the sign-up schema with the same message on the form and the server', () => {
    const year = new Date().getUTCFullYear();
    expect(errorsOf(driverForm({ vehicleYear: String(year - 26) }))).toEqual({ vehicleYear: VEHICLE_YEAR_MESSAGE });
    expect(errorsOf(driverForm({ vehicleYear: String(year + 2) }))).toEqual({ vehicleYear: VEHICLE_YEAR_MESSAGE });
    expect(errorsOf(driverForm({ vehicleYear: String(year + 1) }))).toEqual({});
    expect(errorsOf(driverForm({ vehicleYear: String(year - 25) }))).toEqual({});
    expect(errorsOf(driverForm({ vehicleYear: 'abcd' }))).toEqual({ vehicleYear: VEHICLE_YEAR_MESSAGE });
  });
});

describe('licence plate', () => {
  it('takes 2-8 letters, digits, spaces or dashes', () => {
    for (const plate of ['AB', 'NYC-1234', 'KXY 4821', '12345678', 'ab-12', '7 ABC']) expect(isAcceptedPlate(plate)).toBe(true);
  });

  it('refuses other characters, too short or too long, and a plate with no letter or digit', () => {
    for (const plate of ['A', '123456789', 'NYC_123', 'ÄBC123', 'AB.12', 'AB/12', '--', '  ', 'NYC*1']) expect(isAcceptedPlate(plate)).toBe(false);
  });

  it('is checked by the sign-up schema: too long, or a character outside the rule, says the rule', () => {
    expect(errorsOf(driverForm({ vehiclePlate: 'NYC_123' }))).toEqual({ vehiclePlate: VEHICLE_PLATE_MESSAGE });
    expect(errorsOf(driverForm({ vehiclePlate: 'ABCDE-1234' })).vehiclePlate).toBeDefined();
    expect(errorsOf(driverForm({ vehiclePlate: 'N' }))).toEqual({ vehiclePlate: 'License plate is required' });
    expect(errorsOf(driverForm({ vehiclePlate: ' KXY 4821 ' }))).toEqual({});
  });
});
