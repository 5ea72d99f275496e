import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  customerRegistrationSchema,
  driverRegistrationSchema,
  experienceLevels,
  fieldErrors,
  licenseeRegistrationSchema,
  loginRequestSchema,
  MAX_ZIP_CODES_PER_LICENSE,
  parseZipCodes,
  paymentPreferences,
  registerRequestSchema,
  registrationSchemas,
  vehicleAges,
  vehicleSizes,
} from '../src';

// --- valid forms, one per role ------------------------------------------------------------------

const account = () => ({
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  phone: '2125550100',
  password: 'correct horse battery',
  confirmPassword: 'correct horse battery',
  terms: true,
});

const customerForm = (overrides: Record<string, unknown> = {}) => ({
  ...account(),
  homeAddress: '350 5th Ave, New York, NY',
  preferredPaymentMethod: 'credit-card',
  ...overrides,
});

const driverForm = (overrides: Record<string, unknown> = {}) => ({
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
});

const businessPlan = 'Recruit twenty local drivers in the first quarter and partner with local shops.';

const licenseeForm = (overrides: Record<string, unknown> = {}) => ({
  ...account(),
  businessName: 'Harlem Rides LLC',
  businessLicense: 'BL-20240001',
  territoryName: 'Upper Manhattan',
  zipCodes: '10026, 10027, 10030',
  businessPlan,
  experience: 'some',
  ...overrides,
});

type Role = keyof typeof registrationSchemas;
const forms: Record<Role, (overrides?: Record<string, unknown>) => Record<string, unknown>> = {
  customer: customerForm,
  driver: driverForm,
  licensee: licenseeForm,
};
const roles = Object.keys(forms) as Role[];

/** The per-field messages of a failed parse (the same map the API sends as `fields`). */
function errorsOf(schema: z.ZodType, value: unknown): Record<string, string> {
  const result = schema.safeParse(value);
  if (result.success) throw new Error(`expected ${JSON.stringify(value)} to be rejected`);
  return fieldErrors(result.error);
}

function parsed<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) throw new Error(`expected a valid form, got ${JSON.stringify(fieldErrors(result.error))}`);
  return result.data;
}

// --- tests --------------------------------------------------------------------------------------

describe('valid registration forms', () => {
  it.each(roles)('accept a complete %s form', (role) => {
    expect(registrationSchemas[role].safeParse(forms[role]()).success).toBe(true);
  });

  it('trim surrounding spaces from text fields', () => {
    const data = parsed(customerRegistrationSchema, customerForm({ firstName: '  Ada ', homeAddress: ' 350 5th Ave ' }));
    expect(data.firstName).toBe('Ada');
    expect(data.homeAddress).toBe('350 5th Ave');
  });
});

describe('an empty form', () => {
  const common = {
    firstName: 'First name must be at least 2 characters',
    lastName: 'Last name must be at least 2 characters',
    email: 'Invalid email address',
    phone: 'Phone number must be at least 10 digits',
    password: 'Password must be at least 8 characters',
    confirmPassword: "Passwords don't match",
    terms: 'You must agree to the terms',
  };

  it('reports every required customer field with the message of the spec', () => {
    expect(errorsOf(customerRegistrationSchema, {})).toEqual({ ...common, homeAddress: 'Home address is required' });
  });

  it('reports every required driver field with the message of the spec', () => {
    expect(errorsOf(driverRegistrationSchema, {})).toEqual({
      ...common,
      licenseNumber: 'License number is required',
      insuranceNumber: 'Insurance number is required',
      vehicleMake: 'Vehicle make is required',
      vehicleModel: 'Vehicle model is required',
      vehicleYear: 'Vehicle year is required',
      vehicleAge: 'Vehicle age category is required',
      vehicleSize: 'Vehicle size category is required',
      seatCount: 'Minimum 2 seats required',
      vehicleColor: 'Vehicle color is required',
      vehiclePlate: 'License plate is required',
      driveArea: 'Preferred driving area is required',
    });
  });

  it('reports every required licensee field with the message of the spec', () => {
    expect(errorsOf(licenseeRegistrationSchema, {})).toEqual({
      ...common,
      businessName: 'Business name is required',
      businessLicense: 'Business license number is required',
      territoryName: 'Territory name is required',
      zipCodes: 'At least one zip code is required',
      businessPlan: 'Business plan must be at least 50 characters',
    });
  });
});

