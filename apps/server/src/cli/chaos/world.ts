/**
 * The chaos run's world: a fresh PostgreSQL database (created next to the one DATABASE_URL names,
 * dropped afterwards), migrated once, with one Midtown territory, approved drivers and riders who
 * sign in with one password. Written straight into the tables, as bench/dispatch.ts does: the run
 * tests dispatch under failures, not sign-up.
 */
import { randomUUID } from 'node:crypto';
import type { Location } from '@coride/domain';
import pg from 'pg';
import { openPostgres } from '../../db/client';
import { users } from '../../modules/accounts/tables';
import { driverProfiles } from '../../modules/applications/profile-tables';
import { territories, territoryZipCodes } from '../../modules/territories/tables';
import { hashPassword } from '../../modules/accounts/password';
import { namedPlaces } from '../../modules/geo/places';
import { usZipIndex } from '../../modules/geo/zip-index';
import { botDriverProfile } from '../../simulator/bot-profiles';

/** Midtown Manhattan, the demo's first territory. */
const MIDTOWN_ZIPS = ['10001', '10016', '10017', '10018', '10019', '10020', '10022', '10036', '10010', '10011'];

export type FreshDatabase = { url: string; name: string; drop(): Promise<void> };

/** Creates an empty database beside the one `baseUrl` names (same server and credentials). */
export async function createFreshDatabase(baseUrl: string, label: string): Promise<FreshDatabase> {
  const name = `coride_${label}_${Date.now()}_${process.pid}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    async drop() {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

export type World = {
  password: string;
  drivers: { email: string; password: string }[];
  riders: { email: string; password: string }[];
  /** Places inside the territory, where drivers start and riders travel between. */
  places: Location[];
  territoryId: string;
};

/** Migrates the database and writes the world into it. */
export async function seedWorld(databaseUrl: string, counts: { drivers: number; riders: number }): Promise<World> {
  const handle = await openPostgres(databaseUrl);
  const { db } = handle;
  try {
    // The demo's Midtown places, and the territory serves each one's zip code (some are single-building codes).
    const places = namedPlaces.filter((p) => p.lat > 40.74 && p.lat < 40.77);
    const zipIndex = usZipIndex();
    const zips = [...new Set([...MIDTOWN_ZIPS, ...places.map((p) => zipIndex.locate(p)?.zip).filter((zip): zip is string => zip !== undefined)])];
    const password = `chaos-${randomUUID()}`;
    const passwordHash = await hashPassword(password, 10);
    const tag = randomUUID().slice(0, 8);
    const [licensee] = await db
      .insert(users)
      .values({ role: 'licensee', email: `licensee-${tag}@chaos.test`, passwordHash, firstName: 'Chaos', lastName: 'Licensee' })
      .returning();
    const [territory] = await db.insert(territories).values({ licenseeId: licensee!.id, name: 'Chaos Midtown' }).returning();
    await db.insert(territoryZipCodes).values(zips.map((zip) => ({ zip, territoryId: territory!.id })));

    const driverEmails = Array.from({ length: counts.drivers }, (_, i) => `driver-${i}-${tag}@chaos.test`);
    for (let start = 0; start < driverEmails.length; start += 500) {
      const batch = driverEmails.slice(start, start + 500);
      const inserted = await db
        .insert(users)
        .values(batch.map((email, i) => ({ role: 'driver' as const, email, passwordHash, firstName: 'Bot', lastName: `Driver${start + i}` })))
        .returning({ id: users.id });
      await db.insert(driverProfiles).values(inserted.map((u, i) => botDriverProfile(u.id, start + i, territory!.id, 'C')));
    }
    const riderEmails = Array.from({ length: counts.riders }, (_, i) => `rider-${i}-${tag}@chaos.test`);
    if (riderEmails.length > 0) {
      await db
        .insert(users)
        .values(riderEmails.map((email, i) => ({ role: 'customer' as const, email, passwordHash, firstName: 'Bot', lastName: `Rider${i}` })));
    }
    return {
      password,
      drivers: driverEmails.map((email) => ({ email, password })),
      riders: riderEmails.map((email) => ({ email, password })),
      places,
      territoryId: territory!.id,
    };
  } finally {
    await handle.close();
  }
}
