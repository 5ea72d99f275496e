import { apiErrorSchema, createFavoriteRequestSchema, favoriteLocationSchema, idParamsSchema, updateFavoriteRequestSchema } from '@coride/domain';
import { and, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { AppInstance } from '../../lib/app-instance';
import type { Database } from '../../db/client';
import { favoriteLocations } from '../../db/schema';
import { AppError, notFound } from '../../lib/app-error';
import { currentUser, requireRole } from '../../plugins/auth';

const MAX_FAVORITES = 50;
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 422: apiErrorSchema };
const pick = (row: typeof favoriteLocations.$inferSelect) => ({ id: row.id, name: row.name, address: row.address, lat: row.lat, lng: row.lng });

/** A rider's saved places; every query is scoped to the caller, so other riders' rows are 404. */
export function favoritesRoutes(db: Database) {
  return async (app: AppInstance) => {
    app.get('/api/favorite-locations', { onRequest: requireRole('customer'), schema: { response: { 200: z.array(favoriteLocationSchema), ...errors } } }, async (request) => {
      const rows = await db.select().from(favoriteLocations).where(eq(favoriteLocations.userId, currentUser(request).id)).orderBy(desc(favoriteLocations.createdAt));
      return rows.map(pick);
    });

    app.post(
      '/api/favorite-locations',
      { onRequest: requireRole('customer'), schema: { body: createFavoriteRequestSchema, response: { 201: favoriteLocationSchema, ...errors } } },
      async (request, reply) => {
        const userId = currentUser(request).id;
        const existing = await db.select({ id: favoriteLocations.id }).from(favoriteLocations).where(eq(favoriteLocations.userId, userId));
        if (existing.length >= MAX_FAVORITES) throw new AppError('BUSINESS_RULE', `You can keep up to ${MAX_FAVORITES} favorite places`);
        const [row] = await db.insert(favoriteLocations).values({ userId, ...request.body }).returning();
        return reply.status(201).send(pick(row!));
      },
    );

    app.patch(
      '/api/favorite-locations/:id',
      { onRequest: requireRole('customer'), schema: { params: idParamsSchema, body: updateFavoriteRequestSchema, response: { 200: favoriteLocationSchema, ...errors } } },
      async (request) => {
        const [row] = await db
          .update(favoriteLocations)
          .set(request.body)
          .where(and(eq(favoriteLocations.id, request.params.id), eq(favoriteLocations.userId, currentUser(request).id)))
          .returning();
        if (!row) throw notFound('Favorite location');
        return pick(row);
      },
    );

    app.delete(
      '/api/favorite-locations/:id',
      { onRequest: requireRole('customer'), schema: { params: idParamsSchema, response: { 200: z.object({ ok: z.literal(true) }), ...errors } } },
      async (request) => {
        const rows = await db
          .delete(favoriteLocations)
          .where(and(eq(favoriteLocations.id, request.params.id), eq(favoriteLocations.userId, currentUser(request).id)))
          .returning({ id: favoriteLocations.id });
        if (rows.length === 0) throw notFound('Favorite location');
        return { ok: true as const };
      },
    );
  };
}
