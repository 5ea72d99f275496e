import type {
  ChangePasswordRequest,
  DriverRegistration,
  LicenseeRegistration,
  PasswordResetConfirm,
  ProfileUpdate,
  PublicUser,
  RegisterRequest,
  Role,
} from '@coride/domain';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Database, Executor } from '../../db/client';
import { users } from './tables';
import { AppError } from '../../lib/app-error';
import type { MailService } from '../mail/service';
import { loginThrottles, type LoginThrottles } from './login-throttle';
import { hashPassword, verifyPassword } from './password';
import * as repo from './repository';
import { SessionCache } from './session-cache';
import { hashToken, newSessionToken } from './tokens';

export type AuthenticatedUser = { id: string; role: Role; sessionId: string; user: repo.UserRow };
/** What a token proves, with when its session ends by itself (a WebSocket opened with it is closed then). */
export type AuthenticatedSession = AuthenticatedUser & { expiresAt: Date };

/**
 * The public view of each users row, made once per row object. Rows are never changed in place (a
 * change reads a new row), and the session cache hands the same row to every request of a signed-in
 * user, so GET /api/users/me, which every page load of the web app asks, does not format the same
 * row (its date above all) again each time: about 1 µs of a cached request's CPU (bench/api.ts).
 */
const publicViews = new WeakMap<repo.UserRow, PublicUser>();

export function toPublicUser(user: repo.UserRow): PublicUser {
  let view = publicViews.get(user);
  if (view === undefined) {
    // Frozen: one object is answered to many requests, none may change it for the others.
    view = Object.freeze({
      id: user.id,
      role: user.role,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      phone: user.phone,
      createdAt: user.createdAt.toISOString(),
      homeAddress: user.homeAddress,
      language: user.language,
      emailVerified: user.emailVerifiedAt !== null,
    });
    publicViews.set(user, view);
  }
  return view;
}

/**
 * A password reset request answers no sooner than this, whether or not the address has an account:
 * the token and mail written for an account (two inserts) must not make its answer measurably slower
 * than an unknown address's (no account enumeration by timing). Far above what the writes take.
 */
export const PASSWORD_RESET_MIN_MS = 300;

const invalidToken = () => new AppError('TOKEN_INVALID', 'This link is not valid or was already used. Ask for a new one.', { token: 'This link is not valid' });
const expiredToken = () => new AppError('TOKEN_EXPIRED', 'This link has expired. Ask for a new one.', { token: 'This link has expired' });

const invalidCredentials = () => new AppError('INVALID_CREDENTIALS', 'Invalid email or password');

export type AccountsService = ReturnType<typeof createAccountsService>;

/** Where a driver's typed driving area lies: a zip code and, if one serves it, a territory. */
export type DriveAreaPlacement = { homeZip: string; territoryId: string | null };

/** Places a driver's typed driving area in a zip code and, if one serves it, a territory. */
export type DriveAreaPlacer = (driveArea: string) => Promise<DriveAreaPlacement | undefined>;

/**
 * How sign-up files a new driver's or licensee's application, in the new account's transaction (the
 * applications module implements it). `submitDriver` gives back what to push once that transaction
 * has committed: the territory's licensee hears of the application in the bell.
 */
export type ApplicationIntake = {
  submitDriver(tx: Executor, userId: string, form: DriverRegistration, placement: DriveAreaPlacement | undefined): Promise<() => void>;
  submitLicensee(tx: Executor, userId: string, form: LicenseeRegistration): Promise<void>;
};

/**
 * How the other instances hear of sign-in changes, after the database says so: sessions that ended
 * (their open WebSockets close, their cached tokens go) and users whose row changed (their cached
 * tokens go). services.ts wires it to the realtime hub, which carries both through Redis when shared;
 * what the others announce comes back through `applyRemoteChange`.
 */
export type AccountsAnnouncer = {
  sessionsEnded(sessionIds: readonly string[]): void;
  usersChanged(userIds: readonly string[]): void;
};

/** A change another instance announced (the realtime hub's AccountsChange). */
export type RemoteAccountsChange = { kind: 'sessions-ended'; sessionIds: readonly string[] } | { kind: 'users-changed'; userIds: readonly string[] };

type CachedAuthentication = { sessionId: string; userId: string; session: AuthenticatedSession };

