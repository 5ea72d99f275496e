import { and, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { favoriteLocations } from './tables';

export type FavoriteRow = typeof favoriteLocations.$inferSelect;
type FavoriteFields = Pick<typeof favoriteLocations.$inferInsert, 'name' | 'address' | 'lat' | 'lng'>;

export async function listFavoritesOf(db: Executor, userId: string): Promise<FavoriteRow[]> {
  return db.select().from(favoriteLocations).where(eq(favoriteLocations.userId, userId)).orderBy(desc(favoriteLocations.createdAt));
}

export async function countFavoritesOf(db: Executor, userId: string): Promise<number> {
  const rows = await db.select({ id: favoriteLocations.id }).from(favoriteLocations).where(eq(favoriteLocations.userId, userId));
  return rows.length;
}

export async function insertFavorite(db: Executor, userId: string, fields: FavoriteFields): Promise<FavoriteRow> {
  const [row] = await db
    .insert(favoriteLocations)
    .values({ userId, ...fields })
    .returning();
  return row!;
}

/** Undefined when the row does not exist or belongs to someone else. */
export async function updateFavoriteOf(db: Executor, userId: string, id: string, fields: Partial<FavoriteFields>): Promise<FavoriteRow | undefined> {
  const [row] = await db
    .update(favoriteLocations)
    .set(fields)
    .where(and(eq(favoriteLocations.id, id), eq(favoriteLocations.userId, userId)))
    .returning();
  return row;
}

/** False when the row does not exist or belongs to someone else. */
export async function deleteFavoriteOf(db: Executor, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(favoriteLocations)
    .where(and(eq(favoriteLocations.id, id), eq(favoriteLocations.userId, userId)))
    .returning({ id: favoriteLocations.id });
  return rows.length > 0;
}

/* The personal data of favorites (modules/privacy, ADR 025). */

export async function exportFavorites(db: Executor, userId: string) {
  return db
    .select({
      name: favoriteLocations.name,
      address: favoriteLocations.address,
      lat: favoriteLocations.lat,
      lng: favoriteLocations.lng,
      createdAt: favoriteLocations.createdAt,
    })
    .from(favoriteLocations)
    .where(eq(favoriteLocations.userId, userId))
    .orderBy(favoriteLocations.createdAt);
}

export async function eraseFavorites(db: Executor, userId: string): Promise<number> {
  const deleted = await db.delete(favoriteLocations).where(eq(favoriteLocations.userId, userId)).returning({ id: favoriteLocations.id });
  return deleted.length;
}
