import { z } from 'zod';
import { text } from './text';

export const applicationStatuses = ['pending', 'under_review', 'approved', 'rejected'] as const;
export type ApplicationStatus = (typeof applicationStatuses)[number];

const applicantSchema = z.object({ firstName: z.string(), lastName: z.string(), email: z.string() });

export const driverApplicationSchema = z.object({
  id: z.string(),
  status: z.enum(applicationStatuses),
  submittedAt: z.string(),
  licenseDocument: z.string(),
  /** The applicant's user id: the reviewer opens their documents with it (contract §10). */
  driverId: z.string(),
  insuranceNumber: z.string(),
  phone: z.string().nullable(),
  reviewNotes: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  user: applicantSchema,
  vehicle: z.object({
    make: z.string(),
    model: z.string(),
    year: z.string(),
    color: z.string(),
    plate: z.string(),
    seatCount: z.number(),
    size: z.string(),
    age: z.string(),
    wheelchairAccessible: z.boolean(),
    driveArea: z.string(),
  }),
});
export type DriverApplication = z.infer<typeof driverApplicationSchema>;

export const licenseeApplicationSchema = z.object({
  id: z.string(),
  status: z.enum(applicationStatuses),
  submittedAt: z.string(),
  businessName: z.string(),
  territoryName: z.string(),
  proposedZipCodes: z.array(z.string()),
  businessPlan: z.string(),
  experience: z.string().nullable(),
  reviewNotes: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  user: applicantSchema,
});
export type LicenseeApplication = z.infer<typeof licenseeApplicationSchema>;

export const reviewApplicationRequestSchema = z.object({
  status: z.enum(['under_review', 'approved', 'rejected'], { error: 'Status must be approved, rejected or under_review' }),
  notes: text({ multiline: true }).max(2000, 'Notes are too long').optional(),
});
export type ReviewApplicationRequest = z.infer<typeof reviewApplicationRequestSchema>;

export const idParamsSchema = z.object({ id: z.uuid({ error: 'Not found' }) });
