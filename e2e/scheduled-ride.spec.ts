import { expect, test } from '@playwright/test';
import { adminHeaders, approvedDriver, expectNoSeriousA11yViolations, licenseeFor, PASSWORD, riderWithCard, signInThroughForm } from './support';

/** The value a datetime-local input takes for a moment, in the browser's (here the host's) time zone. */
function localInputValue(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

test('a rider schedules a ride for two days ahead with two seats, sees it in the rides list and cancels it', async ({ page, request }) => {
  test.setTimeout(150_000);
  const admin = await adminHeaders(request);
  await licenseeFor(request, admin, { emailPrefix: 'schedule-licensee', territoryName: 'Times Square', zipCodes: '10036, 10019, 10018, 10020, 10017' });
  // A vehicle with room for two must exist in the territory, or the quote says none fits (ADR 033).
  await approvedDriver(request, admin, { emailPrefix: 'schedule-driver', driveArea: '10036' });
  const rider = await riderWithCard(request, { emailPrefix: 'schedule-rider' });

  await signInThroughForm(page, rider.email, PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByTestId('schedule-ride-action').click();
  await expect(page).toHaveURL(/\/ride\?schedule=1$/);

  await page.getByTestId('pickup-input').fill('Times Square');
  await page.getByTestId('pickup-input').press('Enter');
  await page.getByTestId('dropoff-input').fill('Penn Station');
  await page.getByTestId('dropoff-input').press('Enter');
  await expect(page.getByTestId('fare-total')).toContainText('$');

  await page.getByTestId('seats-increase').click();
  await expect(page.getByTestId('seats-value')).toHaveText('2');
  await expect(page.getByTestId('schedule-toggle')).toBeChecked();
  const pickupAt = new Date(Date.now() + 2 * 86_400_000);
  pickupAt.setSeconds(0, 0);
  await page.getByLabel('Pickup time').fill(localInputValue(pickupAt));
  await expect(page.getByTestId('request-ride')).toContainText('Schedule ride');
  await expectNoSeriousA11yViolations(page);
  await page.getByTestId('request-ride').click();

  await expect(page).toHaveURL(/\/dashboard\?tab=rides$/);
  const scheduled = page.getByTestId('all-rides').locator('li[data-status="scheduled"]');
  await expect(scheduled).toHaveCount(1);
  await expect(scheduled.locator('time')).toHaveAttribute('datetime', pickupAt.toISOString());
  await expectNoSeriousA11yViolations(page);

  await scheduled.getByTestId('cancel-scheduled').click();
  await expect(page.getByTestId('all-rides').locator('li[data-status="cancelled"]')).toHaveCount(1);
});
