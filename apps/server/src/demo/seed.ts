import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { estimateRoute, formatExpiry, quoteFare } from '@coride/domain';
import { adjustmentEffectiveAt } from '@coride/domain/community/zones';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { users } from '../modules/accounts/tables';
import { driverProfiles } from '../modules/applications/profile-tables';
import { driverApplications, licenseeApplications } from '../modules/applications/tables';
import { driverPresence } from '../modules/drivers/tables';
import { pricingZones, rateAdjustments } from '../modules/pricing/tables';
import { rides } from '../modules/rides/tables';
import { territories, territoryZipCodes } from '../modules/territories/tables';
import { EmbeddedProvider } from '../modules/payments/embedded-provider';
import { createPaymentsService } from '../modules/payments/service';
import { InProcessHub } from '../modules/realtime/hub';
import { hashPassword, verifyPassword } from '../modules/accounts/password';
import { namedPlaces } from '../modules/geo/places';
import { priceColumns } from '../modules/rides/repository';
import type { ZipIndex } from '../modules/geo/zip-index';

/**
 * Every demo account signs in with one password, made at random at the demo's first start in a data
 * folder and kept there (DATA_DIR/demo-password, readable by its owner only), so each installation
 * has its own: a published constant would let anyone who reached the server sign in as its demo admin.
 */
export const DEMO_PASSWORD_FILE = 'demo-password';

/** What every demo account used before the password was made per data folder: refused from now on. */
const RETIRED_DEMO_PASSWORD = 'demo-password';

export function demoPasswordPath(dataDir: string): string {
  return path.join(dataDir, DEMO_PASSWORD_FILE);
}

