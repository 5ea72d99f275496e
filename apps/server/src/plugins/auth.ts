import type { Role } from '@coride/domain';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';
import type { AccountsService, AuthenticatedUser } from '../modules/accounts/service';

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthenticatedUser | null;
  }
  interface FastifyInstance {
    /** REQUIRE_VERIFIED_EMAIL: booking and going online wait for a confirmed email (contract §8). */
    isVerifiedEmailRequired: boolean;
  }
}

const BEARER = 'bearer ';

/** `Authorization: Bearer <token>` (the scheme in any case). Read on every request: one slice, no split. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header === undefined || header.length <= BEARER.length || header.slice(0, BEARER.length).toLowerCase() !== BEARER) return undefined;
  const token = header.slice(BEARER.length).trim();
  return token === '' ? undefined : token;
}

/** Reads the bearer token on every request; routes then say who may call them with `requireRole`. */
export const authPlugin = fp(
  async (app: FastifyInstance, options: { accounts: AccountsService; requireVerifiedEmail?: boolean }) => {
    app.decorateRequest('auth', null);
    app.decorate('isVerifiedEmailRequired', options.requireVerifiedEmail ?? false);
    // A callback hook: a token this instance has checked lately is answered from the session cache
    // without a promise (it runs on every request); only a miss waits for the database.
    app.addHook('onRequest', (request, _reply, done) => {
      const token = bearerToken(request);
      if (!token) return done();
      const cached = options.accounts.cachedAuthentication(token);
      if (cached) {
        request.auth = cached.session ?? null;
        return done();
      }
      options.accounts.authenticate(token).then((auth) => {
        request.auth = auth ?? null;
        done();
      }, done);
    });
  },
  { name: 'auth' },
);

const unauthenticated = () => new AppError('UNAUTHENTICATED', 'Please sign in to continue');

/** onRequest hook: signed in, with one of these roles (none given: any role). */
export function requireRole(...allowed: Role[]): onRequestHookHandler {
  return (request, _reply, done) => {
    if (!request.auth) return done(unauthenticated());
    if (allowed.length > 0 && !allowed.includes(request.auth.role)) {
      return done(new AppError('FORBIDDEN', `This is only available to ${allowed.join(' or ')} accounts`));
    }
    done();
  };
}

/** The signed-in caller inside a handler guarded by requireRole. */
export function currentUser(request: FastifyRequest): AuthenticatedUser {
  if (!request.auth) throw unauthenticated();
  return request.auth;
}

/**
 * Inside a handler guarded by requireRole: refuses with 403 EMAIL_NOT_VERIFIED when REQUIRE_VERIFIED_EMAIL
 * is set and the caller has not confirmed their email (the cached user row says; a confirmation drops it).
 */
export function assertVerifiedEmail(request: FastifyRequest): void {
  if (!request.server.isVerifiedEmailRequired) return;
  if (currentUser(request).user.emailVerifiedAt === null) {
    throw new AppError('EMAIL_NOT_VERIFIED', 'Please confirm your email address first: use the link we sent you, or ask for a new one.');
  }
}

/** preHandler form of assertVerifiedEmail, placed before a route's rate limit so a refused attempt is not counted. */
export const requireVerifiedEmail: preHandlerAsyncHookHandler = async (request) => assertVerifiedEmail(request);
