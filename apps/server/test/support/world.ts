import type { LatLng, Ride } from '@coride/domain';
import type { AppInstance } from '../../src/app';
import { bearer, customerPayload, driverPayload, licenseePayload, register } from './fixtures';
import { expect } from 'vitest';

/** Midtown Manhattan zip codes: Penn Station (10001), Garment District (10018), Times Square (10036). */
export const MIDTOWN_ZIPS = ['10001', '10018', '10036'];
export const TIMES_SQUARE = { address: 'Times Square, New York, NY 10036', lat: 40.759, lng: -73.991 };
export const PENN_STATION = { address: 'Penn Station, New York, NY 10001', lat: 40.7506, lng: -73.9935 };
export const HERALD_SQUARE = { lat: 40.7497, lng: -73.9877 };
/** Outside every test territory. */
export const CHICAGO = { address: 'Chicago, IL', lat: 41.8781, lng: -87.6298 };

export type Person = { id: string; token: string };

async function call(app: AppInstance, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token: string, payload?: unknown) {
  return app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
}

/** An error answer's status and code, compared together so a failure shows both. */
export function expectError(response: { statusCode: number; body: string }, status: number, code: string): void {
  expect({ status: response.statusCode, code: (JSON.parse(response.body) as { code?: string }).code }).toEqual({ status, code });
}

export async function expectOk<T>(response: { statusCode: number; body: string; json: () => unknown }, status = 200): Promise<T> {
  if (response.statusCode !== status) throw new Error(`expected ${status}, got ${response.statusCode}: ${response.body}`);
  return response.json() as T;
}

export async function signInAdmin(app: AppInstance): Promise<Person> {
  const email = `admin.${Math.random().toString(36).slice(2)}@example.com`;
  await app.services.accounts.ensureAdmin(email, 'admin-password-1');
  const response = await app.inject({ method: 'POST', url: '/api/login', payload: { email, password: 'admin-password-1' } });
  const body = await expectOk<{ user: { id: string }; token: string }>(response);
  return { id: body.user.id, token: body.token };
}

/** A licensee whose application an admin approved: the territory exists. */
export async function approvedLicensee(
  app: AppInstance,
  admin: Person,
  zipCodes = MIDTOWN_ZIPS,
  territoryName = 'Midtown',
): Promise<Person & { territoryId: string }> {
  const licensee = await register(app, licenseePayload({ zipCodes: zipCodes.join(', '), territoryName }));
  const applications = await expectOk<{ id: string; user: { email: string } }[]>(await call(app, 'GET', '/api/licensee-applications', admin.token));
  const application = applications.find((a) => a.user.email === licensee.user.email)!;
  await expectOk(await call(app, 'POST', `/api/licensee-applications/${application.id}/review`, admin.token, { status: 'approved', notes: 'ok' }));
  const territories = await expectOk<{ id: string }[]>(await call(app, 'GET', '/api/licensee/territories', licensee.token));
  return { id: licensee.user.id, token: licensee.token, territoryId: territories[0]!.id };
}

/** An approved driver (driving area in Midtown unless told otherwise), online at `location`. */
export async function onlineDriver(app: AppInstance, admin: Person, location: LatLng = HERALD_SQUARE, driveArea = '10018'): Promise<Person> {
  const driver = await registeredDriver(app, admin, { driveArea });
  await goOnline(app, driver, location);
  return driver;
}

/**
 * A registered driver whose driving area is `driveArea` (a zip code, a place, or "lat,lng" to pin the
 * territory exactly), approved by the admin unless `approve` is false.
 */
export async function registeredDriver(
  app: AppInstance,
  admin: Person,
  { driveArea = '10018', approve = true, overrides = {} }: { driveArea?: string; approve?: boolean; overrides?: Record<string, unknown> } = {},
): Promise<Person & { email: string; applicationId: string }> {
  const driver = await register(app, driverPayload({ driveArea, ...overrides }));
  const applications = await expectOk<{ id: string; user: { email: string } }[]>(await call(app, 'GET', '/api/driver-applications', admin.token));
  const application = applications.find((a) => a.user.email === driver.user.email)!;
  if (approve) await expectOk(await call(app, 'POST', `/api/driver-applications/${application.id}/review`, admin.token, { status: 'approved' }));
  return { id: driver.user.id, token: driver.token, email: driver.user.email, applicationId: application.id };
}

export async function goOnline(app: AppInstance, driver: Person, location: LatLng): Promise<void> {
  await expectOk(await call(app, 'PATCH', '/api/drivers/status', driver.token, { status: 'online', location }));
}

export async function goOffline(app: AppInstance, driver: Person): Promise<void> {
  await expectOk(await call(app, 'PATCH', '/api/drivers/status', driver.token, { status: 'offline' }));
}

/** "lat,lng": as a driving area, the offline geocoder places it exactly where it says. */
export const coordinates = (point: LatLng) => `${point.lat},${point.lng}`;

/** The point `north` miles north and `east` miles east of `origin` (negative for south and west). */
export function offset(origin: LatLng, north: number, east = 0): LatLng {
  const lat = origin.lat + north / 69.09;
  return { lat, lng: origin.lng + east / (69.09 * Math.cos((origin.lat * Math.PI) / 180)) };
}

/*
 * Zip-code area centroids in cities of their own: a scenario that licenses one gets a territory no
 * other scenario books in, so the drivers one test leaves online are never another test's candidates.
 */
export const CITIES = {
  BOSTON: { lat: 42.355097, lng: -71.065737 }, // 02108
  BOSTON_WATERFRONT: { lat: 42.366919, lng: -71.050416 }, // 02109
  PHILADELPHIA: { lat: 39.953372, lng: -75.174187 }, // 19103
  DENVER: { lat: 39.751526, lng: -104.997673 }, // 80202
  ATLANTA: { lat: 33.752845, lng: -84.390226 }, // 30303
  AUSTIN: { lat: 30.270569, lng: -97.742589 }, // 78701
  SEATTLE: { lat: 47.610902, lng: -122.336422 }, // 98101
} as const;

/** Waits until `check` passes (Redis, sockets and background jobs are asynchronous), or rethrows its failure after `timeoutMs`. */
export async function eventually(check: () => Promise<void>, { timeoutMs = 5000, everyMs = 25 } = {}): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  }
}

export const TEST_CARD = '4242424242424242';

/** A signed-up rider with a default card (the embedded provider's always-approving test card), ready to book. */
export async function rider(app: AppInstance, options: { card?: string | null } = {}): Promise<Person> {
  const registered = await register(app, customerPayload());
  const person = { id: registered.user.id, token: registered.token };
  const card = options.card === undefined ? TEST_CARD : options.card;
  if (card) await expectOk(await api.post(app, '/api/payment-methods', person, { cardNumber: card, expiryDate: '12/39', cvc: '123' }), 201);
  return person;
}

export async function book(app: AppInstance, person: Person, from = TIMES_SQUARE, to = PENN_STATION, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/rides',
    headers: { ...bearer(person.token), ...headers },
    payload: { pickupLocation: from, dropoffLocation: to },
  });
}

export const api = {
  get: (app: AppInstance, url: string, person: Person) => call(app, 'GET', url, person.token),
  post: (app: AppInstance, url: string, person: Person, payload?: unknown) => call(app, 'POST', url, person.token, payload ?? {}),
  patch: (app: AppInstance, url: string, person: Person, payload: unknown) => call(app, 'PATCH', url, person.token, payload),
  delete: (app: AppInstance, url: string, person: Person) => call(app, 'DELETE', url, person.token),
};

export type { Ride };