/** A minimum-length rule: the longest rejected value, the shortest accepted one and the message. */
type LengthRule = { field: string; tooShort: string; atMinimum: string; message: string };
const rule = (field: string, tooShort: string, atMinimum: string, message: string): LengthRule => ({ field, tooShort, atMinimum, message });

const commonLengthRules: LengthRule[] = [
  rule('firstName', 'A', 'Al', 'First name must be at least 2 characters'),
  rule('lastName', 'L', 'Li', 'Last name must be at least 2 characters'),
  rule('phone', '212555010', '2125550100', 'Phone number must be at least 10 digits'),
];

const roleLengthRules: Record<Role, LengthRule[]> = {
  customer: [rule('homeAddress', '1 Rd', '1 Rd.', 'Home address is required')],
  driver: [
    rule('licenseNumber', 'D123', 'D1234', 'License number is required'),
    rule('insuranceNumber', 'I123', 'I1234', 'Insurance number is required'),
    rule('vehicleMake', 'T', 'VW', 'Vehicle make is required'),
    rule('vehicleModel', 'C', 'C3', 'Vehicle model is required'),
    rule('vehicleYear', '202', '2021', 'Vehicle year is required'),
    rule('vehicleColor', 'B', 'Bl', 'Vehicle color is required'),
    rule('vehiclePlate', 'N', 'N1', 'License plate is required'),
    rule('driveArea', 'Q', 'Qs', 'Preferred driving area is required'),
  ],
  licensee: [
    rule('businessName', 'H', 'HR', 'Business name is required'),
    rule('businessLicense', 'BL-1', 'BL-12', 'Business license number is required'),
    rule('territoryName', 'U', 'UM', 'Territory name is required'),
    rule('zipCodes', '1002', '10026', 'At least one zip code is required'),
    rule('businessPlan', 'x'.repeat(49), 'x'.repeat(50), 'Business plan must be at least 50 characters'),
  ],
};

describe.each(roles)('the %s form', (role) => {
  const schema = registrationSchemas[role];
  const form = forms[role];
  const rules = [...commonLengthRules, ...roleLengthRules[role]];

  it.each(rules)('rejects $field of $tooShort with its message', ({ field, tooShort, message }) => {
    expect(errorsOf(schema, form({ [field]: tooShort }))).toEqual({ [field]: message });
  });

  it.each(rules)('accepts $field at its minimum length ($atMinimum)', ({ field, atMinimum }) => {
    expect(schema.safeParse(form({ [field]: atMinimum })).success).toBe(true);
  });

  it.each(rules)('counts only non-blank characters of $field', ({ field, tooShort, message }) => {
    expect(errorsOf(schema, form({ [field]: `   ${tooShort}   ` }))).toEqual({ [field]: message });
  });

  it.each(['not-an-email', 'ada@', '@example.com', 'ada example.com', 'ada@example', ''])('rejects the email %j as an invalid address', (email) => {
    expect(errorsOf(schema, form({ email }))).toEqual({ email: 'Invalid email address' });
  });

  it('rejects a password of 7 characters and accepts one of 8', () => {
    expect(errorsOf(schema, form({ password: 'abcdefg', confirmPassword: 'abcdefg' }))).toEqual({
      password: 'Password must be at least 8 characters',
    });
    expect(schema.safeParse(form({ password: 'abcdefgh', confirmPassword: 'abcdefgh' })).success).toBe(true);
  });

  it('reports a confirmPassword that differs from the password as "Passwords don\'t match" on confirmPassword', () => {
    const result = schema.safeParse(form({ confirmPassword: 'correct horse battery!' }));
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([expect.objectContaining({ path: ['confirmPassword'], message: "Passwords don't match" })]);
  });

  it('reports the password mismatch together with the other field errors', () => {
    expect(errorsOf(schema, form({ firstName: 'A', phone: '123', confirmPassword: 'something else' }))).toEqual({
      firstName: 'First name must be at least 2 characters',
      phone: 'Phone number must be at least 10 digits',
      confirmPassword: "Passwords don't match",
    });
  });

  it('reports both a too short password and a mismatching confirmation', () => {
    expect(errorsOf(schema, form({ password: 'short', confirmPassword: 'shorter' }))).toEqual({
      password: 'Password must be at least 8 characters',
      confirmPassword: "Passwords don't match",
    });
  });

  it.each([false, undefined, 'true', 1])('requires the terms to be agreed (terms = %j)', (terms) => {
    expect(errorsOf(schema, form({ terms }))).toEqual({ terms: 'You must agree to the terms' });
  });

  it('lower-cases and trims the email', () => {
    const data = parsed(schema as z.ZodType<{ email: string }>, form({ email: '  Ada.Lovelace@Example.COM ' }));
    expect(data.email).toBe('ada.lovelace@example.com');
  });

  it('bounds the length of names and passwords', () => {
    expect(errorsOf(schema, form({ firstName: 'A'.repeat(101) }))).toEqual({ firstName: 'At most 100 characters' });
    const long = 'p'.repeat(129);
    expect(errorsOf(schema, form({ password: long, confirmPassword: long }))).toEqual({
      password: 'Password must be at most 128 characters',
    });
  });
});

