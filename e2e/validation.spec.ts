import { expect, test, type Page } from '@playwright/test';
import { fillAccount, PASSWORD, registerViaApi, registrationPayloads, uniqueEmail, watchRegisterRequests, type SignupRole } from './support';

const accountMessages = {
  firstName: 'First name must be at least 2 characters',
  lastName: 'Last name must be at least 2 characters',
  email: 'Invalid email address',
  phone: 'Phone number must be at least 10 digits',
  password: 'Password must be at least 8 characters',
  terms: 'You must agree to the terms',
};

/** The message each field shows when its form is submitted empty (product spec, section 5). */
const emptyFormMessages: Record<SignupRole, Record<string, string>> = {
  customer: { ...accountMessages, homeAddress: 'Home address is required' },
  driver: {
    ...accountMessages,
    licenseNumber: 'License number is required',
    insuranceNumber: 'Insurance number is required',
    driveArea: 'Preferred driving area is required',
    vehicleMake: 'Vehicle make is required',
    vehicleModel: 'Vehicle model is required',
    vehicleYear: 'Vehicle year is required',
    vehicleColor: 'Vehicle color is required',
    vehiclePlate: 'License plate is required',
    vehicleAge: 'Vehicle age category is required',
    vehicleSize: 'Vehicle size category is required',
  },
  licensee: {
    ...accountMessages,
    businessName: 'Business name is required',
    businessLicense: 'Business license number is required',
    territoryName: 'Territory name is required',
    zipCodes: 'At least one zip code is required',
    businessPlan: 'Business plan must be at least 50 characters',
  },
};

/** A field's error is the element its control names in aria-describedby. */
async function expectFieldError(page: Page, role: SignupRole, field: string, message: string) {
  const control = page.getByTestId(`${role}-${field}`);
  await expect(control).toHaveAttribute('aria-invalid', 'true');
  await expect(control).toHaveAttribute('aria-describedby', new RegExp(`\\b${role}-${field}-error\\b`));
  await expect(page.locator(`#${role}-${field}-error`)).toHaveText(message);
}

for (const role of ['customer', 'driver', 'licensee'] as const) {
  test(`the ${role} form submitted empty shows the rule's message on every required field and sends nothing`, async ({ page }) => {
    const sent = watchRegisterRequests(page);
    await page.goto(`/onboarding?tab=${role}`);
    await page.getByTestId(`${role}-submit`).click();

    const messages = emptyFormMessages[role];
    for (const [field, message] of Object.entries(messages)) await expectFieldError(page, role, field, message);
    // Optional and defaulted fields (payment method, experience, seat count) and the matching empty passwords stay quiet.
    await expect(page.getByTestId(`${role}-form`).getByRole('alert')).toHaveCount(Object.keys(messages).length);
    await expect(page.getByTestId(`${role}-submit`)).toBeEnabled();
    expect(sent).toHaveLength(0);
  });
}

test('the seat count accepts 2 to 8 seats and says which limit was crossed', async ({ page }) => {
  await page.goto('/onboarding?tab=driver');
  const seats = page.getByTestId('driver-seatCount');
  const error = page.locator('#driver-seatCount-error');

  // Leaving the field says nothing yet (ADR 041); submitting does, then every change is checked.
  await seats.fill('9');
  await seats.blur();
  await expect(error).toBeHidden();
  await page.getByTestId('driver-submit').click();
  await expect(error).toHaveText('Maximum 8 seats allowed');
  await expect(seats).toHaveAttribute('aria-invalid', 'true');

  await seats.fill('1');
  await expect(error).toHaveText('Minimum 2 seats required');

  await seats.fill('8');
  await expect(error).toBeHidden();
  await expect(seats).toHaveAttribute('aria-invalid', 'false');

  await seats.fill('2');
  await expect(error).toBeHidden();
});

