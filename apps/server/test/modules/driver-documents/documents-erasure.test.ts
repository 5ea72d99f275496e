import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../support/ledger';
import { backends, createTestApp, type TestApp } from '../../support/test-app';
import { bearer } from '../../support/fixtures';
import { api, expectOk, registeredDriver, signInAdmin, type Person } from '../../support/world';

/*
 * A deleted driver's documents (contract §8, ADR 025 and 036): the export lists them without saying
 * where the files are; 30 days after the deletion the retention sweep the app runs deletes the rows
 * and the files themselves, and leaves other drivers' alone.
 */

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('a licence photo to erase')]);
const DAY = 86_400_000;

function multipartFile(kind: string, expiresOn: string, data: Buffer) {
  const boundary = `----coride${Math.random().toString(16).slice(2)}`;
  const field = (name: string, value: string) => `--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const payload = Buffer.concat([
    Buffer.from(field('kind', kind) + field('expiresOn', expiresOn)),
    Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="licence.png"\r\ncontent-type: image/png\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Every file under the uploads folder, relative to it. */
function filesUnder(folder: string): string[] {
  if (!fs.existsSync(folder)) return [];
  return fs
    .readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name);
}

describe.each(backends)('erasure of a deleted driver’s documents on %s', (backend) => {
  let t: TestApp;
  let dataDir: string;
  let clock = new Date('2026-11-20T12:00:00Z');
  let leaving: Person;
  let staying: Person;
  const uploads = () => path.join(dataDir, 'uploads');
  const upload = (driver: Person) => {
    const body = multipartFile('licence', '2027-12-31', PNG);
    return t.app.inject({ method: 'POST', url: '/api/drivers/documents', headers: { ...bearer(driver.token), ...body.headers }, payload: body.payload });
  };
  const documentRows = async (driverId: string) =>
    (await rows<{ n: number }>(t.database.db, sql`select count(*)::int as n from driver_documents where driver_id = ${driverId}`))[0]!.n;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'coride-documents-erasure-'));
    t = await createTestApp(backend, { DATA_DIR: dataDir }, () => clock);
    const admin = await signInAdmin(t.app);
    leaving = await registeredDriver(t.app, admin, { approve: false });
    staying = await registeredDriver(t.app, admin, { approve: false });
    for (const driver of [leaving, staying]) expect((await upload(driver)).statusCode).toBe(201);
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('lists the documents in the export, without the storage key', async () => {
    const exported = await expectOk<{ data: { driverDocuments: Record<string, unknown>[] } }>(await api.get(t.app, '/api/users/me/export', leaving));
    expect(exported.data.driverDocuments).toEqual([
      { kind: 'licence', mediaType: 'image/png', sizeBytes: PNG.length, expiresOn: '2027-12-31', uploadedAt: clock.toISOString() },
    ]);
    expect(JSON.stringify(exported)).not.toContain(leaving.id + '/');
  });

  it('deletes the rows and the files 30 days after the account was deleted, and only that driver’s', async () => {
    expect(filesUnder(uploads())).toHaveLength(2);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/users/me',
      headers: bearer(leaving.token),
      payload: { password: 'correct horse battery' },
    });
    expect(deleted.statusCode).toBe(200);

    clock = new Date(clock.getTime() + 29 * DAY);
    await t.app.services.retention.sweep();
    expect(await documentRows(leaving.id)).toBe(1);
    expect(filesUnder(uploads())).toHaveLength(2);

    clock = new Date(clock.getTime() + 2 * DAY);
    const swept = await t.app.services.retention.sweep();
    expect(swept.deleted.deleted_accounts).toBe(1);
    expect(await documentRows(leaving.id)).toBe(0);
    expect(await documentRows(staying.id)).toBe(1);
    expect(filesUnder(path.join(uploads(), leaving.id))).toEqual([]);
    expect(filesUnder(path.join(uploads(), staying.id))).toHaveLength(1);

    // A second sweep finds nothing more to do.
    expect((await t.app.services.retention.sweep()).deleted.deleted_accounts).toBe(0);
  });
});
