import {
  apiErrorSchema,
  authResponseSchema,
  changePasswordRequestSchema,
  loginRequestSchema,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  profileUpdateSchema,
  publicUserSchema,
  registerRequestSchema,
  verifyEmailRequestSchema,
} from '@coride/domain';
import { z } from 'zod';
import type { AppInstance } from '../../lib/app-instance';
import { currentUser, requireRole } from '../../plugins/auth';
import { toPublicUser, type AccountsService } from './service';

const ok = z.object({ ok: z.literal(true) });

export function accountsRoutes(accounts: AccountsService) {
  return async (app: AppInstance) => {
    app.post(
      '/api/register',
      {
        // Each sign-up costs a 128 MiB password hash: limited per address (SIGNUP_RATE_LIMIT_PER_HOUR).
        preHandler: app.rateLimits.signUp,
        schema: {
          body: registerRequestSchema,
          response: { 201: authResponseSchema, 400: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema },
        },
      },
      async (request, reply) => reply.status(201).send(await accounts.register(request.body)),
    );

    app.post(
      '/api/login',
      { schema: { body: loginRequestSchema, response: { 200: authResponseSchema, 401: apiErrorSchema, 429: apiErrorSchema } } },
      async (request) => accounts.login(request.body.email, request.body.password, request.ip),
    );

    app.post('/api/logout', { onRequest: requireRole(), schema: { response: { 200: z.object({ ok: z.literal(true) }) } } }, async (request) => {
      await accounts.logout(currentUser(request).sessionId);
      return { ok: true as const };
    });

    app.get('/api/users/me', { onRequest: requireRole(), schema: { response: { 200: publicUserSchema, 401: apiErrorSchema } } }, async (request) =>
      toPublicUser(currentUser(request).user),
    );

    app.patch(
      '/api/users/me',
      { onRequest: requireRole(), schema: { body: profileUpdateSchema, response: { 200: publicUserSchema, 400: apiErrorSchema, 401: apiErrorSchema } } },
      async (request) => accounts.updateProfile(currentUser(request), request.body),
    );

    app.post(
      '/api/users/me/password',
      {
        onRequest: requireRole(),
        schema: { body: changePasswordRequestSchema, response: { 200: ok, 400: apiErrorSchema, 401: apiErrorSchema, 429: apiErrorSchema } },
      },
      async (request) => {
        await accounts.changePassword(currentUser(request), request.body, request.ip);
        return { ok: true as const };
      },
    );

    app.post(
      '/api/users/verify-email',
      { schema: { body: verifyEmailRequestSchema, response: { 200: publicUserSchema, 400: apiErrorSchema } } },
      async (request) => accounts.verifyEmail(request.body.token),
    );

    app.post(
      '/api/users/me/verification-email',
      {
        onRequest: requireRole(),
        preHandler: app.rateLimits.verificationMail,
        schema: { response: { 202: ok, 401: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema } },
      },
      async (request, reply) => {
        await accounts.resendVerification(currentUser(request).id);
        return reply.status(202).send({ ok: true as const });
      },
    );

    // Always 202, after the same time, whether or not the address has an account (no enumeration).
    app.post(
      '/api/password-reset',
      {
        preHandler: app.rateLimits.passwordReset,
        schema: { body: passwordResetRequestSchema, response: { 202: ok, 400: apiErrorSchema, 429: apiErrorSchema } },
      },
      async (request, reply) => {
        await accounts.requestPasswordReset(request.body.email);
        return reply.status(202).send({ ok: true as const });
      },
    );

    app.post('/api/password-reset/confirm', { schema: { body: passwordResetConfirmSchema, response: { 200: ok, 400: apiErrorSchema } } }, async (request) => {
      await accounts.confirmPasswordReset(request.body);
      return { ok: true as const };
    });
  };
}