test('a confirm password that differs from the password blocks sign-up until it matches', async ({ page }) => {
  const sent = watchRegisterRequests(page);
  await page.goto('/onboarding');
  await fillAccount(page, 'customer', uniqueEmail('mismatch'));
  await page.getByTestId('customer-confirmPassword').fill(`${PASSWORD}-typo`);
  await page.getByTestId('customer-homeAddress').fill('350 5th Ave, New York, NY');
  await page.getByTestId('customer-terms').click();
  await page.getByTestId('customer-submit').click();

  await expectFieldError(page, 'customer', 'confirmPassword', "Passwords don't match");
  await expect(page.getByTestId('customer-form').getByRole('alert')).toHaveCount(1);
  expect(sent).toHaveLength(0);

  await page.getByTestId('customer-confirmPassword').fill(PASSWORD);
  await expect(page.locator('#customer-confirmPassword-error')).toBeHidden();
  await page.getByTestId('customer-submit').click();
  await expect(page.getByTestId('install-guide')).toBeVisible();
  expect(sent).toHaveLength(1);
});

test('an email that is already registered fails with the server message and keeps everything typed', async ({ page }) => {
  const email = uniqueEmail('taken');
  await registerViaApi(page, registrationPayloads.customer(email));

  await page.goto('/onboarding');
  await fillAccount(page, 'customer', email, { first: 'Mary', last: 'Jackson' });
  await page.getByTestId('customer-homeAddress').fill('1 Infinite Loop, Cupertino, CA');
  await page.getByTestId('customer-preferredPaymentMethod').selectOption('digital-wallet');
  await page.getByTestId('customer-terms').click();
  const response = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/api/register'));
  await page.getByTestId('customer-submit').click();
  expect((await response).status()).toBe(409);

  const toast = page.getByTestId('toast');
  await expect(toast).toContainText('Registration Failed');
  await expect(toast).toContainText('An account with this email already exists. Sign in instead.');
  await expect(toast).toHaveClass(/\bbg-destructive\b/);
  await expectFieldError(page, 'customer', 'email', 'An account with this email already exists');

  await expect(page).toHaveURL(/\/onboarding$/);
  await expect(page.getByTestId('install-guide')).toHaveCount(0);
  await expect(page.getByTestId('customer-firstName')).toHaveValue('Mary');
  await expect(page.getByTestId('customer-lastName')).toHaveValue('Jackson');
  await expect(page.getByTestId('customer-email')).toHaveValue(email);
  await expect(page.getByTestId('customer-phone')).toHaveValue('2125550199');
  await expect(page.getByTestId('customer-password')).toHaveValue(PASSWORD);
  await expect(page.getByTestId('customer-confirmPassword')).toHaveValue(PASSWORD);
  await expect(page.getByTestId('customer-homeAddress')).toHaveValue('1 Infinite Loop, Cupertino, CA');
  await expect(page.getByTestId('customer-preferredPaymentMethod')).toHaveValue('digital-wallet');
  await expect(page.getByTestId('customer-terms')).toBeChecked();
  await expect(page.getByTestId('customer-submit')).toBeEnabled();
  await expect(page.getByTestId('customer-submit')).toHaveText('Create Account');
});

test('the tab query parameter opens that form', async ({ page }) => {
  await page.goto('/onboarding?tab=licensee');
  await expect(page.getByTestId('tab-licensee')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('licensee-form')).toBeVisible();
  await expect(page.getByTestId('customer-form')).toBeHidden();
  await expect(page.getByTestId('driver-form')).toBeHidden();

  await page.goto('/onboarding');
  await expect(page.getByTestId('tab-customer')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('customer-form')).toBeVisible();
  await expect(page.getByTestId('licensee-form')).toBeHidden();
});

test('the email query parameter pre-fills the email of the chosen form', async ({ page }) => {
  await page.goto('/onboarding?tab=driver&email=a%40b.co');
  await expect(page.getByTestId('tab-driver')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('driver-form')).toBeVisible();
  await expect(page.getByTestId('driver-email')).toHaveValue('a@b.co');
});
