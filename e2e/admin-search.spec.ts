import { expect, test } from '@playwright/test';
import { ADMIN, adminHeaders, expectNoSeriousA11yViolations, licenseeFor, registrationPayloads, signInThroughForm, uniqueEmail } from './support';

/** Battery Park City (zip codes 10280-10282): no other spec books there. */
const PICKUP = { address: 'Battery Park City Esplanade, New York, NY 10280', lat: 40.7105, lng: -74.0163 };
const DROPOFF_AT = { lat: 40.7166, lng: -74.0146 };
/** One more ride than the server's default page (50): the list needs "Load more" for the last one. */
const RIDES = 51;

test('the admin finds a user by a fragment of their name, searches rides and loads the page after the first', async ({ page, request }) => {
  // 51 bookings and cancellations through the API, then one browser: a minute or two on a loaded 2-core machine.
  test.setTimeout(180_000);
  const admin = await adminHeaders(request);
  await licenseeFor(request, admin, { emailPrefix: 'paging-licensee', territoryName: 'Battery Park City', zipCodes: '10280, 10281, 10282' });

  // A rider with a surname of this run's own, and a near namesake who must not match the fragment.
  const run = Date.now().toString(36);
  const lastName = `Quillfeather${run}`;
  const signup = await request.post('/api/register', {
    data: { ...registrationPayloads.customer(uniqueEmail('paging-rider')), firstName: 'Zephyrine', lastName },
  });
  expect(signup.status()).toBe(201);
  const auth = { authorization: `Bearer ${((await signup.json()) as { token: string }).token}` };
  const card = await request.post('/api/payment-methods', { headers: auth, data: { cardNumber: '4242424242424242', expiryDate: '12/39', cvc: '123' } });
  expect(card.status()).toBe(201);
  const namesake = uniqueEmail('paging-namesake');
  expect(
    (await request.post('/api/register', { data: { ...registrationPayloads.customer(namesake), firstName: 'Zephyrine', lastName: 'Quill' } })).status(),
  ).toBe(201);

  // 51 rides whose drop-off names this run, each booked then ended (a rider has one active ride at a time).
  const tag = `Paging Pier ${run}`;
  for (let i = 0; i < RIDES; i += 1) {
    const booked = await request.post('/api/rides', {
      headers: { ...auth, 'idempotency-key': `${run}-${i}` },
      data: { pickupLocation: PICKUP, dropoffLocation: { ...DROPOFF_AT, address: `${tag} ${i}, New York, NY 10282` } },
    });
    expect(booked.status(), await booked.text()).toBe(201);
    const { id } = (await booked.json()) as { id: string };
    // 409: with no driver in the territory the dispatcher may have given up on it already.
    expect([200, 409]).toContain((await request.post(`/api/rides/${id}/cancel`, { headers: auth, data: {} })).status());
  }

  await signInThroughForm(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin-dashboard$/);

  // Users: a fragment of the surname (lower case, mid-word) finds that one person, not the namesake.
  await page.getByRole('tab', { name: 'Users' }).click();
  const users = page.getByTestId('admin-users');
  await users.getByRole('searchbox', { name: 'Search users' }).fill(`feather${run}`.toLowerCase());
  const match = users.getByTestId('admin-user');
  await expect(match).toHaveCount(1);
  await expect(match).toContainText(`Zephyrine ${lastName}`);
  await expect(match).toHaveAttribute('data-role', 'customer');
  await expectNoSeriousA11yViolations(page);
  // The role filter narrows the same search: no driver has that name.
  await users.getByLabel('Role').selectOption('driver');
  await expect(users.getByText(`No users match “feather${run}”`)).toBeVisible();
  await expect(match).toHaveCount(0);

  // Rides: the search finds this run's 51 rides; the first page holds 50, "Load more" brings the last.
  await page.getByRole('tab', { name: 'Rides' }).click();
  const history = page.getByTestId('ride-history');
  // Wait for the search's own answer: the unfiltered list also shows 50 rides, this run's newest first,
  // and a "Load more" pressed before the debounced search lands belongs to the list it replaces.
  const searched = page.waitForResponse((response) => {
    const url = new URL(response.url());
    return url.pathname === '/api/rides' && url.searchParams.get('q') === tag && !url.searchParams.has('before');
  });
  await history.getByRole('searchbox', { name: 'Search rides' }).fill(tag);
  await searched;
  const rows = history.getByTestId('history-ride');
  await expect(rows).toHaveCount(50);
  await expect(rows.first()).toContainText(`${tag} 50`);
  await expect(rows.first()).toContainText('Zephyrine');
  const loadMore = history.getByTestId('load-more-rides');
  await expect(loadMore).toHaveText('Load more');
  await loadMore.focus();
  await page.keyboard.press('Enter');
  await expect(rows).toHaveCount(RIDES);
  await expect(rows.last()).toContainText(`${tag} 0,`);
  // The last page: no button, and the count was announced.
  await expect(loadMore).toBeHidden();
  await expect(history.getByRole('status').filter({ hasText: `Shown: ${RIDES}` })).toBeAttached();
  await expectNoSeriousA11yViolations(page);

  // A search that matches nothing says so.
  await history.getByRole('searchbox', { name: 'Search rides' }).fill(`${tag} nowhere`);
  await expect(history.getByText(`No rides match “${tag} nowhere”`)).toBeVisible();
});