describe('customer extras', () => {
  it('accept a form without a preferred payment method', () => {
    const { preferredPaymentMethod: _omitted, ...form } = customerForm();
    const data = parsed(customerRegistrationSchema, form);
    expect(data.preferredPaymentMethod).toBeUndefined();
  });

  it.each(paymentPreferences)('accept the payment method %s', (method) => {
    expect(parsed(customerRegistrationSchema, customerForm({ preferredPaymentMethod: method })).preferredPaymentMethod).toBe(method);
  });

  it('reject an unknown payment method', () => {
    expect(errorsOf(customerRegistrationSchema, customerForm({ preferredPaymentMethod: 'cash' }))).toHaveProperty('preferredPaymentMethod');
  });
});

describe('driver extras', () => {
  it.each([2, 3, 4, 5, 6, 7, 8])('accept a seat count of %i', (seatCount) => {
    expect(parsed(driverRegistrationSchema, driverForm({ seatCount })).seatCount).toBe(seatCount);
  });

  it.each([
    [1, 'Minimum 2 seats required'],
    [0, 'Minimum 2 seats required'],
    [-3, 'Minimum 2 seats required'],
    [9, 'Maximum 8 seats allowed'],
    [40, 'Maximum 8 seats allowed'],
  ])('reject a seat count of %i with "%s"', (seatCount, message) => {
    expect(errorsOf(driverRegistrationSchema, driverForm({ seatCount }))).toEqual({ seatCount: message });
  });

  it('reject a fractional or textual seat count', () => {
    expect(errorsOf(driverRegistrationSchema, driverForm({ seatCount: 4.5 }))).toEqual({
      seatCount: 'Seat count must be a whole number',
    });
    expect(errorsOf(driverRegistrationSchema, driverForm({ seatCount: '4' }))).toEqual({ seatCount: 'Minimum 2 seats required' });
  });

  it('accept integer seat counts from 2 to 8 and reject every other integer with the matching message', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1000, max: 1000 }), (seatCount) => {
        const result = driverRegistrationSchema.safeParse(driverForm({ seatCount }));
        if (seatCount >= 2 && seatCount <= 8) return result.success;
        const expected = seatCount < 2 ? 'Minimum 2 seats required' : 'Maximum 8 seats allowed';
        return !result.success && fieldErrors(result.error).seatCount === expected;
      }),
    );
  });

  it.each(vehicleAges)('accept the vehicle age category %s', (vehicleAge) => {
    expect(parsed(driverRegistrationSchema, driverForm({ vehicleAge })).vehicleAge).toBe(vehicleAge);
  });

  it.each(vehicleSizes)('accept the vehicle size category %s', (vehicleSize) => {
    expect(parsed(driverRegistrationSchema, driverForm({ vehicleSize })).vehicleSize).toBe(vehicleSize);
  });

  it('reject an unknown vehicle age or size category with the required message', () => {
    expect(errorsOf(driverRegistrationSchema, driverForm({ vehicleAge: 'vintage', vehicleSize: 'bus' }))).toEqual({
      vehicleAge: 'Vehicle age category is required',
      vehicleSize: 'Vehicle size category is required',
    });
  });

  it('reject a vehicle year longer than four characters', () => {
    expect(errorsOf(driverRegistrationSchema, driverForm({ vehicleYear: '20211' }))).toHaveProperty('vehicleYear');
  });
});

