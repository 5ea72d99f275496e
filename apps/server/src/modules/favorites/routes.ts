import { createFavoriteRequestSchema, favoriteLocationSchema, idParamsSchema, updateFavoriteRequestSchema } from '@coride/domain';
import { z } from 'zod';
import type { AppInstance } from '../../lib/app-instance';
import { currentUser, requireRole } from '../../plugins/auth';
import type { FavoritesService } from './service';
import { errorResponses } from '../../lib/error-responses';

const errors = errorResponses(400, 401, 403, 404, 422);

/** A rider's saved places; the service scopes every query to the caller, so other riders' rows are 404. */
export function favoritesRoutes(favorites: FavoritesService) {
  return async (app: AppInstance) => {
    app.get(
      '/api/favorite-locations',
      { onRequest: requireRole('customer'), schema: { response: { 200: z.array(favoriteLocationSchema), ...errors } } },
      async (request) => favorites.list(currentUser(request).id),
    );

    app.post(
      '/api/favorite-locations',
      { onRequest: requireRole('customer'), schema: { body: createFavoriteRequestSchema, response: { 201: favoriteLocationSchema, ...errors } } },
      async (request, reply) => reply.status(201).send(await favorites.add(currentUser(request).id, request.body)),
    );

    app.patch(
      '/api/favorite-locations/:id',
      {
        onRequest: requireRole('customer'),
        schema: { params: idParamsSchema, body: updateFavoriteRequestSchema, response: { 200: favoriteLocationSchema, ...errors } },
      },
      async (request) => favorites.update(currentUser(request).id, request.params.id, request.body),
    );

    app.delete(
      '/api/favorite-locations/:id',
      { onRequest: requireRole('customer'), schema: { params: idParamsSchema, response: { 200: z.object({ ok: z.literal(true) }), ...errors } } },
      async (request) => {
        await favorites.remove(currentUser(request).id, request.params.id);
        return { ok: true as const };
      },
    );
  };
}
