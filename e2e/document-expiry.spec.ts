import { expect, test } from '@playwright/test';
import { adminHeaders, approvedDriver, licenseeFor, onlineDriverPage } from './support';

/*
 * Contract §10: an expired licence takes the driver offline. The console open at that moment says so
 * at once and turns Online off, without a reload. This spec moves the server's clock, so it runs in
 * the 'clock' project after every other browser test.
 */
const MIAMI = { latitude: 25.768, longitude: -80.19 };
const DAY_S = 86_400;

test('a driver online when their licence expires is taken offline and told why, live', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const admin = await adminHeaders(request);
  // Zip codes of its own (specs run two at a time): no ride of another spec reaches this driver.
  await licenseeFor(request, admin, { emailPrefix: 'expiry-licensee', territoryName: 'Brickell', zipCodes: '33131, 33130' });
  const driver = await approvedDriver(request, admin, { emailPrefix: 'expiry-driver', driveArea: '33131' });
  // The server's day (other clock specs moved it): the licence runs out at the end of the next one.
  const moved = await request.post('/api/dev/clock', { headers: admin, data: { seconds: 1 } });
  expect(moved.status()).toBe(200);
  const serverNow = new Date(((await moved.json()) as { now: string }).now);
  const tomorrow = new Date(serverNow.getTime() + DAY_S * 1000).toISOString().slice(0, 10);
  const uploaded = await request.post('/api/drivers/documents', {
    headers: { authorization: `Bearer ${driver.token}` },
    multipart: {
      kind: 'licence',
      expiresOn: tomorrow,
      file: {
        name: 'licence.png',
        mimeType: 'image/png',
        buffer: Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('licence')]),
      },
    },
  });
  expect(uploaded.status()).toBe(201);

  const { page } = await onlineDriverPage(browser, driver.email, MIAMI);
  await expect(page.getByTestId('go-online-switch')).toBeChecked();

  // Two days on, the expiry sweep (every 2 s in the browser tests' server) takes the driver offline.
  expect((await request.post('/api/dev/clock', { headers: admin, data: { seconds: 2 * DAY_S } })).status()).toBe(200);
  await expect(page.getByTestId('toast').filter({ hasText: 'You were taken offline' })).toContainText(`Your driver's licence expired on ${tomorrow}`);
  await expect(page.getByTestId('go-online-switch')).not.toBeChecked();
  await expect(page.getByTestId('driver-status-badge')).toHaveText(/offline/i);
});
