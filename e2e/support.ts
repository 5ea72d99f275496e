import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Browser, type BrowserContext, type Page, type Request } from '@playwright/test';
import { PASSWORD, registrationPayloads, type SignupRole } from './registration-payloads';

export { PASSWORD, registrationPayloads, type SignupRole };

let counter = 0;
export function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}${process.pid}${counter}@e2e.test`;
}

/** Fills the account section shared by the three sign-up forms. */
export async function fillAccount(page: Page, role: SignupRole, email: string, name = { first: 'Grace', last: 'Hopper' }) {
  await page.getByTestId(`${role}-firstName`).fill(name.first);
  await page.getByTestId(`${role}-lastName`).fill(name.last);
  await page.getByTestId(`${role}-email`).fill(email);
  await page.getByTestId(`${role}-phone`).fill('2125550199');
  await page.getByTestId(`${role}-password`).fill(PASSWORD);
  await page.getByTestId(`${role}-confirmPassword`).fill(PASSWORD);
}

/** No serious or critical axe violations (WCAG 2.1 A/AA rules). */
export async function expectNoSeriousA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

/** Registers through the API (fast set-up for tests about something else). */
export async function registerViaApi(page: Page, payload: Record<string, unknown>) {
  const response = await page.request.post('/api/register', { data: payload });
  expect(response.status()).toBe(201);
  return (await response.json()) as { user: { id: string; role: string }; token: string };
}

export async function signInWithToken(page: Page, token: string) {
  await page.goto('/terms-of-service');
  await page.evaluate((value) => localStorage.setItem('token', value), token);
}

/** The admin account the e2e server creates at start-up (playwright.config.ts). */
export const ADMIN = { email: 'admin@e2e.test', password: 'admin-e2e-password' } as const;

/** Every POST /api/register the page sends from now on. */
export function watchRegisterRequests(page: Page): Request[] {
  const sent: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/register') sent.push(request);
  });
  return sent;
}

/** Signs in through the /sign-in form (not the API), as a returning person would. */
export async function signInThroughForm(page: Page, email: string, password: string) {
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByTestId('signin-submit').click();
}

/** The admin's authorization header, signed in through the API. */
export async function adminHeaders(request: APIRequestContext): Promise<{ authorization: string }> {
  const login = await request.post('/api/login', { data: ADMIN });
  expect(login.status()).toBe(200);
  return { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
}

/** One of `choices` per try of the running test, so a retry does not find the first try's records. */
export function forThisTry<T>(choices: readonly [T, ...T[]]): T {
  return choices[test.info().retry] ?? choices[0];
}

/** Someone with an account, signed in: their email and session token. */
export type Account = { email: string; token: string };
export type Licensee = Account;

/** A driver registered and approved (by the admin) through the API. */
export async function approvedDriver(
  request: APIRequestContext,
  admin: { authorization: string },
  driver: { emailPrefix: string; driveArea?: string; firstName?: string; lastName?: string },
): Promise<Account> {
  const { emailPrefix, ...fields } = driver;
  const email = uniqueEmail(emailPrefix);
  const registered = await request.post('/api/register', { data: { ...registrationPayloads.driver(email), ...fields } });
  expect(registered.status()).toBe(201);
  const applications = (await (await request.get('/api/driver-applications', { headers: admin })).json()) as { id: string; user: { email: string } }[];
  const application = applications.find((a) => a.user.email === email)!;
  expect((await request.post(`/api/driver-applications/${application.id}/review`, { headers: admin, data: { status: 'approved' } })).status()).toBe(200);
  return { email, token: ((await registered.json()) as { token: string }).token };
}

/**
 * A licensee who runs a territory of these zip codes, set up through the API: a new applicant,
 * approved. When the zip codes are licensed already (409: a retry after a first try that got this
 * far, or another spec that licensed them first), the licensee who holds them is signed in instead,
 * so the test goes on with the territory as it is.
 *
 * Specs run two at a time on one server: a spec that puts a driver online or requests a ride uses
 * zip codes no other such spec uses (where the pickup's coordinates land, not only its address), or
 * one spec's ride is offered to, and taken by, another spec's driver.
 */
export async function licenseeFor(
  request: APIRequestContext,
  admin: { authorization: string },
  territory: { territoryName: string; zipCodes: string; emailPrefix: string; firstName?: string; lastName?: string },
): Promise<Licensee> {
  const { emailPrefix, ...fields } = territory;
  const email = uniqueEmail(emailPrefix);
  const registered = await request.post('/api/register', { data: { ...registrationPayloads.licensee(email), ...fields } });
  expect(registered.status()).toBe(201);
  type Application = { id: string; status: string; proposedZipCodes: string[]; user: { email: string } };
  const applications = (await (await request.get('/api/licensee-applications', { headers: admin })).json()) as Application[];
  const application = applications.find((a) => a.user.email === email)!;
  const review = await request.post(`/api/licensee-applications/${application.id}/review`, { headers: admin, data: { status: 'approved' } });
  if (review.status() === 200) return { email, token: ((await registered.json()) as { token: string }).token };
  expect(review.status()).toBe(409);
  const zips = territory.zipCodes.split(',').map((zip) => zip.trim());
  const holder = applications.find((a) => a.status === 'approved' && a.proposedZipCodes.some((zip) => zips.includes(zip)));
  expect(holder, `an approved licensee holds one of ${territory.zipCodes}`).toBeDefined();
  const login = await request.post('/api/login', { data: { email: holder!.user.email, password: PASSWORD } });
  expect(login.status()).toBe(200);
  return { email: holder!.user.email, token: ((await login.json()) as { token: string }).token };
}

/**
 * A driver's own browser at `geolocation`, signed in through the form and switched online on the
 * dashboard. `beforeSignIn` sets the context up first (routes, a WebSocket filter).
 */
export async function onlineDriverPage(
  browser: Browser,
  email: string,
  geolocation: { latitude: number; longitude: number },
  beforeSignIn?: (context: BrowserContext) => Promise<void>,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ geolocation, permissions: ['geolocation'] });
  await beforeSignIn?.(context);
  const page = await context.newPage();
  await signInThroughForm(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/driver-dashboard$/);
  await page.getByTestId('go-online-switch').click();
  await expect(page.getByTestId('driver-status-badge')).toHaveText(/online/i);
  return { context, page };
}

/** A rider registered through the API with a card on file (no card, no booking): their email and auth header. */
export async function riderWithCard(
  request: APIRequestContext,
  rider: { emailPrefix: string; firstName?: string },
): Promise<{ email: string; auth: { authorization: string } }> {
  const { emailPrefix, ...fields } = rider;
  const email = uniqueEmail(emailPrefix);
  const signup = await request.post('/api/register', { data: { ...registrationPayloads.customer(email), ...fields } });
  expect(signup.status()).toBe(201);
  const auth = { authorization: `Bearer ${((await signup.json()) as { token: string }).token}` };
  const card = await request.post('/api/payment-methods', { headers: auth, data: { cardNumber: '4242424242424242', expiryDate: '12/39', cvc: '123' } });
  expect(card.status()).toBe(201);
  return { email, auth };
}

/** The rider's own browser, signed in, booking `pickup` -> `dropoff` on the booking page until it says it is finding a driver. */
export async function bookInBrowser(
  browser: Browser,
  riderEmail: string,
  trip: { pickup: string; dropoff: string },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInThroughForm(page, riderEmail, PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/ride');
  await page.getByTestId('pickup-input').fill(trip.pickup);
  await page.getByTestId('pickup-input').press('Enter');
  await page.getByTestId('dropoff-input').fill(trip.dropoff);
  await page.getByTestId('dropoff-input').press('Enter');
  await expect(page.getByTestId('fare-total')).toContainText('$');
  await page.getByTestId('request-ride').click();
  await expect(page.getByTestId('ride-status')).toHaveText('Finding a driver');
  return { context, page };
}

/** The ride's PIN as its rider reads it on GET /api/rides/:id: the body a driver starts the ride with (ADR 028). */
export async function ridePin(request: APIRequestContext, riderAuth: { authorization: string }, rideId: string): Promise<{ pin: string }> {
  const response = await request.get(`/api/rides/${rideId}`, { headers: riderAuth });
  expect(response.status()).toBe(200);
  const { pin } = (await response.json()) as { pin?: string };
  expect(pin).toMatch(/^\d{4}$/);
  return { pin: pin! };
}

/** The driver types the PIN the rider's live ride shows into the active ride card and starts the ride. */
export async function startWithRiderPin(riderPage: Page, driverPage: Page): Promise<void> {
  const pin = (await riderPage.getByTestId('ride-pin').innerText()).trim();
  await driverPage.getByTestId('ride-pin-input').fill(pin);
  await driverPage.getByTestId('start-ride').click();
}