/** The demo password kept in this data folder, or undefined when it has none (`npm run simulate` reads it). */
export function readDemoPassword(dataDir: string): string | undefined {
  let text: string;
  try {
    text = fs.readFileSync(demoPasswordPath(dataDir), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const password = text.trim();
  // ADMIN_PASSWORD's minimum: an emptied or truncated file must not become a trivial password.
  if (password.length < 8) throw new Error(`${demoPasswordPath(dataDir)} must hold a password of at least 8 characters; delete it to have a new one made`);
  return password;
}

/**
 * The data folder's demo password, made now if it has none (isNew). The file is written aside and
 * linked into place, so two processes starting at once on one folder agree on one password and
 * neither ever reads a half-written file.
 */
export function demoPassword(dataDir: string): { password: string; isNew: boolean } {
  const existing = readDemoPassword(dataDir);
  if (existing) return { password: existing, isNew: false };
  fs.mkdirSync(dataDir, { recursive: true });
  const password = randomBytes(18).toString('base64url');
  const draft = `${demoPasswordPath(dataDir)}.${process.pid}.${randomBytes(4).toString('hex')}`;
  fs.writeFileSync(draft, `${password}\n`, { mode: 0o600 });
  try {
    fs.linkSync(draft, demoPasswordPath(dataDir));
    return { password, isNew: true };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return { password: readDemoPassword(dataDir)!, isNew: false };
  } finally {
    fs.rmSync(draft, { force: true });
  }
}

export const demoAccounts = {
  admin: 'demo-admin@coride.test',
  licensee: 'demo-licensee@coride.test',
  rider: 'demo-rider@coride.test',
  driver: (n: number) => `demo-driver-${n}@coride.test`,
};

/** Business districts are tier 1 (110%), Harlem's residential blocks tier 3 (90%); the rest tier 2. */
const demoZoneTiers: Record<string, 1 | 2 | 3 | 4> = {
  '10001': 1,
  '10017': 1,
  '10018': 1,
  '10019': 1,
  '10020': 1,
  '10022': 1,
  '10036': 1,
  '10004': 1,
  '10005': 1,
  '10006': 1,
  '10007': 1,
  '10026': 3,
  '10027': 3,
  '10029': 3,
  '10030': 3,
};

/** Manhattan, split into licenses of at most 10 zip codes each. */
const demoTerritories = [
  { name: 'Midtown Manhattan', zips: ['10001', '10016', '10017', '10018', '10019', '10020', '10022', '10036', '10010', '10011'] },
  { name: 'Downtown Manhattan', zips: ['10002', '10003', '10004', '10005', '10006', '10007', '10009', '10012', '10013', '10014'] },
  { name: 'Upper Manhattan', zips: ['10021', '10023', '10024', '10025', '10026', '10027', '10028', '10029', '10030', '10128'] },
];

const demoVehicles = [
  ['Toyota', 'Camry', 'Silver'],
  ['Honda', 'Accord', 'Black'],
  ['Tesla', 'Model 3', 'White'],
  ['Hyundai', 'Ioniq 5', 'Blue'],
  ['Toyota', 'Prius', 'Red'],
  ['Kia', 'Niro', 'Gray'],
  ['Ford', 'Escape', 'Green'],
  ['Chevrolet', 'Bolt', 'Orange'],
] as const;
const driverNames = [
  ['Maria', 'Lopez'],
  ['James', 'Chen'],
  ['Aisha', 'Bello'],
  ['David', 'Cohen'],
  ['Priya', 'Nair'],
  ['Tom', 'Walsh'],
  ['Sofia', 'Rossi'],
  ['Kwame', 'Mensah'],
] as const;

export const DEMO_DRIVER_COUNT = driverNames.length;

const demoEmails = () => [
  demoAccounts.admin,
  demoAccounts.licensee,
  demoAccounts.rider,
  ...Array.from({ length: DEMO_DRIVER_COUNT }, (_, i) => demoAccounts.driver(i + 1)),
];

/**
 * The demo world is loaded by default only into an empty embedded database, and kept alive on later
 * starts of a database it was loaded into. That is known by the demo admin: sign-up never makes an
 * admin, so unlike the demo licensee's address (which anyone could sign up with) it cannot be faked.
 */
export async function shouldRunDemo(db: Database, config: Config): Promise<boolean> {
  if (config.demoData !== undefined) return config.demoData;
  if (config.databaseUrl) return false;
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(users);
  if ((row?.count ?? 0) === 0) return true;
  const admin = await db.query.users.findFirst({ where: (u, { eq }) => eq(u.email, demoAccounts.admin) });
  return admin?.role === 'admin';
}

export function demoCredentialsText(password: string, passwordFile: string): string {
  return [
    `Demo world (password for every account: ${password}, kept in ${passwordFile}):`,
    `  rider     ${demoAccounts.rider}`,
    `  driver    ${demoAccounts.driver(1)} … ${demoAccounts.driver(DEMO_DRIVER_COUNT)}`,
    `  licensee  ${demoAccounts.licensee}`,
    `  admin     ${demoAccounts.admin}`,
  ].join('\n');
}

/**
 * Loads the demo world if it is not there yet, with the data folder's demo password (made now at the
 * folder's first start). A demo world loaded before passwords were made per folder still signs in with
 * the retired published password: its accounts are moved to the new one.
 */
export async function loadDemoWorld(
  db: Database,
  config: Config,
  zips: ZipIndex,
  now: Date = new Date(),
): Promise<{ password: string; passwordFile: string; isSeeded: boolean }> {
  const { password, isNew } = demoPassword(config.dataDir);
  const isSeeded = await seedDemoWorld(db, config, zips, password, now);
  if (!isSeeded && isNew) await retirePublishedPassword(db, config, password);
  return { password, passwordFile: demoPasswordPath(config.dataDir), isSeeded };
}

/**
 * Moves every demo account that still has the retired published password to the new one (a check
 * per account, once, at the first start after the upgrade); one whose password was changed keeps it.
 */
async function retirePublishedPassword(db: Database, config: Config, password: string): Promise<void> {
  const accounts = await db.select({ id: users.id, passwordHash: users.passwordHash }).from(users).where(inArray(users.email, demoEmails()));
  const stale: string[] = [];
  for (const account of accounts) if (await verifyPassword(RETIRED_DEMO_PASSWORD, account.passwordHash)) stale.push(account.id);
  if (stale.length === 0) return;
  const passwordHash = await hashPassword(password, config.passwordCost);
  await db.update(users).set({ passwordHash }).where(inArray(users.id, stale));
}

/**
 * Loads the demo world: a licensee with three Manhattan territories, approved drivers, a rider, an
 * admin, and a month of past rides so the dashboards have something real to show. Idempotent: does
 * nothing when the demo licensee exists.
 */
export async function seedDemoWorld(db: Database, config: Config, zips: ZipIndex, password: string, now: Date = new Date()): Promise<boolean> {
  const existing = await db.query.users.findFirst({ where: (u, { eq }) => eq(u.email, demoAccounts.licensee) });
  if (existing) return false;
  const passwordHash = await hashPassword(password, config.passwordCost);

  let riderId = '';
  await db.transaction(async (tx) => {
    const person = async (role: 'customer' | 'driver' | 'licensee' | 'admin', email: string, firstName: string, lastName: string) => {
      const [row] = await tx
        .insert(users)
        .values({
          role,
          email,
          passwordHash,
          firstName,
          lastName,
          phone: '2125550100',
          homeAddress: role === 'customer' ? '350 5th Ave, New York, NY 10118' : null,
          // Demo addresses receive no mail: they count as confirmed, so no banner asks to confirm them.
          emailVerifiedAt: now,
        })
        .onConflictDoNothing({ target: users.email })
        .returning();
      return row ?? (await tx.query.users.findFirst({ where: (u, { eq }) => eq(u.email, email) }))!;
    };

    await person('admin', demoAccounts.admin, 'Demo', 'Admin');
    const licensee = await person('licensee', demoAccounts.licensee, 'Lena', 'Park');
    const territoryIds: string[] = [];
    for (const t of demoTerritories) {
      const [application] = await tx
        .insert(licenseeApplications)
        .values({
          userId: licensee.id,
          status: 'approved',
          businessName: 'Park Community Rides LLC',
          businessLicense: 'NY-BL-2025-0420',
          territoryName: t.name,
          proposedZipCodes: t.zips,
          businessPlan: 'Recruit neighbourhood drivers, partner with local businesses and give riders fair, upfront prices.',
          experience: 'experienced',
          reviewNotes: 'Demo territory',
          reviewedAt: now,
        })
        .returning();
      const [territory] = await tx.insert(territories).values({ licenseeId: licensee.id, applicationId: application!.id, name: t.name }).returning();
      await tx.insert(territoryZipCodes).values(t.zips.map((zip) => ({ zip, territoryId: territory!.id })));
      // Pricing zones with the tiers of docs/community-economics.md §5 (unlisted zips: tier 2).
      await tx
        .insert(pricingZones)
        .values(t.zips.map((zip) => ({ zip, territoryId: territory!.id, tier: demoZoneTiers[zip] ?? 2, updatedAt: now })))
        .onConflictDoUpdate({ target: pricingZones.zip, set: { tier: sql`excluded.tier` } });
      territoryIds.push(territory!.id);
    }
    // A rate change announced two days ago, so the demo shows the 7-day notice to riders and the licensee.
    const announcedAt = new Date(now.getTime() - 2 * 86_400_000);
    await tx.insert(rateAdjustments).values({
      territoryId: territoryIds[0]!,
      proposedBy: licensee.id,
      percent: 3,
      justification: 'Fuel and insurance costs for Midtown drivers rose this year; drivers asked for a small rate rise.',
      communityInput: 'Driver meeting and rider survey: most riders accepted +3% to keep waits short.',
      announcedAt,
      effectiveAt: adjustmentEffectiveAt(announcedAt),
    });

    const rider = await person('customer', demoAccounts.rider, 'Riley', 'Rider');
    const driverIds: string[] = [];
    for (const [i, [firstName, lastName]] of driverNames.entries()) {
      const driver = await person('driver', demoAccounts.driver(i + 1), firstName, lastName);
      const [make, model, color] = demoVehicles[i]!;
      const homeZip = demoTerritories[0]!.zips[i % 10]!;
      await tx.insert(driverProfiles).values({
        userId: driver.id,
        licenseNumber: `NY-D-${1000 + i}`,
        insuranceNumber: `INS-${5000 + i}`,
        vehicleMake: make,
        vehicleModel: model,
        vehicleYear: String(2019 + (i % 5)),
        vehicleAge: 'standard',
        vehicleSize: 'standard',
        seatCount: 4,
        vehicleColor: color,
        vehiclePlate: `CR-${100 + i}`,
        driveArea: 'Midtown Manhattan',
        homeZip,
        territoryId: territoryIds[0]!,
        isApproved: true,
        approvedAt: now,
      });
      await tx
        .insert(driverApplications)
        .values({ userId: driver.id, status: 'approved', licenseDocument: `NY-D-${1000 + i}`, reviewedAt: now, reviewNotes: 'Demo driver' });
      await tx.insert(driverPresence).values({ driverId: driver.id, status: 'offline' });
      driverIds.push(driver.id);
    }

    // A month of completed rides between Midtown places, priced by the same domain function as live quotes.
    const midtownPlaces = namedPlaces.filter((p) => {
      const zip = zips.locate(p)?.zip;
      return zip !== undefined && demoTerritories[0]!.zips.includes(zip);
    });
    for (let day = 28; day >= 1; day -= 1) {
      const from = midtownPlaces[day % midtownPlaces.length]!;
      const to = midtownPlaces[(day * 3 + 1) % midtownPlaces.length]!;
      if (from === to) continue;
      const route = estimateRoute(from, to);
      const fare = quoteFare({ distanceMiles: route.distanceMiles, durationMinutes: route.durationMinutes });
      const requestedAt = new Date(now.getTime() - day * 86_400_000 - 3 * 3_600_000);
      const at = (minutes: number) => new Date(requestedAt.getTime() + minutes * 60_000);
      await tx.insert(rides).values({
        riderId: rider.id,
        driverId: driverIds[day % driverIds.length]!,
        territoryId: territoryIds[0]!,
        status: 'completed',
        pickupAddress: from.address,
        pickupLat: from.lat,
        pickupLng: from.lng,
        pickupZip: zips.locate(from)!.zip,
        dropoffAddress: to.address,
        dropoffLat: to.lat,
        dropoffLng: to.lng,
        ...priceColumns(fare),
        rating: day % 5 === 0 ? 4 : 5,
        requestedAt,
        fareHeldAt: requestedAt,
        acceptedAt: at(1),
        startedAt: at(6),
        completedAt: at(6 + fare.duration),
      });
    }
    riderId = rider.id;
  });
  await settleDemoHistory(db, riderId, now);
  return true;
}

/**
 * Pays for the demo month through the real payment code with a clock set to each ride's time: the
 * rider's card, the hold, the capture into escrow, a tip on every third ride, then the releases that
 * are due by `now` (rides of the last 3 days are still held). The dashboards then read a real ledger.
 */
async function settleDemoHistory(db: Database, riderId: string, now: Date): Promise<void> {
  let clock = now;
  const payments = createPaymentsService({ db, provider: new EmbeddedProvider(db), hub: new InProcessHub(), now: () => clock, log: { warn: () => undefined } });
  const [riderRow] = await db.select().from(users).where(eq(users.id, riderId));
  const rider = { id: riderId, role: 'customer' as const, sessionId: 'demo-seed', user: riderRow! };
  clock = new Date(now.getTime() - 30 * 86_400_000);
  await payments.addMethod(rider, { cardNumber: '4242424242424242', expiryDate: formatExpiry(12, now.getUTCFullYear() + 4), cvc: '123', isDefault: true });
  const card = await payments.chargeableMethod(riderId);
  const past = await db.select().from(rides).where(eq(rides.riderId, riderId)).orderBy(asc(rides.completedAt));
  for (const [i, ride] of past.entries()) {
    clock = ride.requestedAt;
    await payments.recordFareCharge(db, ride, card);
    await payments.authorizeFare(ride.id);
    clock = ride.completedAt!;
    await payments.captureFare(ride.id);
    if (i % 3 === 0) {
      clock = new Date(ride.completedAt!.getTime() + 10 * 60_000);
      await payments.chargeTip(rider, ride.id, 200);
    }
  }
  clock = now;
  await payments.settle();
}
