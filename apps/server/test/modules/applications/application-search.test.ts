import type { DriverApplication, LicenseeApplication } from '@coride/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createTestApp, type TestApp } from '../../support/test-app';
import { api, approvedLicensee, expectOk, registeredDriver, signInAdmin, type Person } from '../../support/world';

/*
 * The admin's applications tab filters by status (awaiting review first) and searches (`?q=`): the
 * applicant's name or email, and a licensee application's business or territory name or a zip code it
 * proposes; a driver application's plate or driving area. A licensee searches within its own scope.
 */
describe.each(backends)('searching applications (%s)', (backend) => {
  let t: TestApp;
  let admin: Person;
  let midtown: Person & { territoryId: string };
  let waitingDriver: Person & { email: string; applicationId: string };

  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = await signInAdmin(t.app);
    midtown = await approvedLicensee(t.app, admin, ['10001', '10018', '10036'], 'Midtown');
    // A second licensee application, still pending, for Astoria.
    await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: {
        role: 'licensee',
        firstName: 'Quentin',
        lastName: 'Astor',
        email: 'quentin.astor@example.com',
        phone: '7185550100',
        password: 'a long password',
        confirmPassword: 'a long password',
        terms: true,
        businessName: 'Astoria Wheels',
        businessLicense: 'BL-77777',
        territoryName: 'Astoria',
        zipCodes: '11102, 11103',
        businessPlan: 'A community ride service for Astoria, Queens, run by people who live and drive here.',
      },
    });
    waitingDriver = await registeredDriver(t.app, admin, { driveArea: '10018', approve: false });
    await registeredDriver(t.app, admin, { driveArea: '10018', approve: true });
  });
  afterAll(() => t?.close());

  const licensees = async (query: string) => expectOk<LicenseeApplication[]>(await api.get(t.app, `/api/licensee-applications?${query}`, admin));

  it('finds licensee applications by business name, territory, zip code, applicant name or email, with the status filter', async () => {
    expect((await licensees('q=astoria%20wh')).map((a) => a.businessName)).toEqual(['Astoria Wheels']);
    expect((await licensees('q=11103')).map((a) => a.territoryName)).toEqual(['Astoria']);
    expect((await licensees('q=quentin%20ast')).map((a) => a.territoryName)).toEqual(['Astoria']);
    expect((await licensees('q=QUENTIN.ASTOR@')).map((a) => a.territoryName)).toEqual(['Astoria']);
    expect((await licensees('q=Astoria&status=awaiting')).map((a) => a.status)).toEqual(['pending']);
    expect(await licensees('q=Astoria&status=approved')).toEqual([]);
    expect((await licensees('status=awaiting')).map((a) => a.territoryName)).toEqual(['Astoria']);
    // A search is text, not a pattern.
    expect(await licensees('q=%25')).toEqual([]);
    expect((await api.get(t.app, '/api/licensee-applications?q=a%00b', admin)).statusCode).toBe(400);
  });

  it('finds driver applications by email, for the admin and for the territory licensee alike', async () => {
    const query = `q=${encodeURIComponent(waitingDriver.email)}`;
    const found = await expectOk<DriverApplication[]>(await api.get(t.app, `/api/driver-applications?${query}`, admin));
    expect(found.map((a) => a.id)).toEqual([waitingDriver.applicationId]);
    const forLicensee = await expectOk<DriverApplication[]>(await api.get(t.app, `/api/driver-applications?${query}&status=awaiting`, midtown));
    expect(forLicensee.map((a) => a.id)).toEqual([waitingDriver.applicationId]);
    expect(await expectOk<DriverApplication[]>(await api.get(t.app, `/api/driver-applications?${query}&status=approved`, admin))).toEqual([]);
  });
});
