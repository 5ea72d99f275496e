import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, demoAccounts, seedDemoWorld, shouldRunDemo } from '../src/demo/seed';
import { backends, createTestApp, testConfig, type TestApp } from './support/test-app';

describe.each(backends)('the demo world on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(() => t.close());

  const count = async (table: string) =>
    ((await t.database.db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as { rows: { n: number }[] }).rows[0]!.n;

  it('loads by default only into an empty embedded database', async () => {
    expect(await shouldRunDemo(t.database.db, testConfig({ DEMO_DATA: 'false' }))).toBe(false);
    expect(await shouldRunDemo(t.database.db, testConfig({ DATABASE_URL: 'postgres://x@127.0.0.1/y' }))).toBe(false);
    expect(await shouldRunDemo(t.database.db, testConfig())).toBe(true);
  });

  it('seeds licensed territories, approved drivers, a rider with past rides, and is idempotent', async () => {
    expect(await seedDemoWorld(t.database.db, t.config, t.app.services.zips, new Date('2026-11-20T12:00:00Z'))).toBe(true);
    expect(await seedDemoWorld(t.database.db, t.config, t.app.services.zips)).toBe(false);
    expect(await count('territories')).toBe(3);
    expect(await count('territory_zip_codes')).toBe(30);
    expect(await count("driver_profiles where is_approved")).toBe(8);
    const rides = await count("rides where status = 'completed'");
    expect(rides).toBeGreaterThan(20);
    // Past rides were priced by the same function as live quotes: every total is subtotal + both fees.
    expect(await count('rides where total_fare <> subtotal + platform_fee + admin_fee')).toBe(0);
    // The demo world keeps running on later starts of the same database.
    expect(await shouldRunDemo(t.database.db, testConfig())).toBe(true);

    const login = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: demoAccounts.rider, password: DEMO_PASSWORD } });
    expect(login.statusCode).toBe(200);
    const stats = await t.app.inject({ method: 'GET', url: '/api/users/stats', headers: { authorization: `Bearer ${(login.json() as { token: string }).token}` } });
    expect((stats.json() as { totalRides: number }).totalRides).toBe(rides);
  });
});
