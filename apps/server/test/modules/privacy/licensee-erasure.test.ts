import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { territories } from '../../../src/db/schema';
import { createRetentionService } from '../../../src/modules/retention/service';
import { findEverywhere } from '../../support/search-everywhere';
import { backends, createTestApp, type TestApp } from '../../support/test-app';
import { api, approvedLicensee, expectOk, MIDTOWN_ZIPS, signInAdmin, type Person } from '../../support/world';

/*
 * A licensee's own data (contract §8, ADR 025 and 027): the business details saved in the Settings
 * tab are in its export, block nothing once its territory is handed over, and are gone 30 days after
 * the account is deleted.
 */

const DAY = 86_400_000;
const PASSWORD = 'correct horse battery';
const DETAILS = { businessName: 'Zanzibar Quill Cabs', contactEmail: 'ops@zanzibar-quill.example', phone: '(212) 555-0177' };

describe.each(backends)('a licensee leaving, on %s', (backend) => {
  let t: TestApp;
  let clock = new Date('2026-11-20T12:00:00Z');
  let admin: Person;
  let leaving: Person & { territoryId: string };
  let successor: Person;
  const remove = (who: Person) =>
    t.app.inject({ method: 'DELETE', url: '/api/users/me', headers: { authorization: `Bearer ${who.token}` }, payload: { password: PASSWORD } });

  beforeAll(async () => {
    t = await createTestApp(backend, { DISPATCH_SWEEP_MS: '0', SETTLEMENT_SWEEP_MS: '0' }, () => clock);
    admin = await signInAdmin(t.app);
    leaving = await approvedLicensee(t.app, admin, MIDTOWN_ZIPS, 'Midtown');
    successor = await approvedLicensee(t.app, admin, ['11201'], 'Brooklyn Heights');
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/licensee/business-profile',
      headers: { authorization: `Bearer ${leaving.token}` },
      payload: DETAILS,
    });
    expect(saved.statusCode).toBe(200);
  });
  afterAll(() => t?.close());

  it('exports the business details, and cannot leave while it runs a territory', async () => {
    const exported = await expectOk<{ data: { territories: { territoryIds: string[]; businessProfile: typeof DETAILS | null } } }>(
      await api.get(t.app, '/api/users/me/export', leaving),
    );
    expect(exported.data.territories.territoryIds).toEqual([leaving.territoryId]);
    expect(exported.data.territories.businessProfile).toMatchObject(DETAILS);
    const refused = await remove(leaving);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'TERRITORY_HELD' });
  });

  it('leaves once the territory is handed over, and 31 days later its business details are nowhere', async () => {
    // The hand-over is done by the platform's operators (no route yet): the territory changes hands.
    await t.database.db.update(territories).set({ licenseeId: successor.id }).where(eq(territories.id, leaving.territoryId));
    expect((await remove(leaving)).statusCode).toBe(200);

    const needles = [DETAILS.businessName, DETAILS.contactEmail, '555-0177'];
    clock = new Date(clock.getTime() + 29 * DAY);
    await createRetentionService({ db: t.database.db, now: () => clock }).sweep();
    expect((await findEverywhere(t, needles)).length, 'kept until the 30 days are over').toBeGreaterThan(0);

    clock = new Date(clock.getTime() + 2 * DAY);
    await createRetentionService({ db: t.database.db, now: () => clock }).sweep();
    expect(await findEverywhere(t, needles)).toEqual([]);
    // The territory stays, with its new licensee.
    const [territory] = await t.database.db.select().from(territories).where(eq(territories.id, leaving.territoryId));
    expect(territory?.licenseeId).toBe(successor.id);
  });
});
