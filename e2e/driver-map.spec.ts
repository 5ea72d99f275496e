import { expect, test, type Locator } from '@playwright/test';
import {
  adminHeaders,
  approvedDriver,
  bookInBrowser,
  expectNoSeriousA11yViolations,
  licenseeFor,
  onlineDriverPage,
  riderWithCard,
  startWithRiderPin,
} from './support';

/** A few blocks from the Met, Upper East Side (zip codes no other spec licenses). */
const NEAR_THE_MET = { latitude: 40.776, longitude: -73.958 };
/** The offline geocoder's points for the trip's two stops (apps/server/src/modules/geo/places.ts). */
const THE_MET = '40.7794,-73.9632';
const CENTRAL_PARK = '40.7812,-73.9665';

/** The driver's map shows the three markers and the route between the stops as a drawn path. */
async function expectTripOnMap(area: Locator) {
  const map = area.getByTestId('ride-map');
  await expect(map.locator('.leaflet-marker-icon[title="Pickup"]')).toBeVisible();
  await expect(map.locator('.leaflet-marker-icon[title="Drop-off"]')).toBeVisible();
  await expect(map.locator('.leaflet-marker-icon[title="Your position"]')).toBeVisible();
  await expect(map.locator('path.ride-route')).toHaveAttribute('d', /^M[\d.-]+ [\d.-]+L[\d.-]+ [\d.-]+$/);
}

/*
 * Contract §9 (ADR 035): the driver console shows the request, then the ride, on a map with the
 * driver's own position, both stops and the route; Navigate hands the next stop to a maps app: the
 * pickup until the rider is in the car, then the drop-off.
 */
test('the driver sees the trip on a map and Navigate leads to the pickup, then to the drop-off', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const admin = await adminHeaders(request);
  await licenseeFor(request, admin, { emailPrefix: 'map-licensee', territoryName: 'Upper East Side', zipCodes: '10028, 10021, 10075, 10065' });
  const { email: driverEmail } = await approvedDriver(request, admin, { emailPrefix: 'map-driver', driveArea: '10028', firstName: 'Nav', lastName: 'Driver' });
  const { context: driverContext, page: driverPage } = await onlineDriverPage(browser, driverEmail, NEAR_THE_MET);
  const rider = await riderWithCard(request, { emailPrefix: 'map-rider' });
  const { context: riderContext, page: riderPage } = await bookInBrowser(browser, rider.email, {
    pickup: 'Metropolitan Museum of Art',
    dropoff: 'Central Park',
  });

  // The request arrives on the map, with Navigate to its pickup (a desktop browser: Google Maps in a new tab).
  const requests = driverPage.getByTestId('ride-requests');
  await expect(requests.getByTestId('ride-request-card')).toBeVisible({ timeout: 30_000 });
  await expectTripOnMap(requests);
  const offerNavigate = requests.getByRole('link', { name: /Navigate to pickup/ });
  await expect(offerNavigate).toHaveAttribute('href', `https://www.google.com/maps/dir/?api=1&destination=${THE_MET}`);
  await expect(offerNavigate).toHaveAttribute('target', '_blank');

  // Accepted: the ride's card carries the map; the link is reachable from the keyboard.
  await requests.getByTestId('accept-ride').click();
  const card = driverPage.getByTestId('active-ride-card');
  await expect(card).toHaveAttribute('data-status', 'accepted');
  await expectTripOnMap(card);
  const navigate = card.getByTestId('navigate-link');
  await expect(navigate).toHaveAccessibleName('Navigate to pickup (opens in a new tab)');
  await expect(navigate).toHaveAttribute('href', `https://www.google.com/maps/dir/?api=1&destination=${THE_MET}`);
  await driverPage.getByTestId('message-rider').focus();
  for (let tab = 0; tab < 40 && !(await navigate.evaluate((link) => link === document.activeElement)); tab += 1) await driverPage.keyboard.press('Tab');
  await expect(navigate).toBeFocused();
  await expectNoSeriousA11yViolations(driverPage);

  // The rider is in the car: Navigate now leads to the drop-off.
  await startWithRiderPin(riderPage, driverPage);
  await expect(card).toHaveAttribute('data-status', 'in_progress');
  await expect(navigate).toHaveAccessibleName('Navigate to drop-off (opens in a new tab)');
  await expect(navigate).toHaveAttribute('href', `https://www.google.com/maps/dir/?api=1&destination=${CENTRAL_PARK}`);
  await expectTripOnMap(card);

  await driverContext.close();
  await riderContext.close();
});
