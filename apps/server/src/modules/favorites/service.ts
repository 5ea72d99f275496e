import type { createFavoriteRequestSchema, FavoriteLocation, updateFavoriteRequestSchema } from '@coride/domain';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import { countFavoritesOf, deleteFavoriteOf, insertFavorite, listFavoritesOf, updateFavoriteOf, type FavoriteRow } from './repository';

export const MAX_FAVORITES = 50;

type CreateFavoriteRequest = z.infer<typeof createFavoriteRequestSchema>;
type UpdateFavoriteRequest = z.infer<typeof updateFavoriteRequestSchema>;

export type FavoritesService = ReturnType<typeof createFavoritesService>;

const pick = (row: FavoriteRow): FavoriteLocation => ({ id: row.id, name: row.name, address: row.address, lat: row.lat, lng: row.lng });

/** A rider's saved places; every query is scoped to the caller, so other riders' rows are 404. */
export function createFavoritesService(deps: { db: Database }) {
  const { db } = deps;
  return {
    async list(userId: string): Promise<FavoriteLocation[]> {
      return (await listFavoritesOf(db, userId)).map(pick);
    },

    async add(userId: string, fields: CreateFavoriteRequest): Promise<FavoriteLocation> {
      if ((await countFavoritesOf(db, userId)) >= MAX_FAVORITES) throw new AppError('BUSINESS_RULE', `You can keep up to ${MAX_FAVORITES} favorite places`);
      return pick(await insertFavorite(db, userId, fields));
    },

    async update(userId: string, id: string, fields: UpdateFavoriteRequest): Promise<FavoriteLocation> {
      const row = await updateFavoriteOf(db, userId, id, fields);
      if (!row) throw notFound('Favorite location');
      return pick(row);
    },

    async remove(userId: string, id: string): Promise<void> {
      if (!(await deleteFavoriteOf(db, userId, id))) throw notFound('Favorite location');
    },
  };
}
