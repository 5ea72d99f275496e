import { expect, test, type APIRequestContext } from '@playwright/test';
import { adminHeaders, approvedDriver, bookInBrowser, licenseeFor, onlineDriverPage, riderWithCard, startWithRiderPin } from './support';

/** A licensed Times Square territory, set up through the API as an admin would. */
async function licensedTerritory(request: APIRequestContext) {
  const admin = await adminHeaders(request);
  await licenseeFor(request, admin, { emailPrefix: 'times-square-licensee', territoryName: 'Times Square', zipCodes: '10036, 10019, 10018, 10020, 10017' });
  return admin;
}

test('a rider books in the UI and sees a driver, who works in the UI too, accept, start and complete live; then rates', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const admin = await licensedTerritory(request);

  // An approved driver (approved by the admin through the API).
  const { email: driverEmail } = await approvedDriver(request, admin, { emailPrefix: 'live-driver', firstName: 'Dana', lastName: 'Driver' });

  // The driver's browser, near Times Square, goes online through the dashboard.
  const { context: driverContext, page: driverPage } = await onlineDriverPage(browser, driverEmail, { latitude: 40.759, longitude: -73.991 });

  // The rider (a card on file, added through the API; through the Payments tab in escrow-release.spec.ts) books through the booking page.
  const rider = await riderWithCard(request, { emailPrefix: 'live-rider' });
  const { context: riderContext, page: riderPage } = await bookInBrowser(browser, rider.email, { pickup: 'Times Square', dropoff: 'Grand Central' });

  // The offer reaches the driver live; they accept, start and complete.
  await expect(driverPage.getByTestId('ride-request-card')).toBeVisible();
  await driverPage.getByTestId('accept-ride').click();
  await expect(driverPage.getByTestId('active-ride-card')).toBeVisible();
  await expect(riderPage.getByTestId('ride-status')).toHaveText('Driver on the way');
  await expect(riderPage.getByTestId('ride-driver-name')).toContainText('Dana');

  await startWithRiderPin(riderPage, driverPage);
  await expect(riderPage.getByTestId('ride-status')).toHaveText('On your trip');
  await driverPage.getByTestId('complete-ride').click();
  await expect(riderPage.getByTestId('ride-status')).toHaveText('Completed');

  // None of that needed a reload: the rider rates the driver on the same page.
  await riderPage.getByTestId('rate-star-5').click();
  await riderPage.getByTestId('submit-rating').click();
  await expect(riderPage.getByTestId('rating-done')).toBeVisible();

  const rides = (await (await request.get('/api/rides', { headers: rider.auth })).json()) as {
    status: string;
    rating: number | null;
    acceptedAt: string | null;
    startedAt: string | null;
    completedAt: string | null;
  }[];
  expect(rides[0]).toMatchObject({ status: 'completed', rating: 5 });
  expect(rides[0]!.acceptedAt && rides[0]!.startedAt && rides[0]!.completedAt).toBeTruthy();

  await driverContext.close();
  await riderContext.close();
});
