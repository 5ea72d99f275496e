import { z } from 'zod';
import { languageCodes } from './languages';
import { hasSomeField, NOTHING_TO_CHANGE_MESSAGE } from './patch';
import { text } from './text';

/**
 * Registration rules of the product spec, section 5. One schema per role; the sign-up form and
 * POST /api/register both use these, so a rule and its message live in one place.
 */

export const paymentPreferences = ['credit-card', 'debit-card', 'digital-wallet'] as const;
export const vehicleAges = ['premium', 'standard', 'economy'] as const;
export const vehicleSizes = ['compact', 'standard', 'suv', 'large'] as const;
export const experienceLevels = ['none', 'some', 'experienced', 'expert'] as const;

export const MAX_ZIP_CODES_PER_LICENSE = 10;

/* Vehicle rules on top of the spec's (contract §10): a vehicle from the last 25 years (or next year's model), a real plate. */

/** How old a vehicle may be at sign-up, in model years. */
export const MAX_VEHICLE_AGE_YEARS = 25;
export const VEHICLE_YEAR_MESSAGE = 'Vehicle year must be a 4-digit year within the last 25 years (or next year)';
export const VEHICLE_PLATE_MESSAGE = 'License plate must be 2-8 letters, digits, spaces or dashes';
/** 2-8 letters, digits, spaces or dashes (and, checked apart, at least one letter or digit: no lookahead, so the fuzz test can generate it). */
const PLATE_PATTERN = /^[A-Za-z0-9 -]{2,8}$/;
const hasLetterOrDigit = (plate: string) => /[A-Za-z0-9]/.test(plate);

/** The model years accepted on `today` (its UTC year): from 25 years before to next year. */
export function vehicleYearRange(today: Date): { min: number; max: number } {
  const year = today.getUTCFullYear();
  return { min: year - MAX_VEHICLE_AGE_YEARS, max: year + 1 };
}

/** A 4-digit year inside `vehicleYearRange(today)`. The sign-up schema asks it with the clock of the parse. */
export function isAcceptedVehicleYear(value: string, today: Date): boolean {
  if (!/^\d{4}$/.test(value)) return false;
  const { min, max } = vehicleYearRange(today);
  const year = Number(value);
  return year >= min && year <= max;
}

/** Whether `plate` is a licence plate the sign-up takes (contract §10). */
export const isAcceptedPlate = (plate: string): boolean => PLATE_PATTERN.test(plate.trim()) && hasLetterOrDigit(plate);

const requiredText = (min: number, message: string, max = 200, multiline = false) =>
  text({ error: message, multiline }).min(min, message).max(max, `At most ${max} characters`);

export const emailSchema = z
  .string({ error: 'Invalid email address' })
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: 'Invalid email address' }).max(254, 'Invalid email address'));

export const passwordSchema = z
  .string({ error: 'Password must be at least 8 characters' })
  .min(8, 'Password must be at least 8 characters')
  // Bounded so a huge password cannot make the slow hash a denial of service.
  .max(128, 'Password must be at most 128 characters');

const firstNameSchema = requiredText(2, 'First name must be at least 2 characters', 100);
const lastNameSchema = requiredText(2, 'Last name must be at least 2 characters', 100);
/** The sign-up phone rule; emergency contacts' phones follow it too. */
export const phoneSchema = text({ error: 'Phone number must be at least 10 digits' })
  .min(10, 'Phone number must be at least 10 digits')
  .max(30, 'Phone number is too long');
const homeAddressSchema = requiredText(5, 'Home address is required', 300);

const commonShape = {
  firstName: firstNameSchema,
  lastName: lastNameSchema,
  email: emailSchema,
  phone: phoneSchema,
  password: passwordSchema,
  confirmPassword: z.string({ error: "Passwords don't match" }),
  terms: z.boolean({ error: 'You must agree to the terms' }).refine((v) => v, 'You must agree to the terms'),
};

type PasswordPair = { password?: unknown; confirmPassword?: unknown };

/** Cross-field rules run even when other fields are invalid, so the form shows every message at once. */
function withAccountRules<T extends z.ZodObject<typeof commonShape & z.ZodRawShape>>(schema: T) {
  return schema.refine((data) => (data as PasswordPair).password === (data as PasswordPair).confirmPassword, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
    when: (payload) => {
      const value = payload.value as PasswordPair | undefined;
      return typeof value?.password === 'string' && typeof value.confirmPassword === 'string';
    },
  });
}

export const customerRegistrationSchema = withAccountRules(
  z.object({
    ...commonShape,
    homeAddress: homeAddressSchema,
    preferredPaymentMethod: z.enum(paymentPreferences).optional(),
    /** Optional: a friend's referral code (rewards: 50 points to the friend at this rider's first completed ride). */
    referralCode: text()
      .max(20, 'Referral code is too long')
      .regex(/^[A-Za-z0-9-]*$/, 'Referral codes are letters and digits')
      .optional(),
  }),
);

