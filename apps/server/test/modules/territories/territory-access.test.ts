import { quoteFare } from '@coride/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assistantConversations, communitySubmissions, disputes, rides, supportTickets } from '../../../src/db/schema';
import { priceColumns } from '../../../src/modules/rides/repository';
import { backends, createTestApp, type TestApp } from '../../support/test-app';
import { api, approvedLicensee, PENN_STATION, registeredDriver, rider, signInAdmin, TIMES_SQUARE, type Person } from '../../support/world';

/**
 * Territory scope, every role against every territory-scoped read (modules/territories/access.ts): an admin
 * sees all, a licensee its territories, a driver its own, a customer none. Two territories, A (Midtown) and
 * B (Tribeca), each with rides, a dispute, a support ticket, a submission and a pending driver application.
 * Each cell is what the caller gets: the status, and for a 200 which territories' rows it holds
 * ("A", "B", "AB", "-" for none) or the figure that tells them apart; for an error, its message.
 */
type Role = 'admin' | 'licenseeA' | 'licenseeB' | 'driverA' | 'driverB' | 'customer';
const roles: Role[] = ['admin', 'licenseeA', 'licenseeB', 'driverA', 'driverB', 'customer'];
const licenseeOnly = '403 This is only available to licensee accounts';
const staffOnly = '403 This is only available to licensee or admin accounts';
/** Licensee-only routes: every other role is refused by its role before any territory is looked at. */
const forLicensees = (a: string, b: string): Record<Role, string> => ({
  admin: licenseeOnly,
  licenseeA: a,
  licenseeB: b,
  driverA: licenseeOnly,
  driverB: licenseeOnly,
  customer: licenseeOnly,
});
/** Staff routes: the admin sees `admin`, each licensee `a` / `b`, drivers and customers are refused by role. */
const forStaff = (admin: string, a: string, b: string, refused: string = staffOnly): Record<Role, string> => ({
  admin,
  licenseeA: a,
  licenseeB: b,
  driverA: refused,
  driverB: refused,
  customer: refused,
});
/** One territory `key` read by id: its own licensee (and the admin) sees it, the other licensee gets `miss`. */
const ownOnly = (key: 'A' | 'B', hit: string, miss: string) => [key === 'A' ? hit : miss, key === 'B' ? hit : miss] as const;