export function createAccountsService(deps: {
  db: Database;
  config: Config;
  now?: () => Date;
  /** Where a new driver's typed driving area lies (territories/drive-area.ts); none by default. */
  placeDriveArea?: DriveAreaPlacer;
  /** Sign-in throttles: in-process by default, shared through Redis when services.ts passes them. */
  throttles?: LoginThrottles;
  announce?: AccountsAnnouncer;
  /** The session cache's TTL clock (ms, monotonic by default); tests inject one. */
  cacheClock?: () => number;
  /** Verification, reset and password-changed mails, written in the transactions of their causes. */
  mail?: Pick<MailService, 'enqueueToUser'>;
  /** Files the applications of new drivers and licensees; sign-up refuses those roles without it (the admin CLI needs none). */
  applications?: ApplicationIntake;
}) {
  const {
    db,
    config,
    now = () => new Date(),
    placeDriveArea = async () => undefined,
    throttles = loginThrottles(config.loginThrottle),
    announce = { sessionsEnded: () => undefined, usersChanged: () => undefined },
    mail = { enqueueToUser: async () => false },
  } = deps;
  const dummyHash = hashPassword('not-a-real-password', config.passwordCost);
  // Token hash -> what the database last said of it: most requests then read no table (decision 016).
  const cache = new SessionCache<CachedAuthentication>({ ...config.sessionCache, ...(deps.cacheClock ? { clock: deps.cacheClock } : {}) });

  async function startSession(userId: string): Promise<string> {
    const token = newSessionToken();
    await repo.insertSession(db, userId, hashToken(token), new Date(now().getTime() + config.sessionTtlMs));
    return token;
  }

  /**
   * The one way a session ends early (logout, revokeAllSessionsOf): revoked in the database first, so
   * the token stops working, then dropped from this instance's cache, so it is refused here at once,
   * then announced, so open sockets close and the other instances drop it from theirs.
   */
  async function revokeSessions(sessionIds: readonly string[]): Promise<void> {
    for (const sessionId of sessionIds) await repo.revokeSession(db, sessionId, now());
    cache.forgetSessions(sessionIds);
    announce.sessionsEnded(sessionIds);
  }

  /**
   * A one-time link for the user (stored hashed) and its mail, in the caller's transaction: the mail is
   * written if and only if the token is. The token itself lives only in the mail (ADR 019's outbox).
   */
  async function mailToken(tx: Executor, userId: string, purpose: repo.AccountTokenPurpose): Promise<void> {
    const token = newSessionToken();
    const at = now();
    const ttl = purpose === 'password-reset' ? config.accountTokens.passwordResetTtlMs : config.accountTokens.emailVerificationTtlMs;
    const tokenId = await repo.insertAccountToken(tx, { userId, purpose, tokenHash: hashToken(token), expiresAt: new Date(at.getTime() + ttl), createdAt: at });
    const path = `/${purpose === 'password-reset' ? 'reset-password' : 'verify-email'}?token=${token}`;
    await mail.enqueueToUser(tx, userId, { dedupeKey: `${purpose}:${tokenId}`, template: purpose, data: { path } });
  }

  /** Takes a mailed token for its purpose, or throws the link's 400 (unknown or used; expired). */
  async function useToken(tx: Executor, purpose: repo.AccountTokenPurpose, token: string): Promise<repo.AccountTokenRow> {
    const used = await repo.useAccountToken(tx, purpose, hashToken(token), now());
    if (!used) throw invalidToken();
    if ('expired' in used) throw expiredToken();
    return used;
  }

  /**
   * The signed-in person's own password, checked like a sign-in (counted by the throttle, so a
   * borrowed session cannot guess it): a wrong one is a 400 on `field`.
   */
  async function checkPassword(auth: AuthenticatedUser, password: string, clientAddress: string, field: 'currentPassword' | 'password'): Promise<void> {
    const attempt = await throttles.begin(auth.user.email, clientAddress);
    if (!attempt.isAllowed) {
      throw new AppError('RATE_LIMITED', `Too many wrong passwords. Try again in ${Math.ceil(attempt.retryAfterSeconds / 60)} minute(s).`, undefined, {
        'Retry-After': String(attempt.retryAfterSeconds),
      });
    }
    if (attempt.delayMs > 0) await sleep(attempt.delayMs);
    const user = await repo.findUserById(db, auth.id);
    if (!user || !(await verifyPassword(password, user.passwordHash))) {
      throw field === 'currentPassword'
        ? new AppError('VALIDATION_FAILED', 'Your current password is not correct.', { currentPassword: 'Current password is incorrect' })
        : new AppError('VALIDATION_FAILED', 'Your password is not correct.', { password: 'Password is incorrect' });
    }
    await attempt.succeeded();
  }

  function applicationIntake(): ApplicationIntake {
    if (!deps.applications) throw new Error('Signing up drivers and licensees needs the applications intake');
    return deps.applications;
  }

  /** After a users row changed in the database: no instance serves the old row from its cache. */
  function usersChanged(userIds: readonly string[]): void {
    cache.forgetUsers(userIds);
    announce.usersChanged(userIds);
  }

  return {
    async register(request: RegisterRequest): Promise<{ user: PublicUser; token: string }> {
      const passwordHash = await hashPassword(request.password, config.passwordCost);
      const placement = request.role === 'driver' ? await placeDriveArea(request.driveArea) : undefined;
      let publishApplication: () => void = () => undefined;
      const referralCode = request.role === 'customer' ? request.referralCode?.trim().toUpperCase() : undefined;
      const [referrer] = referralCode ? await db.select({ id: users.id }).from(users).where(eq(users.referralCode, referralCode)) : [];
      if (referralCode && !referrer) throw new AppError('VALIDATION_FAILED', 'This referral code does not exist.', { referralCode: 'Unknown referral code' });
      const user = await db.transaction(async (tx) => {
        const created = await repo.insertUser(tx, {
          role: request.role,
          email: request.email,
          passwordHash,
          firstName: request.firstName,
          lastName: request.lastName,
          phone: request.phone,
          homeAddress: request.role === 'customer' ? request.homeAddress : null,
          preferredPaymentMethod: request.role === 'customer' ? (request.preferredPaymentMethod ?? 'credit-card') : null,
          referredBy: referrer?.id ?? null,
          language: request.language ?? 'en',
        });
        if (!created) {
          throw new AppError('EMAIL_TAKEN', 'An account with this email already exists. Sign in instead.', {
            email: 'An account with this email already exists',
          });
        }
        if (request.role === 'driver') publishApplication = await applicationIntake().submitDriver(tx, created.id, request, placement);
        if (request.role === 'licensee') await applicationIntake().submitLicensee(tx, created.id, request);
        await mailToken(tx, created.id, 'email-verification');
        return created;
      });
      publishApplication();
      return { user: toPublicUser(user), token: await startSession(user.id) };
    },

    async login(email: string, password: string, clientAddress: string): Promise<{ user: PublicUser; token: string }> {
      // Counted as a failure before the slow hash (and given back when the password is right), so
      // concurrent guesses cannot all slip under the limit.
      const attempt = await throttles.begin(email, clientAddress);
      if (!attempt.isAllowed) {
        const wait = attempt.retryAfterSeconds;
        throw new AppError('RATE_LIMITED', `Too many failed sign-in attempts. Try again in ${Math.ceil(wait / 60)} minute(s).`, undefined, {
          'Retry-After': String(wait),
        });
      }
      // An email guessed from many addresses is slowed down, never locked: its owner still gets in.
      if (attempt.delayMs > 0) await sleep(attempt.delayMs);
      const user = await repo.findUserByEmail(db, email);
      const isValid = await verifyPassword(password, user?.passwordHash ?? (await dummyHash));
      // A deleted account cannot sign in, and is told apart from a wrong password in no way (ADR 025).
      if (!user || !isValid || user.deletedAt) throw invalidCredentials();
      await attempt.succeeded();
      return { user: toPublicUser(user), token: await startSession(user.id) };
    },

    /**
     * The session and user a token proves, or undefined (unknown, revoked or expired). Served from
     * the cache when this instance checked the token within SESSION_CACHE_TTL_MS and nothing dropped
     * it since; its expiry is checked either way.
     */
    async authenticate(token: string): Promise<AuthenticatedSession | undefined> {
      const tokenHash = hashToken(token);
      const at = now();
      const cached = cache.get(tokenHash);
      if (cached) return cached.session.expiresAt > at ? cached.session : undefined;
      const readMark = cache.readMark();
      const found = await repo.findActiveSession(db, tokenHash, at);
      if (!found) return undefined;
      const session: AuthenticatedSession = {
        id: found.user.id,
        role: found.user.role,
        sessionId: found.sessionId,
        expiresAt: found.expiresAt,
        user: found.user,
      };
      cache.set(tokenHash, { sessionId: found.sessionId, userId: found.user.id, session }, readMark);
      return session;
    },

    /**
     * What the cache says of a token, without waiting: `{ session }` when it holds the token (session
     * undefined once expired), undefined when only the database can tell (then call authenticate).
     */
    cachedAuthentication(token: string): { session: AuthenticatedSession | undefined } | undefined {
      const cached = cache.get(hashToken(token));
      if (!cached) return undefined;
      return { session: cached.session.expiresAt > now() ? cached.session : undefined };
    },

    async logout(sessionId: string): Promise<void> {
      await revokeSessions([sessionId]);
    },

    /**
     * Ends every session of a user (password change, account deletion, suspension: issues 17 and 18
     * call this after their own change), on every instance, and drops the user's cached sign-ins.
     */
    async revokeAllSessionsOf(userId: string): Promise<void> {
      const sessionIds = await repo.revokeSessionsOfUser(db, userId, now());
      cache.forgetUsers([userId]);
      announce.sessionsEnded(sessionIds);
      announce.usersChanged([userId]);
    },

    /**
     * To be called after anything changes a users row (profile edit, role, referral code): requests
     * signed in as them, on any instance, read the row again instead of a cached copy.
     */
    userChanged(userId: string): void {
      usersChanged([userId]);
    },

    /** Confirms the caller's email from the verification mail's token (single use). */
    async verifyEmail(token: string): Promise<PublicUser> {
      const user = await db.transaction(async (tx) => {
        const used = await useToken(tx, 'email-verification', token);
        await repo.markEmailVerified(tx, used.userId, now());
        return repo.findUserById(tx, used.userId);
      });
      if (!user) throw invalidToken();
      usersChanged([user.id]);
      return toPublicUser(user);
    },

    /** Mails a new verification link (the older ones stop working); a confirmed email gets 409. */
    async resendVerification(userId: string): Promise<void> {
      await db.transaction(async (tx) => {
        const user = await repo.findUserById(tx, userId);
        if (!user) throw invalidCredentials();
        if (user.emailVerifiedAt) throw new AppError('CONFLICT', 'Your email address is already confirmed.');
        await repo.retireAccountTokens(tx, userId, 'email-verification', now());
        await mailToken(tx, userId, 'email-verification');
      });
    },

    /** PATCH /api/users/me: the sign-up rules per field (checked by the route's schema); a home address only for riders. */
    async updateProfile(auth: AuthenticatedUser, changes: ProfileUpdate): Promise<PublicUser> {
      if (changes.homeAddress !== undefined && auth.role !== 'customer') {
        throw new AppError('VALIDATION_FAILED', 'Only rider accounts have a home address.', { homeAddress: 'Only rider accounts have a home address' });
      }
      const updated = await repo.updateUser(db, auth.id, changes);
      if (!updated) throw invalidCredentials();
      usersChanged([auth.id]);
      return toPublicUser(updated);
    },

    /**
     * Changes the caller's password after checking the current one (counted like a sign-in, so a
     * borrowed session cannot guess it), signs out every other session and mails the owner.
     */
    async changePassword(auth: AuthenticatedUser, request: ChangePasswordRequest, clientAddress: string): Promise<void> {
      await checkPassword(auth, request.currentPassword, clientAddress, 'currentPassword');
      const passwordHash = await hashPassword(request.newPassword, config.passwordCost);
      const at = now();
      const revoked = await db.transaction(async (tx) => {
        await repo.updateUser(tx, auth.id, { passwordHash });
        // A reset link asked for before the change must not undo it.
        await repo.retireAccountTokens(tx, auth.id, 'password-reset', at);
        await mail.enqueueToUser(tx, auth.id, {
          dedupeKey: `password-changed:${auth.id}:${at.getTime()}`,
          template: 'password-changed',
          data: { at: at.toISOString() },
        });
        return repo.revokeOtherSessionsOfUser(tx, auth.id, auth.sessionId, at);
      });
      cache.forgetSessions(revoked);
      announce.sessionsEnded(revoked);
      usersChanged([auth.id]);
    },

    /**
     * POST /api/password-reset: a link by mail when the address has an account, nothing otherwise, and
     * the same answer after at least PASSWORD_RESET_MIN_MS either way (no enumeration by timing).
     */
    async requestPasswordReset(email: string): Promise<void> {
      const startedAt = performance.now();
      const user = await repo.findUserByEmail(db, email);
      if (user) {
        await db.transaction(async (tx) => {
          // Only the newest link works: an older one found in a mailbox later is dead.
          await repo.retireAccountTokens(tx, user.id, 'password-reset', now());
          await mailToken(tx, user.id, 'password-reset');
        });
      } else {
        // The same token work as above, thrown away.
        hashToken(newSessionToken());
      }
      const left = PASSWORD_RESET_MIN_MS - (performance.now() - startedAt);
      if (left > 0) await sleep(left);
    },

    /**
     * POST /api/password-reset/confirm: sets the password from a reset link (single use, within its
     * hour), revokes every session of the account, confirms the email (the person read a mail sent to
     * it) and mails that the password changed.
     */
    async confirmPasswordReset(request: PasswordResetConfirm): Promise<void> {
      const passwordHash = await hashPassword(request.password, config.passwordCost);
      const at = now();
      const ended = await db.transaction(async (tx) => {
        const used = await useToken(tx, 'password-reset', request.token);
        await repo.updateUser(tx, used.userId, { passwordHash });
        await repo.markEmailVerified(tx, used.userId, at);
        await repo.retireAccountTokens(tx, used.userId, 'password-reset', at);
        await mail.enqueueToUser(tx, used.userId, {
          dedupeKey: `password-changed:reset:${used.id}`,
          template: 'password-changed',
          data: { at: at.toISOString() },
        });
        // In the same transaction: a password set from a reset link never leaves an old session alive.
        return { userId: used.userId, revoked: await repo.revokeSessionsOfUser(tx, used.userId, at) };
      });
      cache.forgetUsers([ended.userId]);
      announce.sessionsEnded(ended.revoked);
      announce.usersChanged([ended.userId]);
    },

    checkPassword,

    /**
     * DELETE /api/users/me (ADR 025), in one transaction: `beforeMark` first (the caller's checks and
     * the goodbye mail, while the address is still on the row), then the account is marked deleted
     * (its address freed) and every session revoked; after the commit the cached sign-ins go on every
     * instance, as with revokeAllSessionsOf. A second deletion of the same account (two tabs) is a
     * 409 and changes nothing.
     */
    async deleteAccount(userId: string, beforeMark: (tx: Executor, at: Date) => Promise<void>): Promise<void> {
      const at = now();
      const revoked = await db.transaction(async (tx) => {
        await beforeMark(tx, at);
        if (!(await repo.markUserDeleted(tx, userId, at))) throw new AppError('CONFLICT', 'This account is already deleted.');
        return repo.revokeSessionsOfUser(tx, userId, at);
      });
      cache.forgetUsers([userId]);
      announce.sessionsEnded(revoked);
      announce.usersChanged([userId]);
    },

    /** What another instance announced (services.ts wires the realtime hub's onAccountsChanged here). */
    applyRemoteChange(change: RemoteAccountsChange): void {
      if (change.kind === 'sessions-ended') cache.forgetSessions(change.sessionIds);
      else cache.forgetUsers(change.userIds);
    },

    /** Creates the admin account if the email is not taken yet; never changes an existing account. */
    async ensureAdmin(email: string, password: string): Promise<'created' | 'exists'> {
      const normalized = email.trim().toLowerCase();
      const created = await repo.insertUser(db, {
        role: 'admin',
        email: normalized,
        passwordHash: await hashPassword(password, config.passwordCost),
        firstName: 'Platform',
        lastName: 'Admin',
        // Set by whoever runs the server (ADMIN_EMAIL): nothing to confirm by mail.
        emailVerifiedAt: now(),
      });
      if (created) return 'created';
      const existing = await repo.findUserByEmail(db, normalized);
      if (existing && existing.role !== 'admin') {
        throw new Error(`ADMIN_EMAIL ${normalized} belongs to a ${existing.role} account; choose another email`);
      }
      return 'exists';
    },
  };
}