export const driverRegistrationSchema = withAccountRules(
  z.object({
    ...commonShape,
    licenseNumber: requiredText(5, 'License number is required', 50),
    insuranceNumber: requiredText(5, 'Insurance number is required', 50),
    vehicleMake: requiredText(2, 'Vehicle make is required', 50),
    vehicleModel: requiredText(2, 'Vehicle model is required', 50),
    vehicleYear: requiredText(4, 'Vehicle year is required', 4).refine((year) => isAcceptedVehicleYear(year, new Date()), VEHICLE_YEAR_MESSAGE),
    vehicleAge: z.enum(vehicleAges, { error: 'Vehicle age category is required' }),
    vehicleSize: z.enum(vehicleSizes, { error: 'Vehicle size category is required' }),
    seatCount: z
      .number({ error: 'Minimum 2 seats required' })
      .int('Seat count must be a whole number')
      .min(2, 'Minimum 2 seats required')
      .max(8, 'Maximum 8 seats allowed'),
    /** The vehicle takes a wheelchair (ramp or lift): it may be offered rides that ask for one (ADR 033). */
    wheelchairAccessible: z.boolean({ error: 'Choose yes or no' }).optional(),
    vehicleColor: requiredText(2, 'Vehicle color is required', 30),
    vehiclePlate: requiredText(2, 'License plate is required', 8).regex(PLATE_PATTERN, VEHICLE_PLATE_MESSAGE).refine(hasLetterOrDigit, VEHICLE_PLATE_MESSAGE),
    driveArea: requiredText(2, 'Preferred driving area is required', 100),
  }),
);

/** "10001, 10002,10003" -> ["10001", "10002", "10003"] (trimmed, de-duplicated, order kept). */
export function parseZipCodes(value: string): string[] {
  const zips = value
    .split(/[\s,]+/)
    .map((zip) => zip.trim())
    .filter(Boolean);
  return [...new Set(zips)];
}

/** A licensee's business name: at sign-up and in the licensee's settings. */
export const businessNameSchema = requiredText(2, 'Business name is required', 120);

export const licenseeRegistrationSchema = withAccountRules(
  z.object({
    ...commonShape,
    businessName: businessNameSchema,
    businessLicense: requiredText(5, 'Business license number is required', 50),
    territoryName: requiredText(2, 'Territory name is required', 100),
    zipCodes: text({ error: 'At least one zip code is required' })
      .min(5, 'At least one zip code is required')
      .max(200, 'Too many zip codes')
      .refine((value) => parseZipCodes(value).every((zip) => /^\d{5}$/.test(zip)), 'Zip codes must be 5 digits, separated by commas')
      .refine((value) => parseZipCodes(value).length <= MAX_ZIP_CODES_PER_LICENSE, `A license covers at most ${MAX_ZIP_CODES_PER_LICENSE} zip codes`),
    businessPlan: requiredText(50, 'Business plan must be at least 50 characters', 5000, true),
    experience: z.enum(experienceLevels).optional(),
  }),
);

export type CustomerRegistration = z.infer<typeof customerRegistrationSchema>;
export type DriverRegistration = z.infer<typeof driverRegistrationSchema>;
export type LicenseeRegistration = z.infer<typeof licenseeRegistrationSchema>;

export const registrationSchemas = {
  customer: customerRegistrationSchema,
  driver: driverRegistrationSchema,
  licensee: licenseeRegistrationSchema,
} as const;

/** The language the account's mails are written in: one of the 17 UI languages (the app sends its current one). */
export const accountLanguageSchema = z.enum(languageCodes, { error: 'Unknown language' });

/**
 * The body of POST /api/register: a role's form plus `role`, `username` (the spec sends username =
 * email) and the optional `language` of the account (English when left out).
 */
const requestFields = { username: text().optional(), language: accountLanguageSchema.optional() };
export const registerRequestSchema = z.discriminatedUnion(
  'role',
  [
    customerRegistrationSchema.safeExtend({ role: z.literal('customer'), ...requestFields }),
    driverRegistrationSchema.safeExtend({ role: z.literal('driver'), ...requestFields }),
    licenseeRegistrationSchema.safeExtend({ role: z.literal('licensee'), ...requestFields }),
  ],
  { error: 'Role must be customer, driver or licensee' },
);
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

export const loginRequestSchema = z.object({
  email: emailSchema,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(128, 'Invalid email or password'),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/**
 * The body of PATCH /api/users/me and the profile form: the sign-up rules of each field, every field
 * optional, at least one given. The email is not editable here (it is the sign-in and the mail address).
 */
export const profileUpdateSchema = z
  .object({
    firstName: firstNameSchema.optional(),
    lastName: lastNameSchema.optional(),
    phone: phoneSchema.optional(),
    homeAddress: homeAddressSchema.optional(),
    language: accountLanguageSchema.optional(),
  })
  .refine(hasSomeField, NOTHING_TO_CHANGE_MESSAGE);
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

/** POST /api/users/me/password: the current password proves it is the owner, not a borrowed session. */
export const changePasswordRequestSchema = z.object({
  currentPassword: z.string({ error: 'Current password is required' }).min(1, 'Current password is required').max(128, 'Current password is incorrect'),
  newPassword: passwordSchema,
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

/** A one-time token from a mail (verification or reset): 256 random bits, base64url. */
const mailTokenSchema = z
  .string({ error: 'This link is not valid' })
  .min(1, 'This link is not valid')
  .max(100, 'This link is not valid')
  .regex(/^[A-Za-z0-9_-]+$/, 'This link is not valid');

export const verifyEmailRequestSchema = z.object({ token: mailTokenSchema });
export type VerifyEmailRequest = z.infer<typeof verifyEmailRequestSchema>;

export const passwordResetRequestSchema = z.object({ email: emailSchema });
export type PasswordResetRequest = z.infer<typeof passwordResetRequestSchema>;

export const passwordResetConfirmSchema = z.object({ token: mailTokenSchema, password: passwordSchema });
export type PasswordResetConfirm = z.infer<typeof passwordResetConfirmSchema>;
