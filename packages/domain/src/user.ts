import { z } from 'zod';
import { roles } from './roles';

export const publicUserSchema = z.object({
  id: z.string(),
  role: z.enum(roles),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  createdAt: z.string(),
  /** The rider's home address (null for other roles); editable in the profile. */
  homeAddress: z.string().nullable(),
  /** The language of the account's mails (one of the 17 UI languages). */
  language: z.string(),
  /** Whether the address was confirmed from the verification mail (or a password reset). */
  emailVerified: z.boolean(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

export const authResponseSchema = z.object({ user: publicUserSchema, token: z.string() });
export type AuthResponse = z.infer<typeof authResponseSchema>;