describe.each(backends)('territory scope on %s', (backend) => {
  let t: TestApp;
  const clock = new Date('2026-11-20T12:00:00Z');
  const people = {} as Record<Role, Person>;
  const territory = { A: '', B: '' };
  /** Which territory each seeded row id belongs to. */
  const owner = new Map<string, 'A' | 'B'>();
  const ride = { A: '', B: '' };
  const dispute = { A: '', B: '' };

  async function seedRide(key: 'A' | 'B', riderId: string, driverId: string, status: 'completed' | 'requested' = 'completed') {
    const at = new Date(clock.getTime() - 2 * 3_600_000);
    const [row] = await t.database.db
      .insert(rides)
      .values({
        riderId,
        driverId: status === 'completed' ? driverId : null,
        territoryId: territory[key],
        pickupAddress: TIMES_SQUARE.address,
        pickupLat: TIMES_SQUARE.lat,
        pickupLng: TIMES_SQUARE.lng,
        pickupZip: key === 'A' ? '10036' : '10013',
        dropoffAddress: PENN_STATION.address,
        dropoffLat: PENN_STATION.lat,
        dropoffLng: PENN_STATION.lng,
        ...priceColumns(quoteFare({ distanceMiles: 1, durationMinutes: 5 })),
        status,
        fareHeldAt: at,
        requestedAt: at,
        ...(status === 'completed' ? { acceptedAt: at, startedAt: at, completedAt: new Date(at.getTime() + 600_000) } : {}),
      })
      .returning();
    owner.set(row!.id, key);
    return row!.id;
  }

  beforeAll(async () => {
    t = await createTestApp(backend, { TIER_RECOMPUTE_MS: '0' }, () => clock);
    people.admin = await signInAdmin(t.app);
    const licenseeA = await approvedLicensee(t.app, people.admin);
    const licenseeB = await approvedLicensee(t.app, people.admin, ['10013'], 'Tribeca');
    territory.A = licenseeA.territoryId;
    territory.B = licenseeB.territoryId;
    owner.set(territory.A, 'A').set(territory.B, 'B');
    people.licenseeA = licenseeA;
    people.licenseeB = licenseeB;
    people.driverA = await registeredDriver(t.app, people.admin, { driveArea: '10018' });
    people.driverB = await registeredDriver(t.app, people.admin, { driveArea: '10013' });
    owner.set(people.driverA.id, 'A').set(people.driverB.id, 'B');
    people.customer = await rider(t.app);
    for (const [key, zip] of [
      ['A', '10036'],
      ['B', '10013'],
    ] as const) {
      const pending = await registeredDriver(t.app, people.admin, { driveArea: zip, approve: false });
      owner.set(pending.applicationId, key);
    }

    // Territory A has two completed rides, B one; each has a dispute, a ticket and a submission.
    const driverOf = { A: people.driverA.id, B: people.driverB.id };
    for (const key of ['A', 'B'] as const) {
      ride[key] = await seedRide(key, people.customer.id, driverOf[key]);
      const [d] = await t.database.db
        .insert(disputes)
        .values({ rideId: ride[key], riderId: people.customer.id, territoryId: territory[key], reason: 'overcharged', description: 'seeded', openedAt: clock })
        .returning();
      dispute[key] = d!.id;
      owner.set(d!.id, key);
      const [conversation] = await t.database.db
        .insert(assistantConversations)
        .values({ userId: people.customer.id, language: 'en', createdAt: clock, updatedAt: clock })
        .returning();
      const [ticket] = await t.database.db
        .insert(supportTickets)
        .values({ conversationId: conversation!.id, userId: people.customer.id, territoryId: territory[key], reason: 'asked_for_person', createdAt: clock })
        .returning();
      owner.set(ticket!.id, key);
      const [submission] = await t.database.db
        .insert(communitySubmissions)
        .values({
          userId: driverOf[key],
          territoryId: territory[key],
          kind: 'route_suggestion',
          text: 'Use 8th Avenue northbound after 5 pm',
          createdAt: clock,
        })
        .returning();
      owner.set(submission!.id, key);
    }
    await seedRide('A', people.customer.id, people.driverA.id);
    for (const key of ['A', 'B'] as const) {
      const licensee = key === 'A' ? people.licenseeA : people.licenseeB;
      const body = { territoryId: territory[key], percent: 5, justification: 'Fuel and insurance costs rose this quarter in the area' };
      const proposal = await api.post(t.app, '/api/licensee/rate-adjustments', licensee, body);
      if (proposal.statusCode !== 201) throw new Error(`rate adjustment: ${proposal.statusCode} ${proposal.body}`);
      owner.set((proposal.json() as { id: string }).id, key);
    }
    const pool = await api.post(t.app, '/api/admin/bonus-pool/run', people.admin, { month: '2026-10' });
    if (pool.statusCode !== 200) throw new Error(`bonus pool run: ${pool.statusCode} ${pool.body}`);
  }, 120_000);
  afterAll(() => t?.close());

  /** The territories of the rows a list holds: "AB", "A", "B", or "-" when none of the seeded rows is there. */
  const territoriesOf = (ids: string[]) => [...new Set(ids.map((id) => owner.get(id)).filter((key) => key !== undefined))].sort().join('') || '-';

  async function outcome(role: Role, url: string, read: (body: unknown) => string): Promise<string> {
    const response = await api.get(t.app, url, people[role]);
    if (response.statusCode !== 200) return `${response.statusCode} ${(response.json() as { error?: string }).error ?? ''}`.trim();
    return `200 ${read(response.json())}`;
  }

  const ids = (body: unknown) => territoriesOf((body as { id: string }[]).map((row) => row.id));

  /** Every territory-scoped read: its URL (built once the world exists) and what tells the rows apart. */
  const reads: { name: string; url: () => string; read: (body: unknown) => string; expected: Record<Role, string> }[] = [
    {
      name: 'GET /api/licensee/territories',
      url: () => '/api/licensee/territories',
      read: ids,
      expected: forLicensees('200 A', '200 B'),
    },
    {
      name: 'GET /api/licensee/metrics',
      url: () => '/api/licensee/metrics',
      read: (body) => `rides=${(body as { monthlyRides: number }).monthlyRides}`,
      expected: forLicensees('200 rides=2', '200 rides=1'),
    },
    {
      name: 'GET /api/licensee/drivers',
      url: () => '/api/licensee/drivers',
      read: (body) => territoriesOf((body as { driverId?: string; id?: string; userId?: string }[]).map((row) => row.driverId ?? row.userId ?? row.id ?? '')),
      expected: forLicensees('200 A', '200 B'),
    },
    ...(['A', 'B'] as const).map((key) => ({
      name: `GET /api/licensee/driver-tiers of ${key}`,
      url: () => `/api/licensee/driver-tiers?territoryId=${territory[key]}`,
      read: (body: unknown) => territoriesOf([(body as { territoryId: string }).territoryId]),
      expected: forStaff(`200 ${key}`, ...ownOnly(key, `200 ${key}`, '404 Territory not found')),
    })),
    ...(['A', 'B'] as const).map((key) => ({
      name: `GET /api/licensee/analytics of ${key}`,
      url: () => `/api/licensee/analytics?territoryId=${territory[key]}`,
      read: (body: unknown) => territoriesOf([(body as { territory: { id: string } }).territory.id]),
      expected: forStaff(`200 ${key}`, ...ownOnly(key, `200 ${key}`, '404 Territory not found')),
    })),
    {
      name: 'GET /api/rides',
      url: () => '/api/rides',
      read: ids,
      expected: { admin: '200 AB', licenseeA: '200 A', licenseeB: '200 B', driverA: '200 A', driverB: '200 B', customer: '200 AB' },
    },
    ...(['A', 'B'] as const).map((key) => ({
      name: `GET /api/rides/:id of ${key}`,
      url: () => `/api/rides/${ride[key]}`,
      read: (body: unknown) => territoriesOf([(body as { id: string }).id]),
      expected: {
        admin: `200 ${key}`,
        licenseeA: key === 'A' ? '200 A' : '404 Ride not found',
        licenseeB: key === 'B' ? '200 B' : '404 Ride not found',
        // The customer rode both rides; each driver drove the ride of its own territory.
        driverA: key === 'A' ? '200 A' : '404 Ride not found',
        driverB: key === 'B' ? '200 B' : '404 Ride not found',
        customer: `200 ${key}`,
      },
    })),
    {
      name: 'GET /api/disputes',
      url: () => '/api/disputes',
      read: ids,
      expected: { ...forStaff('200 AB', '200 A', '200 B', '403 This is only available to customer or licensee or admin accounts'), customer: '200 AB' },
    },
    ...(['A', 'B'] as const).map((key) => ({
      name: `GET /api/disputes/:id/mediation of ${key}`,
      url: () => `/api/disputes/${dispute[key]}/mediation`,
      read: () => 'proposal',
      expected: forStaff('200 proposal', ...ownOnly(key, '200 proposal', '404 Dispute not found')),
    })),
    {
      name: 'GET /api/support/tickets',
      url: () => '/api/support/tickets',
      read: ids,
      expected: forStaff('200 AB', '200 A', '200 B'),
    },
    {
      name: 'GET /api/driver-applications',
      url: () => '/api/driver-applications',
      read: ids,
      expected: forStaff('200 AB', '200 A', '200 B', '403 This is only available to admin or licensee accounts'),
    },
    {
      name: 'GET /api/licensee/submissions',
      url: () => '/api/licensee/submissions',
      read: (body) => ids((body as { submissions: { id: string }[] }).submissions),
      expected: forStaff('200 AB', '200 A', '200 B'),
    },
    ...(['A', 'B'] as const).map((key) => ({
      name: `GET /api/pricing/zones of ${key}`,
      url: () => `/api/pricing/zones?territoryId=${territory[key]}`,
      read: (body: unknown) => territoriesOf([(body as { territoryId: string }).territoryId]),
      expected: { admin: `200 ${key}`, licenseeA: `200 ${key}`, licenseeB: `200 ${key}`, driverA: `200 ${key}`, driverB: `200 ${key}`, customer: `200 ${key}` },
    })),
    {
      name: 'GET /api/licensee/rate-adjustments',
      url: () => '/api/licensee/rate-adjustments',
      read: ids,
      expected: forStaff('200 AB', '200 A', '200 B'),
    },
    ...(['A', 'B'] as const).map((key) => ({
      name: `GET /api/licensee/rate-adjustments of ${key}`,
      url: () => `/api/licensee/rate-adjustments?territoryId=${territory[key]}`,
      read: ids,
      expected: forStaff(`200 ${key}`, ...ownOnly(key, `200 ${key}`, '404 Territory not found')),
    })),
    ...(['A', 'B'] as const).map((key) => ({
      name: `GET /api/community/bonus-pool of ${key}`,
      url: () => `/api/community/bonus-pool?territoryId=${territory[key]}&month=2026-10`,
      read: (body: unknown) => territoriesOf([(body as { territoryId: string }).territoryId]),
      expected: {
        admin: `200 ${key}`,
        licenseeA: key === 'A' ? `200 ${key}` : '404 Territory not found',
        licenseeB: key === 'B' ? `200 ${key}` : '404 Territory not found',
        driverA: key === 'A' ? `200 ${key}` : '404 Territory not found',
        driverB: key === 'B' ? `200 ${key}` : '404 Territory not found',
        customer: '403 This is only available to driver or licensee or admin accounts',
      },
    })),
    {
      name: 'GET /api/community/bonus-pool (own territory by default)',
      url: () => '/api/community/bonus-pool?month=2026-10',
      read: (body) => territoriesOf([(body as { territoryId: string }).territoryId]),
      expected: {
        admin: '400 Choose a territory',
        licenseeA: '200 A',
        licenseeB: '200 B',
        driverA: '200 A',
        driverB: '200 B',
        customer: '403 This is only available to driver or licensee or admin accounts',
      },
    },
  ];

  it.each(reads.map((r) => [r.name, r] as const))('%s answers each role with its own territories only', async (_name, r) => {
    const actual = {} as Record<Role, string>;
    for (const role of roles) actual[role] = await outcome(role, r.url(), r.read);
    expect(actual).toEqual(r.expected);
  });
});