describe('licensee extras', () => {
  it('accept a form without experience', () => {
    const { experience: _omitted, ...form } = licenseeForm();
    expect(parsed(licenseeRegistrationSchema, form).experience).toBeUndefined();
  });

  it.each(experienceLevels)('accept the experience level %s', (experience) => {
    expect(parsed(licenseeRegistrationSchema, licenseeForm({ experience })).experience).toBe(experience);
  });

  it('reject an unknown experience level', () => {
    expect(errorsOf(licenseeRegistrationSchema, licenseeForm({ experience: 'guru' }))).toHaveProperty('experience');
  });

  it.each(['1002a', '100260', '10026, 1002', '10026;10027', 'abcde'])('reject the zip code list %j as not 5-digit codes', (zipCodes) => {
    expect(errorsOf(licenseeRegistrationSchema, licenseeForm({ zipCodes }))).toEqual({
      zipCodes: 'Zip codes must be 5 digits, separated by commas',
    });
  });

  it('accept exactly 10 zip codes', () => {
    const zipCodes = Array.from({ length: MAX_ZIP_CODES_PER_LICENSE }, (_, i) => String(10001 + i)).join(', ');
    expect(licenseeRegistrationSchema.safeParse(licenseeForm({ zipCodes })).success).toBe(true);
  });

  it('reject 11 different zip codes', () => {
    const zipCodes = Array.from({ length: 11 }, (_, i) => String(10001 + i)).join(',');
    expect(errorsOf(licenseeRegistrationSchema, licenseeForm({ zipCodes }))).toEqual({
      zipCodes: 'A license covers at most 10 zip codes',
    });
  });

  it('count a repeated zip code once towards the limit of 10', () => {
    const ten = Array.from({ length: 10 }, (_, i) => String(10001 + i));
    expect(licenseeRegistrationSchema.safeParse(licenseeForm({ zipCodes: [...ten, ten[0]].join(',') })).success).toBe(true);
  });
});

describe('parseZipCodes', () => {
  it('splits on commas and spaces and trims each code', () => {
    expect(parseZipCodes('10001, 10002,10003')).toEqual(['10001', '10002', '10003']);
    expect(parseZipCodes(' 10001\n10002  10003 ,')).toEqual(['10001', '10002', '10003']);
  });

  it('drops repeated codes and keeps the first-seen order', () => {
    expect(parseZipCodes('10003, 10001, 10003, 10002, 10001')).toEqual(['10003', '10001', '10002']);
  });

  it('returns no codes for blank input', () => {
    expect(parseZipCodes('')).toEqual([]);
    expect(parseZipCodes(' , ,, ')).toEqual([]);
  });

  const zipListArbitrary = fc
    .array(fc.oneof(fc.stringMatching(/^\d{5}$/), fc.string({ maxLength: 7 })), { maxLength: 20 })
    .chain((parts) => fc.tuple(fc.constant(parts), fc.array(fc.constantFrom(',', ', ', ' ', ' ,\n'), { minLength: 20, maxLength: 20 })))
    .map(([parts, separators]) => parts.map((part, i) => part + separators[i]).join(''));

  it('never returns duplicates, blanks or separators, and every code comes from the input', () => {
    fc.assert(
      fc.property(zipListArbitrary, (input) => {
        const zips = parseZipCodes(input);
        expect(new Set(zips).size).toBe(zips.length);
        for (const zip of zips) {
          expect(zip).not.toBe('');
          expect(zip).not.toMatch(/[\s,]/);
          expect(input).toContain(zip);
        }
      }),
    );
  });

  it('is stable: parsing its own comma-joined output gives the same list', () => {
    fc.assert(
      fc.property(zipListArbitrary, (input) => {
        const zips = parseZipCodes(input);
        expect(parseZipCodes(zips.join(', '))).toEqual(zips);
      }),
    );
  });
});

