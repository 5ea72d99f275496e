import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD_FILE, demoAccounts, loadDemoWorld, seedDemoWorld, shouldRunDemo } from '../../src/demo/seed';
import { namedPlaces } from '../../src/modules/geo/places';
import { customerPayload, licenseePayload, register } from '../support/fixtures';
import { backends, createTestApp, testConfig, type TestApp } from '../support/test-app';

const dataFolder = () => fs.mkdtempSync(path.join(os.tmpdir(), 'coride-demo-'));

const signIn = (t: TestApp, email: string, password: string) => t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });

describe.each(backends)('the demo world on %s', (backend) => {
  let t: TestApp;
  const folder = dataFolder();
  beforeAll(async () => {
    t = await createTestApp(backend, { DATA_DIR: folder });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  const count = async (table: string) =>
    ((await t.database.db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as { rows: { n: number }[] }).rows[0]!.n;

  it('loads by default only into an empty embedded database', async () => {
    expect(await shouldRunDemo(t.database.db, testConfig({ DEMO_DATA: 'false' }))).toBe(false);
    expect(await shouldRunDemo(t.database.db, testConfig({ DATABASE_URL: 'postgres://x@127.0.0.1/y' }))).toBe(false);
    expect(await shouldRunDemo(t.database.db, testConfig())).toBe(true);
  });

  it('seeds licensed territories, approved drivers, a rider with past rides, and is idempotent', async () => {
    const first = await loadDemoWorld(t.database.db, t.config, t.app.services.zips, new Date('2026-11-20T12:00:00Z'));
    expect(first.isSeeded).toBe(true);
    const again = await loadDemoWorld(t.database.db, t.config, t.app.services.zips);
    expect(again).toEqual({ ...first, isSeeded: false });
    expect(await count('territories')).toBe(3);
    expect(await count('territory_zip_codes')).toBe(30);
    expect(await count('driver_profiles where is_approved')).toBe(8);
    const rides = await count("rides where status = 'completed'");
    expect(rides).toBeGreaterThan(20);
    // Past rides were priced by the same function as live quotes: every total is subtotal + both fees.
    expect(await count('rides where total_fare <> subtotal + platform_fee + admin_fee')).toBe(0);
    // The demo world keeps running on later starts of the same database.
    expect(await shouldRunDemo(t.database.db, testConfig())).toBe(true);

    const login = await signIn(t, demoAccounts.rider, first.password);
    expect(login.statusCode).toBe(200);
    const stats = await t.app.inject({
      method: 'GET',
      url: '/api/users/stats',
      headers: { authorization: `Bearer ${(login.json() as { token: string }).token}` },
    });
    expect((stats.json() as { totalRides: number }).totalRides).toBe(rides);
  });

  it('serves every landmark of the demo city from the territory that holds its zip code', async () => {
    await loadDemoWorld(t.database.db, t.config, t.app.services.zips, new Date('2026-11-20T12:00:00Z'));
    // A landmark's zip code is the one its address gives; building-sized
    // zip codes (the Empire State Building's 10118, Rockefeller Center's 10111) are nobody's and are
    // served by the territory around them; the other boroughs are not served by the demo's licensees.
    const holders = (await t.database.db.execute(
      sql.raw('select z.zip, t.name from territory_zip_codes z join territories t on t.id = z.territory_id'),
    )) as unknown as { rows: { zip: string; name: string }[] };
    const territoryOfZip = new Map(holders.rows.map((row) => [row.zip, row.name]));
    const enclosedBy: Record<string, string> = { '10118': 'Midtown Manhattan', '10111': 'Midtown Manhattan', '10038': 'Downtown Manhattan' };
    const outside = new Set(['11217', '10451', '11371', '11430']);
    const placed = [];
    for (const place of namedPlaces) {
      const zip = /\b(\d{5})$/.exec(place.address)?.[1];
      const found = await t.app.services.territories.place(place);
      const expected = outside.has(zip!) ? undefined : (territoryOfZip.get(zip!) ?? enclosedBy[zip!]);
      placed.push({ place: place.address, territory: found?.territory?.name, expected });
      // Served as part of a zip code of that territory, which sets the zone and its prices.
      if (found?.territory) expect(territoryOfZip.get(found.zip)).toBe(found.territory.name);
    }
    expect(placed).toEqual(placed.map((row) => ({ ...row, territory: row.expected })));
    // Grand Central Terminal was refused as "not served yet" when only the six nearest zip areas were
    // looked at: nine building-sized zip codes are nearer to it than 10017.
    expect(placed.find((row) => row.place.startsWith('Grand Central'))?.territory).toBe('Midtown Manhattan');
  });

  it('keeps the data folder’s password, readable by its owner only, across restarts; the published one never signs in', async () => {
    const file = path.join(folder, DEMO_PASSWORD_FILE);
    const password = fs.readFileSync(file, 'utf8').trim();
    expect(password).toMatch(/^[\w-]{24}$/);
    if (process.platform !== 'win32') expect(fs.statSync(file).mode & 0o777).toBe(0o600);

    t = await t.restart();
    const restarted = await loadDemoWorld(t.database.db, t.config, t.app.services.zips);
    expect(restarted).toMatchObject({ password, isSeeded: false, passwordFile: file });
    for (const email of [demoAccounts.admin, demoAccounts.licensee, demoAccounts.rider, demoAccounts.driver(1)]) {
      expect((await signIn(t, email, password)).statusCode, email).toBe(200);
      expect((await signIn(t, email, 'demo-password')).statusCode, email).toBe(401);
    }
  });
});

describe.each(backends)('demo passwords per data folder on %s', (backend) => {
  const opened: { t: TestApp; folder: string }[] = [];
  async function fresh(): Promise<TestApp> {
    const folder = dataFolder();
    const t = await createTestApp(backend, { DATA_DIR: folder });
    opened.push({ t, folder });
    return t;
  }
  afterAll(async () => {
    for (const { t, folder } of opened) {
      await t.close();
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });

  it('gives two fresh data folders two different passwords', async () => {
    const [one, two] = [await fresh(), await fresh()];
    const a = await loadDemoWorld(one.database.db, one.config, one.app.services.zips);
    const b = await loadDemoWorld(two.database.db, two.config, two.app.services.zips);
    expect(a.password).not.toBe(b.password);
    expect((await signIn(one, demoAccounts.admin, a.password)).statusCode).toBe(200);
    expect((await signIn(one, demoAccounts.admin, b.password)).statusCode).toBe(401);
    expect((await signIn(two, demoAccounts.admin, b.password)).statusCode).toBe(200);
  }, 120_000);

  it('moves a demo world loaded with the published password to the data folder’s own at the next start', async () => {
    const t = await fresh();
    // What a data folder made before this change holds: the world, no password file, the published password.
    await seedDemoWorld(t.database.db, t.config, t.app.services.zips, 'demo-password');
    expect((await signIn(t, demoAccounts.admin, 'demo-password')).statusCode).toBe(200);

    const { password, isSeeded } = await loadDemoWorld(t.database.db, t.config, t.app.services.zips);
    expect(isSeeded).toBe(false);
    for (const email of [demoAccounts.admin, demoAccounts.rider, demoAccounts.driver(8)]) {
      expect((await signIn(t, email, 'demo-password')).statusCode, email).toBe(401);
      expect((await signIn(t, email, password)).statusCode, email).toBe(200);
    }
  }, 120_000);

  it('is not turned on by someone who signs up with a demo account’s address', async () => {
    const t = await fresh();
    await register(t.app, customerPayload());
    await register(t.app, licenseePayload({ email: demoAccounts.licensee }));
    await register(t.app, customerPayload({ email: demoAccounts.admin }));
    expect(await shouldRunDemo(t.database.db, t.config)).toBe(false);
  });
});
