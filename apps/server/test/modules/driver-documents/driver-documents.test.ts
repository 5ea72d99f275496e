import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { addDays, utcDay, type DriverApplication, type DriverDocument, type Notification } from '@coride/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createTestApp, type TestApp } from '../../support/test-app';
import { bearer, customerPayload, register } from '../../support/fixtures';
import {
  api,
  approvedLicensee,
  CITIES,
  coordinates,
  expectError,
  expectOk,
  goOnline,
  HERALD_SQUARE,
  registeredDriver,
  signInAdmin,
  type Person,
} from '../../support/world';

/*
 * Drivers' documents (contract §10, ADR 036): uploads checked by their bytes and size, read by their
 * driver and the reviewer only, kept under DATA_DIR/uploads with random names; a licence or insurance
 * about to expire reminds the driver once, and an expired one takes them offline until a valid one is
 * uploaded.
 */

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('fake png body for a licence photo')]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('fake jpeg body')]);
const PDF = Buffer.from('%PDF-1.7\n% an insurance certificate\n');

type Part = { name: string; value: string } | { name: string; filename: string; contentType: string; data: Buffer };

/** A multipart/form-data body as a browser sends it. */
function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----coride${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ('value' in part) {
      chunks.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`));
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\ncontent-disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\ncontent-type: ${part.contentType}\r\n\r\n`,
        ),
        part.data,
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe.each(backends)('driver documents (%s)', (backend) => {
  let t: TestApp;
  let dataDir: string;
  let clock = new Date();
  let admin: Person;
  let midtown: Person & { territoryId: string };
  let boston: Person & { territoryId: string };
  let driver: Person & { email: string; applicationId: string };
  let otherDriver: Person;

  const today = () => utcDay(clock);
  const upload = (person: Person, parts: Part[]) => {
    const body = multipart(parts);
    return t.app.inject({ method: 'POST', url: '/api/drivers/documents', headers: { ...bearer(person.token), ...body.headers }, payload: body.payload });
  };
  const file = (data: Buffer, contentType = 'image/png', filename = 'IMG_0001 my licence.png'): Part => ({ name: 'file', filename, contentType, data });
  const notifications = async (person: Person) => expectOk<Notification[]>(await api.get(t.app, '/api/notifications', person));
  const statusOf = async (person: Person) => (await expectOk<{ status: string }>(await api.get(t.app, '/api/drivers/me', person))).status;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'coride-documents-'));
    t = await createTestApp(backend, { DATA_DIR: dataDir }, () => clock);
    admin = await signInAdmin(t.app);
    midtown = await approvedLicensee(t.app, admin, ['10001', '10018', '10036'], 'Midtown');
    boston = await approvedLicensee(t.app, admin, ['02108'], 'Boston');
    driver = await registeredDriver(t.app, admin, { driveArea: '10018' });
    otherDriver = await registeredDriver(t.app, admin, { driveArea: '10018' });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps an upload with the type found in its bytes, lists it for its driver and gives the file back', async () => {
    const response = await upload(driver, [{ name: 'kind', value: 'licence' }, { name: 'expiresOn', value: addDays(today(), 400) }, file(PNG)]);
    const document = await expectOk<DriverDocument>(response, 201);
    expect(document).toMatchObject({ kind: 'licence', mediaType: 'image/png', sizeBytes: PNG.length, expiresOn: addDays(today(), 400) });

    // A PDF sent as "application/octet-stream" is still a PDF: the bytes decide.
    const pdf = await expectOk<DriverDocument>(
      await upload(driver, [{ name: 'kind', value: 'registration' }, file(PDF, 'application/octet-stream', 'reg')]),
      201,
    );
    expect(pdf.mediaType).toBe('application/pdf');

    const mine = await expectOk<DriverDocument[]>(await api.get(t.app, '/api/drivers/documents', driver));
    expect(mine.map((d) => d.kind).sort()).toEqual(['licence', 'registration']);

    const opened = await api.get(t.app, `/api/drivers/documents/${document.id}/file`, driver);
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['content-type']).toBe('image/png');
    expect(opened.headers['content-disposition']).toBe('attachment; filename="licence.png"');
    expect(opened.rawPayload.equals(PNG)).toBe(true);
  });

  it('stores files under DATA_DIR/uploads with random names, never the name the phone gave', async () => {
    const stored = fs.readdirSync(path.join(dataDir, 'uploads', driver.id));
    expect(stored.length).toBeGreaterThanOrEqual(2);
    for (const name of stored) expect(name).toMatch(/^[0-9a-f-]{36}\.(png|pdf|jpg)$/);
  });

  it('refuses a file that is not a JPEG, PNG or PDF by its content, whatever it is declared as (415)', async () => {
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    expectError(await upload(driver, [{ name: 'kind', value: 'photo' }, file(html, 'image/jpeg', 'selfie.jpg')]), 415, 'UNSUPPORTED_FILE_TYPE');
    expectError(await upload(driver, [{ name: 'kind', value: 'photo' }, file(Buffer.from('GIF89a....'), 'image/gif', 'me.gif')]), 415, 'UNSUPPORTED_FILE_TYPE');
    // Not multipart at all.
    expectError(await api.post(t.app, '/api/drivers/documents', driver, { kind: 'photo' }), 415, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('refuses a file over 5 MB (413) and keeps nothing of it', async () => {
    const before = fs.readdirSync(path.join(dataDir, 'uploads', driver.id)).length;
    const big = Buffer.concat([JPEG, Buffer.alloc(5 * 1024 * 1024)]);
    const response = await upload(driver, [{ name: 'kind', value: 'photo' }, file(big, 'image/jpeg', 'big.jpg')]);
    expectError(response, 413, 'FILE_TOO_LARGE');
    expect(JSON.parse(response.body).error).toMatch(/5 MB/);
    expect(fs.readdirSync(path.join(dataDir, 'uploads', driver.id)).length).toBe(before);
  });

  it('asks for the kind, the file, and the expiry day of a licence or insurance (400 with the field)', async () => {
    const noExpiry = await upload(driver, [{ name: 'kind', value: 'insurance' }, file(PDF, 'application/pdf')]);
    expectError(noExpiry, 400, 'VALIDATION_FAILED');
    expect(JSON.parse(noExpiry.body).fields).toHaveProperty('expiresOn');
    const badKind = await upload(driver, [{ name: 'kind', value: 'passport' }, file(PDF, 'application/pdf')]);
    expect(JSON.parse(badKind.body).fields).toHaveProperty('kind');
    const noFile = await upload(driver, [{ name: 'kind', value: 'photo' }]);
    expect(JSON.parse(noFile.body).fields).toHaveProperty('file');
    const expired = await upload(driver, [{ name: 'kind', value: 'insurance' }, { name: 'expiresOn', value: addDays(today(), -1) }, file(PDF)]);
    expectError(expired, 400, 'VALIDATION_FAILED');
    expect(JSON.parse(expired.body).fields.expiresOn).toMatch(/expired/);
  });

  it("never lets another driver (404) or a rider (403) read a driver's documents", async () => {
    const [document] = await expectOk<DriverDocument[]>(await api.get(t.app, '/api/drivers/documents', driver));
    expectError(await api.get(t.app, `/api/drivers/documents/${document!.id}/file`, otherDriver), 404, 'NOT_FOUND');
    expect(await expectOk<DriverDocument[]>(await api.get(t.app, '/api/drivers/documents', otherDriver))).toEqual([]);
    expectError(await api.get(t.app, `/api/licensee/drivers/${driver.id}/documents`, otherDriver), 403, 'FORBIDDEN');
    const registered = await register(t.app, customerPayload());
    const customer = { id: registered.user.id, token: registered.token };
    expectError(await api.get(t.app, `/api/drivers/documents/${document!.id}/file`, customer), 403, 'FORBIDDEN');
  });

  it("lets the reviewer (an admin, the licensee of the driver's territory) list and open them, and no other licensee", async () => {
    for (const reviewer of [admin, midtown]) {
      const listed = await expectOk<DriverDocument[]>(await api.get(t.app, `/api/licensee/drivers/${driver.id}/documents`, reviewer));
      expect(listed.map((d) => d.kind).sort()).toEqual(['licence', 'registration']);
      const licence = listed.find((d) => d.kind === 'licence')!;
      const opened = await api.get(t.app, `/api/drivers/documents/${licence.id}/file`, reviewer);
      expect(opened.statusCode).toBe(200);
      expect(opened.rawPayload.equals(PNG)).toBe(true);
    }
    expectError(await api.get(t.app, `/api/licensee/drivers/${driver.id}/documents`, boston), 404, 'NOT_FOUND');
    const [document] = await expectOk<DriverDocument[]>(await api.get(t.app, '/api/drivers/documents', driver));
    expectError(await api.get(t.app, `/api/drivers/documents/${document!.id}/file`, boston), 404, 'NOT_FOUND');
  });

  it('reminds the driver once, 14 days before a licence or insurance expires', async () => {
    const soon = await registeredDriver(t.app, admin, { driveArea: '10018' });
    await expectOk(await upload(soon, [{ name: 'kind', value: 'insurance' }, { name: 'expiresOn', value: addDays(today(), 20) }, file(PDF)]), 201);
    await t.app.services.driverDocuments.sweepExpiry((id) => t.app.services.drivers.takeOffline(id));
    expect((await notifications(soon)).filter((n) => n.kind === 'driver_document_expiring')).toEqual([]);

    clock = new Date(clock.getTime() + 7 * 86_400_000); // 13 days left
    await t.app.services.driverDocuments.sweepExpiry((id) => t.app.services.drivers.takeOffline(id));
    await t.app.services.driverDocuments.sweepExpiry((id) => t.app.services.drivers.takeOffline(id));
    const reminders = (await notifications(soon)).filter((n) => n.kind === 'driver_document_expiring');
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.data).toMatchObject({ kind: 'insurance', expiresOn: addDays(utcDay(new Date(clock.getTime() - 7 * 86_400_000)), 20) });
    // Still valid: the driver may go online.
    await goOnline(t.app, soon, HERALD_SQUARE);
    expect(await statusOf(soon)).toBe('online');
  });

  it('takes a driver with an expired licence offline, refuses going online until a valid one is uploaded', async () => {
    const expiring = await registeredDriver(t.app, admin, { driveArea: '10018' });
    await expectOk(
      await upload(expiring, [{ name: 'kind', value: 'licence' }, { name: 'expiresOn', value: addDays(today(), 2) }, file(JPEG, 'image/jpeg')]),
      201,
    );
    await goOnline(t.app, expiring, HERALD_SQUARE);
    expect(await statusOf(expiring)).toBe('online');

    clock = new Date(clock.getTime() + 3 * 86_400_000); // the expiry day has passed
    const { expired } = await t.app.services.driverDocuments.sweepExpiry((id) => t.app.services.drivers.takeOffline(id));
    expect(expired).toBeGreaterThanOrEqual(1);
    expect(await statusOf(expiring)).toBe('offline');
    expect(await t.app.services.index.get(expiring.id)).toBeUndefined();
    const told = (await notifications(expiring)).filter((n) => n.kind === 'driver_document_expired');
    expect(told).toHaveLength(1);
    expect(told[0]!.data).toMatchObject({ kind: 'licence' });

    const refused = await api.patch(t.app, '/api/drivers/status', expiring, { status: 'online', location: HERALD_SQUARE });
    expectError(refused, 403, 'DOCUMENT_EXPIRED');
    expect(JSON.parse(refused.body).error).toMatch(/licence/);

    // A second round tells nobody twice.
    await t.app.services.driverDocuments.sweepExpiry((id) => t.app.services.drivers.takeOffline(id));
    expect((await notifications(expiring)).filter((n) => n.kind === 'driver_document_expired')).toHaveLength(1);

    await expectOk(await upload(expiring, [{ name: 'kind', value: 'licence' }, { name: 'expiresOn', value: addDays(today(), 365) }, file(PNG)]), 201);
    await goOnline(t.app, expiring, HERALD_SQUARE);
    expect(await statusOf(expiring)).toBe('online');
  });

  it('puts a driver application in the queue of the licensee whose territory covers the driving area, and no other', async () => {
    const inBoston = await registeredDriver(t.app, admin, { driveArea: coordinates(CITIES.BOSTON), approve: false });
    const inMidtown = await registeredDriver(t.app, admin, { driveArea: 'Times Square', approve: false });
    const queue = async (licensee: Person) =>
      (await expectOk<DriverApplication[]>(await api.get(t.app, '/api/driver-applications?status=awaiting', licensee))).map((a) => a.id);
    expect(await queue(boston)).toContain(inBoston.applicationId);
    expect(await queue(boston)).not.toContain(inMidtown.applicationId);
    expect(await queue(midtown)).toContain(inMidtown.applicationId);
    expect(await queue(midtown)).not.toContain(inBoston.applicationId);
    // Each licensee hears of the application in its own territory, in the bell, and of no other.
    const received = async (licensee: Person) => (await notifications(licensee)).flatMap((n) => (n.kind === 'driver_application_received' ? [n.data] : []));
    expect(await received(boston)).toContainEqual({ applicationId: inBoston.applicationId, territoryName: 'Boston' });
    expect((await received(boston)).map((d) => d.applicationId)).not.toContain(inMidtown.applicationId);
    expect(await received(midtown)).toContainEqual({ applicationId: inMidtown.applicationId, territoryName: 'Midtown' });
    expect((await received(midtown)).map((d) => d.applicationId)).not.toContain(inBoston.applicationId);
    // The licensee reviews the documents of the applicant before deciding.
    await expectOk(await upload(inMidtown, [{ name: 'kind', value: 'photo' }, file(JPEG, 'image/jpeg')]), 201);
    const listed = await expectOk<DriverDocument[]>(await api.get(t.app, `/api/licensee/drivers/${inMidtown.id}/documents`, midtown));
    expect(listed.map((d) => d.kind)).toEqual(['photo']);
  });
});
