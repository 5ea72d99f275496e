import { apiErrorSchema, authResponseSchema, loginRequestSchema, publicUserSchema, registerRequestSchema } from '@coride/domain';
import { z } from 'zod';
import type { AppInstance } from '../../lib/app-instance';
import { currentUser, requireRole } from '../../plugins/auth';
import { toPublicUser, type AccountsService } from './service';

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
  };
}
