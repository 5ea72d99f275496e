import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Ride } from '@coride/domain';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { toE164 } from '../../../src/modules/ride-messages/phone-masking';
import { HubTap } from '../../support/realtime';
import { createTestApp, sharedBackends, type TestApp } from '../../support/test-app';
import {
  api,
  approvedLicensee,
  book,
  expectError,
  expectOk,
  goOffline,
  HERALD_SQUARE,
  onlineDriver,
  PENN_STATION,
  rider,
  signInAdmin,
  TIMES_SQUARE,
  type Person,
} from '../../support/world';

type Recorded = { method: string; path: string; authorization: string | undefined; form: Record<string, string> };
type Participant = { sid: string; friendly_name: string; identifier: string; proxy_identifier: string };

/**
 * A Twilio-compatible Proxy service on loopback: sessions found by unique name, participants with a
 * proxy number each. It records every request so the test sees what the app sent, and can be told
 * to fail.
 */
class FakeProxy {
  readonly requests: Recorded[] = [];
  readonly sessions = new Map<string, { sid: string; participants: Participant[] }>();
  failWith: number | null = null;
  private server: Server | null = null;
  private nextNumber = 0;

  async start(): Promise<string> {
    this.server = createServer((request, response) => {
      void this.handle(request).then(({ status, body }) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  close(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private async handle(request: IncomingMessage): Promise<{ status: number; body: unknown }> {
    let raw = '';
    for await (const chunk of request) raw += String(chunk);
    const path = new URL(request.url ?? '/', 'http://proxy').pathname;
    const method = request.method ?? 'GET';
    this.requests.push({ method, path, authorization: request.headers.authorization, form: Object.fromEntries(new URLSearchParams(raw)) });
    if (this.failWith) return { status: this.failWith, body: { code: 20500, message: 'Internal' } };
    const base = '/v1/Services/KS1';
    if (method === 'POST' && path === `${base}/Sessions`) {
      const form = Object.fromEntries(new URLSearchParams(raw));
      const session = { sid: `KC${this.sessions.size + 1}`, participants: [] };
      this.sessions.set(form.UniqueName!, session);
      return { status: 201, body: { sid: session.sid, unique_name: form.UniqueName } };
    }
    const participants = new RegExp(`^${base}/Sessions/([^/]+)/Participants$`).exec(path);
    if (participants) {
      const session = [...this.sessions.values()].find((s) => s.sid === participants[1]);
      if (!session) return { status: 404, body: { code: 20404 } };
      if (method === 'GET') return { status: 200, body: { participants: session.participants } };
      const form = Object.fromEntries(new URLSearchParams(raw));
      this.nextNumber += 1;
      const participant = {
        sid: `KP${this.nextNumber}`,
        friendly_name: form.FriendlyName!,
        identifier: form.Identifier!,
        proxy_identifier: `+1555000${String(this.nextNumber).padStart(4, '0')}`,
      };
      session.participants.push(participant);
      return { status: 201, body: participant };
    }
    const session = new RegExp(`^${base}/Sessions/([^/]+)$`).exec(path);
    if (method === 'GET' && session) {
      const found = this.sessions.get(decodeURIComponent(session[1]!));
      return found ? { status: 200, body: { sid: found.sid } } : { status: 404, body: { code: 20404 } };
    }
    return { status: 404, body: { code: 20404 } };
  }
}

describe('toE164', () => {
  it('reads a 10-digit number as North American, keeps an international one, and refuses too few digits', () => {
    expect(toE164('212-555-0100')).toBe('+12125550100');
    expect(toE164('(212) 555 0100')).toBe('+12125550100');
    expect(toE164('1 212 555 0100')).toBe('+12125550100');
    expect(toE164('+44 20 7946 0958')).toBe('+442079460958');
    expect(toE164('+12')).toBeNull();
    expect(toE164('555-01')).toBeNull();
  });
});

/*
 * Contract §9 (ADR 035): Call rings a masked number from a Twilio-compatible proxy when PHONE_MASKING_URL
 * is set; without it, 409 CALLS_NOT_CONFIGURED and the apps open the thread instead. The real numbers go
 * to the proxy only.
 */
describe.each(sharedBackends)('ride calls on %s', (backend) => {
  const RIDER_PHONE = '(917) 555-0142';
  const DRIVER_PHONE = '646 555 0199';
  const proxy = new FakeProxy();
  let masked: TestApp;
  let plain: TestApp;
  let tap: HubTap;
  let admin: Person;
  const online: Person[] = [];

  beforeAll(async () => {
    const proxyUrl = new URL(await proxy.start());
    masked = await createTestApp(backend, { PHONE_MASKING_URL: `http://AC123:s%40cret@${proxyUrl.host}/v1/Services/KS1/` });
    plain = await createTestApp(backend);
    tap = new HubTap(masked.app);
    admin = await signInAdmin(masked.app);
    await approvedLicensee(masked.app, admin);
  });
  beforeEach(() => {
    proxy.requests.length = 0;
    proxy.failWith = null;
  });
  afterEach(async () => {
    for (const driver of online.splice(0)) await goOffline(masked.app, driver);
  });
  afterAll(async () => {
    await masked?.close();
    await plain?.close();
    await proxy.close();
  });

  const call = (ride: Ride, person: Person) => api.post(masked.app, `/api/rides/${ride.id}/call`, person);

  async function acceptedRide() {
    const driver = await onlineDriver(masked.app, admin, HERALD_SQUARE);
    online.push(driver);
    await expectOk(await api.patch(masked.app, '/api/users/me', driver, { phone: DRIVER_PHONE }));
    const person = await rider(masked.app);
    await expectOk(await api.patch(masked.app, '/api/users/me', person, { phone: RIDER_PHONE }));
    const since = tap.mark();
    const ride = await expectOk<Ride>(await book(masked.app, person, TIMES_SQUARE, PENN_STATION), 201);
    await tap.dispatched(ride.id, since);
    await expectOk(await api.post(masked.app, `/api/rides/${ride.id}/accept`, driver));
    return { person, driver, ride };
  }

  it('gives each side the proxy number that rings the other, from one session per ride, never a real number', async () => {
    const { person, driver, ride } = await acceptedRide();
    const riderCall = await expectOk<{ number: string }>(await call(ride, person));
    const driverCall = await expectOk<{ number: string }>(await call(ride, driver));
    const again = await expectOk<{ number: string }>(await call(ride, person));

    const session = proxy.sessions.get(`ride-${ride.id}`)!;
    const byName = Object.fromEntries(session.participants.map((p) => [p.friendly_name, p]));
    // The proxy holds both real numbers in E.164, each under its side; the answers are proxy numbers.
    expect(byName.rider?.identifier).toBe('+19175550142');
    expect(byName.driver?.identifier).toBe('+16465550199');
    expect(riderCall.number).toBe(byName.rider?.proxy_identifier);
    expect(driverCall.number).toBe(byName.driver?.proxy_identifier);
    expect(again).toEqual(riderCall);
    expect(riderCall.number).not.toBe(driverCall.number);
    for (const answer of [riderCall, driverCall]) expect(answer.number.replace(/\D/g, '')).not.toMatch(/9175550142|6465550199/);

    // One session (created once, then found by its name), two participants, Basic auth from the address.
    expect(proxy.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/Sessions'))).toEqual([
      expect.objectContaining({ form: { UniqueName: `ride-${ride.id}`, Mode: 'voice-only', Ttl: '14400' } }),
    ]);
    expect(session.participants).toHaveLength(2);
    expect(new Set(proxy.requests.map((r) => r.authorization))).toEqual(new Set([`Basic ${Buffer.from('AC123:s@cret').toString('base64')}`]));

    // Nothing the riders and drivers read carries the other's real number.
    const seen = [await api.get(masked.app, `/api/rides/${ride.id}`, person), await api.get(masked.app, '/api/drivers/active-ride', driver)];
    for (const response of seen) expect(response.body.replace(/\D/g, '')).not.toMatch(/9175550142|6465550199/);
  });

  it('answers 409 RIDE_NOT_ACTIVE before a driver took the ride and after it ended, 404 to others, without asking the proxy', async () => {
    const driver = await onlineDriver(masked.app, admin, HERALD_SQUARE);
    online.push(driver);
    const person = await rider(masked.app);
    const since = tap.mark();
    const ride = await expectOk<Ride>(await book(masked.app, person, TIMES_SQUARE, PENN_STATION), 201);
    await tap.dispatched(ride.id, since);
    expectError(await call(ride, person), 409, 'RIDE_NOT_ACTIVE');

    await expectOk(await api.post(masked.app, `/api/rides/${ride.id}/accept`, driver));
    const stranger = await rider(masked.app);
    expectError(await call(ride, stranger), 404, 'NOT_FOUND');
    await expectOk(await api.post(masked.app, `/api/rides/${ride.id}/cancel`, person, { reason: 'Plans changed' }));
    expectError(await call(ride, driver), 409, 'RIDE_NOT_ACTIVE');
    expect(proxy.requests).toEqual([]);
  });

  it('answers 503 UNAVAILABLE when the proxy fails, and works again once it answers', async () => {
    const { person, ride } = await acceptedRide();
    proxy.failWith = 500;
    expectError(await call(ride, person), 503, 'UNAVAILABLE');
    expect(proxy.requests.length).toBeGreaterThan(0);
    proxy.failWith = null;
    expect((await expectOk<{ number: string }>(await call(ride, person))).number).toMatch(/^\+1555000\d{4}$/);
  });

  it('answers 409 CALLS_NOT_CONFIGURED without PHONE_MASKING_URL, so the apps open the messages instead', async () => {
    const plainAdmin = await signInAdmin(plain.app);
    await approvedLicensee(plain.app, plainAdmin);
    const driver = await onlineDriver(plain.app, plainAdmin, HERALD_SQUARE);
    const person = await rider(plain.app);
    const plainTap = new HubTap(plain.app);
    const since = plainTap.mark();
    const ride = await expectOk<Ride>(await book(plain.app, person, TIMES_SQUARE, PENN_STATION), 201);
    await plainTap.dispatched(ride.id, since);
    await expectOk(await api.post(plain.app, `/api/rides/${ride.id}/accept`, driver));
    for (const caller of [person, driver]) expectError(await api.post(plain.app, `/api/rides/${ride.id}/call`, caller), 409, 'CALLS_NOT_CONFIGURED');
    expect(proxy.requests).toEqual([]);
    await goOffline(plain.app, driver);
  });
});
