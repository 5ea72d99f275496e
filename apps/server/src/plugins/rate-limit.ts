import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { AppError } from '../lib/app-error';
import { InProcessWindows, RedisWindows, type SlidingWindows } from '../lib/rate-limit';
import { rateLimitedWarn } from '../lib/rate-limited-warn';
import type { SharedState } from '../shared-state';
import { currentUser } from './auth';

/**
 * preHandler hooks that refuse a request with 429 RATE_LIMITED and Retry-After past its limit
 * (contract §4). They run after authentication and validation, so a malformed request costs nothing
 * and is not counted; every well-formed attempt is, whatever its outcome: a sign-up with a taken email
 * still costs the 128 MiB hash, and a declined card or booking hold is exactly what card testing tries.
 */
export type RouteRateLimits = {
  /** Per client address (request.ip, which honours TRUST_PROXY). */
  signUp: preHandlerAsyncHookHandler;
  /** Per signed-in user. */
  addCard: preHandlerAsyncHookHandler;
  /** Per signed-in user. */
  booking: preHandlerAsyncHookHandler;
  /** Per client address, then per email asked about (each mails a link: no mail bombing of one address). */
  passwordReset: preHandlerAsyncHookHandler[];
  /** Per signed-in user. */
  verificationMail: preHandlerAsyncHookHandler;
  /** The public view of a shared trip (ADR 028), per client address: it polls every few seconds. */
  sharedTrip: preHandlerAsyncHookHandler;
  /** Address type-ahead, geocoding and reverse geocoding together, per signed-in user. */
  geoLookup: preHandlerAsyncHookHandler;
};

declare module 'fastify' {
  interface FastifyInstance {
    rateLimits: RouteRateLimits;
  }
}

const hour = 3_600_000;

type Rule = { name: string; limit: number; keyOf: (request: FastifyRequest) => string; message: string };

function limitHook(windows: SlidingWindows, { name, limit, keyOf, message }: Rule): preHandlerAsyncHookHandler {
  return async (request) => {
    const taken = await windows.take(`${name}:${keyOf(request)}`, limit, hour);
    if (!taken.isAllowed) {
      throw new AppError('RATE_LIMITED', `${message} Try again in ${Math.ceil(taken.retryAfterSeconds / 60)} minute(s).`, undefined, {
        'Retry-After': String(taken.retryAfterSeconds),
      });
    }
  };
}

/** Decorates the app with `rateLimits`: counted in this process, or in Redis across instances (failing open). */
export const rateLimitPlugin = fp(
  async (app: FastifyInstance, options: { limits: Config['rateLimits']; shared: SharedState | undefined }) => {
    const { limits, shared } = options;
    const warn = rateLimitedWarn(app.log);
    const windows: SlidingWindows = shared
      ? new RedisWindows(shared.redis, `${shared.prefix}rate:`, (error) => warn(error, 'rate limit unavailable (Redis): request allowed'))
      : new InProcessWindows();
    const byAddress = (request: FastifyRequest) => request.ip;
    const byUser = (request: FastifyRequest) => currentUser(request).id;
    // preHandlers run after validation: the body's email is the normalised one (lower case, trimmed).
    const byBodyEmail = (request: FastifyRequest) => (request.body as { email: string }).email;
    app.decorate('rateLimits', {
      signUp: limitHook(windows, { name: 'signup', limit: limits.signUpsPerHour, keyOf: byAddress, message: 'Too many sign-ups from this address.' }),
      addCard: limitHook(windows, { name: 'card', limit: limits.cardsPerHour, keyOf: byUser, message: 'Too many cards added.' }),
      booking: limitHook(windows, { name: 'booking', limit: limits.bookingsPerHour, keyOf: byUser, message: 'Too many bookings.' }),
      // Counted whether or not the address has an account, so a 429 tells nothing about it either.
      passwordReset: [
        limitHook(windows, { name: 'reset', limit: limits.passwordResetsPerHour, keyOf: byAddress, message: 'Too many password reset requests.' }),
        limitHook(windows, { name: 'reset-email', limit: limits.passwordResetsPerEmailHour, keyOf: byBodyEmail, message: 'Too many password reset requests.' }),
      ],
      verificationMail: limitHook(windows, {
        name: 'verify-mail',
        limit: limits.verificationMailsPerHour,
        keyOf: byUser,
        message: 'Too many verification mails.',
      }),
      sharedTrip: limitHook(windows, { name: 'shared-trip', limit: limits.sharedTripViewsPerHour, keyOf: byAddress, message: 'Too many trip views.' }),
      geoLookup: limitHook(windows, { name: 'geo', limit: limits.geoLookupsPerHour, keyOf: byUser, message: 'Too many address lookups.' }),
    } satisfies RouteRateLimits);
  },
  { name: 'rate-limits' },
);
