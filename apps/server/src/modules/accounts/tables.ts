import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { languageCodes } from '@coride/domain/languages';
import { createdAt } from '../../db/columns';

// Tables owned by accounts: only this module writes them (docs/architecture.md, Data).

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    role: text('role', { enum: ['customer', 'driver', 'licensee', 'admin'] }).notNull(),
    /** Always stored lower-case; unique. */
    email: text('email').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phone: text('phone'),
    homeAddress: text('home_address'),
    preferredPaymentMethod: text('preferred_payment_method'),
    /** A rider's own referral code (given out on first use of rewards); unique. */
    referralCode: text('referral_code').unique(),
    /** The rider whose code this user signed up with: 50 points to them at this user's first completed ride. */
    referredBy: uuid('referred_by'),
    /** The language of the user's mails: one of the 17 UI languages (checked). */
    language: text('language').notNull().default('en'),
    /** When the address was confirmed (the verification mail's link, or a password reset); null until then. */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true, mode: 'date' }),
    /** When the owner deleted the account (DELETE /api/users/me): no sign-in from then on (ADR 025). */
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
    /** When the retention sweep erased its personal data, 30 days after deletedAt (ADR 025). */
    erasedAt: timestamp('erased_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('users_role_check', sql`${t.role} in ('customer', 'driver', 'licensee', 'admin')`),
    check('users_language_check', sql`${t.language} in (${sql.raw(languageCodes.map((code) => `'${code}'`).join(', '))})`),
    // The admin's users list, newest first, all or of one role (lib/paging.ts).
    index('users_created_idx').on(t.createdAt, t.id),
    index('users_role_created_idx').on(t.role, t.createdAt, t.id),
    // The retention sweep's scan: deleted accounts not erased yet.
    index('users_deleted_pending_idx')
      .on(t.deletedAt)
      .where(sql`${t.deletedAt} is not null and ${t.erasedAt} is null`),
  ],
);

/** Opaque bearer tokens: only the SHA-256 of the token is stored, so a leaked table grants nothing. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/**
 * One-time links sent by mail: email verification and password reset. Like sessions, only the token's
 * SHA-256 is stored (the mail holds the token). A token works once (`used_at`) and until `expires_at`.
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['email-verification', 'password-reset'] }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    check('account_tokens_purpose_check', sql`${t.purpose} in ('email-verification', 'password-reset')`),
    index('account_tokens_user_idx').on(t.userId, t.purpose),
  ],
);
