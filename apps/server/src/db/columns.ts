import { integer, timestamp } from 'drizzle-orm/pg-core';

/** Column builders shared by the modules' tables.ts files (apps/server/src/db/schema.ts re-exports the tables). */

export const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const money = (name: string) => integer(name).notNull();

export const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
