import { expect, test } from '@playwright/test';
import { adminHeaders, expectNoSeriousA11yViolations, licenseeFor, PASSWORD, registrationPayloads, signInThroughForm, uniqueEmail } from './support';

const DAY = 86_400_000;

test('a licensee opens the pricing map, sees the zones and live rates, and announces a rate change with 7 days of notice', async ({ page, request }) => {
  // A licensed territory of its own (Seattle: no other spec uses these zip codes), set up as an admin would.
  const { email } = await licenseeFor(request, await adminHeaders(request), {
    emailPrefix: 'pricing-licensee',
    territoryName: 'Seattle Downtown',
    zipCodes: '98101, 98104',
  });

  await signInThroughForm(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/licensee-dashboard$/);
  await page.getByRole('tab', { name: 'Pricing' }).click();

  // Pricing Zones: one per zip code, tier 2 at the standard rates; choosing one shows its rates.
  const zones = page.getByTestId('pricing-zones');
  await expect(zones.getByRole('button')).toHaveCount(2);
  await page.getByTestId('pricing-zone-98104').click();
  await expect(page.getByTestId('pricing-zone-98104')).toHaveAttribute('aria-pressed', 'true');
  const details = page.getByTestId('pricing-zone-details');
  await expect(details).toContainText('98104');
  await expect(details).toContainText('Tier 2 · Residential');
  await expect(details).toContainText('$2.50');
  await expectNoSeriousA11yViolations(page);

  // Real-time Rates: the multiplier and demand of each zone, refreshed every 30 seconds.
  await page.getByRole('tab', { name: 'Real-time Rates' }).click();
  await expect(page.getByTestId('pricing-live-note')).toContainText('every 30 seconds');
  await expect(page.getByTestId('pricing-realtime').locator('tbody tr')).toHaveCount(2);

  // Licensee Control: the schema's messages, then a valid proposal, scheduled 7 days later.
  await page.getByRole('tab', { name: 'Licensee Control' }).click();
  await expect(page.getByTestId('rate-adjustment-form')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByTestId('rate-adjustment-percent').fill('12');
  await page.getByTestId('rate-adjustment-justification').fill('Costs went up.');
  await page.getByTestId('rate-adjustment-submit').click();
  await expect(page.getByText('Adjustments are limited to ±10%')).toBeVisible();
  await expect(page.getByText('Explain the change in at least 30 characters')).toBeVisible();

  await page.getByTestId('rate-adjustment-percent').fill('3');
  await page.getByTestId('rate-adjustment-justification').fill('Fuel and insurance costs for our drivers rose this year; drivers asked for a small rise.');
  await page.getByTestId('rate-adjustment-community').fill('Rider survey, 120 answers');
  // The effective date is shown before submitting.
  const effectiveDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }).format(new Date(Date.now() + 7 * DAY));
  await expect(page.getByTestId('rate-adjustment-effective')).toContainText(effectiveDate);
  await expect(page.getByTestId('rate-adjustment-effective')).toContainText('3%');
  const proposed = page.waitForResponse((response) => response.url().endsWith('/api/licensee/rate-adjustments') && response.request().method() === 'POST');
  await page.getByTestId('rate-adjustment-submit').click();
  // The server dates the proposal by its own clock (the escrow spec moves it forward, though after this one).
  const proposal = (await (await proposed).json()) as { announcedAt: string; effectiveAt: string };
  expect(Date.parse(proposal.effectiveAt) - Date.parse(proposal.announcedAt)).toBe(7 * DAY);

  const item = page.getByTestId('rate-adjustment-item');
  await expect(item).toHaveCount(1);
  await expect(item.getByTestId('rate-adjustment-status')).toHaveText('Scheduled');
  await expect(item).toContainText('+3%');
  await expect(item).toContainText(`effective ${new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }).format(new Date(proposal.effectiveAt))}`);
  await expect(item).toContainText('Rider survey, 120 answers');
  await expectNoSeriousA11yViolations(page);

  // Riders see the notice with the zones (and in their quotes).
  const rider = await request.post('/api/register', { data: registrationPayloads.customer(uniqueEmail('pricing-rider')) });
  const riderToken = ((await rider.json()) as { token: string }).token;
  const pricing = (await (await request.get('/api/pricing/zones?zip=98101', { headers: { authorization: `Bearer ${riderToken}` } })).json()) as {
    pendingAdjustment: { percent: number; status: string } | null;
  };
  expect(pricing.pendingAdjustment).toMatchObject({ percent: 3, status: 'scheduled' });

  // Withdrawn during its notice.
  await item.getByTestId('rate-adjustment-withdraw').click();
  await expect(item.getByTestId('rate-adjustment-status')).toHaveText('Withdrawn');
  await expect(item.getByTestId('rate-adjustment-withdraw')).toHaveCount(0);
});