describe('name rules as properties', () => {
  it('reject any first or last name shorter than 2 characters with the spec message', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 1 }), fc.constantFrom('firstName', 'lastName'), (name, field) => {
        const message = field === 'firstName' ? 'First name must be at least 2 characters' : 'Last name must be at least 2 characters';
        expect(errorsOf(customerRegistrationSchema, customerForm({ [field]: name }))).toEqual({ [field]: message });
      }),
    );
  });

  it('accept any first name of 2 to 100 non-blank characters and store it trimmed', () => {
    const name = fc.string({ minLength: 2, maxLength: 100 }).filter((s) => s.trim().length >= 2);
    fc.assert(
      fc.property(name, (firstName) => {
        expect(parsed(customerRegistrationSchema, customerForm({ firstName })).firstName).toBe(firstName.trim());
      }),
    );
  });

  it('report any two different passwords as a mismatch on confirmPassword', () => {
    const password = fc.string({ minLength: 8, maxLength: 64 });
    fc.assert(
      fc.property(password, password, (a, b) => {
        fc.pre(a !== b);
        expect(errorsOf(customerRegistrationSchema, customerForm({ password: a, confirmPassword: b }))).toEqual({
          confirmPassword: "Passwords don't match",
        });
      }),
    );
  });
});

describe('registerRequestSchema', () => {
  it.each(roles)('accepts a %s form sent with role and username and keeps the role', (role) => {
    const form = forms[role]();
    const data = parsed(registerRequestSchema, { ...form, role, username: form.email });
    expect(data.role).toBe(role);
  });

  it('does not require the username', () => {
    expect(registerRequestSchema.safeParse({ ...customerForm(), role: 'customer' }).success).toBe(true);
  });

  it('validates the form of the role it is sent with', () => {
    // A customer form sent as a driver lacks every driver extra.
    const errors = errorsOf(registerRequestSchema, { ...customerForm(), role: 'driver' });
    expect(errors).toMatchObject({ licenseNumber: 'License number is required', seatCount: 'Minimum 2 seats required' });
    expect(errors).not.toHaveProperty('homeAddress');
  });

  it.each(['admin', 'superuser', undefined, 42])('rejects the role %j', (role) => {
    expect(errorsOf(registerRequestSchema, { ...customerForm(), role })).toEqual({
      role: 'Role must be customer, driver or licensee',
    });
  });

  it('keeps the password rule of each role', () => {
    expect(errorsOf(registerRequestSchema, { ...licenseeForm(), role: 'licensee', confirmPassword: 'nope nope nope' })).toEqual({
      confirmPassword: "Passwords don't match",
    });
  });

  it('drops fields a client may not set', () => {
    const data = parsed(registerRequestSchema, { ...driverForm(), role: 'driver', isApproved: true, id: 'x', passwordHash: 'y' });
    expect(data).not.toHaveProperty('isApproved');
    expect(data).not.toHaveProperty('id');
    expect(data).not.toHaveProperty('passwordHash');
  });
});

describe('loginRequestSchema', () => {
  it('lower-cases the email', () => {
    expect(parsed(loginRequestSchema, { email: ' Ada@Example.com', password: 'x' }).email).toBe('ada@example.com');
  });

  it('requires a password', () => {
    expect(errorsOf(loginRequestSchema, { email: 'ada@example.com', password: '' })).toEqual({ password: 'Password is required' });
  });
});
