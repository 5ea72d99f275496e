import { apiErrorSchema, deleteAccountRequestSchema, personalDataExportSchema } from '@coride/domain';
import { z } from 'zod';
import type { AppInstance } from '../../lib/app-instance';
import { currentUser, requireRole } from '../../plugins/auth';
import type { PrivacyService } from './service';

/** Contract §8 (ADR 025): the caller's own data, as a file, and the deletion of their own account. Every role may ask. */
export function privacyRoutes(privacy: PrivacyService) {
  return async (app: AppInstance) => {
    app.get(
      '/api/users/me/export',
      { onRequest: requireRole(), schema: { response: { 200: personalDataExportSchema, 401: apiErrorSchema } } },
      async (request, reply) => {
        const exported = await privacy.exportFor(currentUser(request).id);
        const day = exported.exportedAt.slice(0, 10);
        // A download, never cached on the way: it is everything held about one person.
        return reply.header('content-disposition', `attachment; filename="coride-my-data-${day}.json"`).header('cache-control', 'no-store').send(exported);
      },
    );

    app.delete(
      '/api/users/me',
      {
        onRequest: requireRole(),
        schema: {
          body: deleteAccountRequestSchema,
          response: { 200: z.object({ ok: z.literal(true) }), 400: apiErrorSchema, 401: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema },
        },
      },
      async (request) => {
        await privacy.deleteAccount(currentUser(request), request.body.password, request.ip);
        return { ok: true as const };
      },
    );
  };
}
