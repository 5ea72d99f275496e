import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PaymentDeclined, ProviderUnavailable } from '../../../src/modules/payments/provider';
import { StripeProvider } from '../../../src/modules/payments/stripe-provider';
import { card, DECLINED_ON_ATTACH, DECLINED_ON_CHARGE, KEY, StripeStub, VISA, type Intent } from '../../support/stripe-stub';

const stub = new StripeStub();
let apiUrl = '';
let stripe: StripeProvider;
let keys = 0;
/** A fresh idempotency key, as the caller would make one per operation. */
const key = () => `test-key-${(keys += 1)}`;

beforeAll(async () => {
  apiUrl = await stub.start();
  stripe = new StripeProvider({ secretKey: KEY, apiUrl });
});
afterAll(() => stub.stop());
beforeEach(() => {
  stub.fault = undefined;
  stub.requests.length = 0;
});

async function hold(amount: number, token?: string) {
  const tokenized = token ?? (await stripe.tokenize(card(VISA))).token;
  const { id } = await stripe.authorize({ token: tokenized, amount, idempotencyKey: key(), description: 'Ride fare' });
  return { id, token: tokenized };
}

function intent(id: string): Intent {
  const found = stub.intents.get(id);
  if (!found) throw new Error(`The stub has no payment intent ${id}`);
  return found;
}

describe('StripeProvider.tokenize', () => {
  it('attaches the card to a new customer and returns its brand and last four; the number goes to /v1/payment_methods only', async () => {
    const tokenized = await stripe.tokenize(card(VISA));

    expect(tokenized).toEqual({ token: expect.stringMatching(/^cus_\w+\/pm_\w+$/), brand: 'visa', lastFour: '4242' });
    const [customer, method] = tokenized.token.split('/');
    expect(stub.customers.has(customer ?? '')).toBe(true);
    expect(stub.paymentMethods.get(method ?? '')?.customer).toBe(customer);
    expect(stub.requests.map((request) => request.path)).toEqual(['/v1/customers', '/v1/payment_methods', `/v1/payment_methods/${method}/attach`]);
    expect(stub.requests.filter((request) => request.body.includes(VISA)).map((request) => request.path)).toEqual(['/v1/payment_methods']);
    expect(Object.fromEntries(new URLSearchParams(stub.requests[1]?.body))).toEqual({
      type: 'card',
      'card[number]': VISA,
      'card[exp_month]': '12',
      'card[exp_year]': '2034',
      'card[cvc]': '123',
    });
  });

  it("maps Stripe's brands to the marketplace's (anything else is 'card')", async () => {
    const brands = await Promise.all(
      ['5555555555554444', '378282246310005', '6011111111111117', '3566002020360505'].map((number) => stripe.tokenize(card(number))),
    );
    expect(brands.map(({ brand, lastFour }) => `${brand} ${lastFour}`)).toEqual(['mastercard 4444', 'amex 0005', 'discover 1117', 'card 0505']);
  });

  it('throws PaymentDeclined for a card Stripe declines', async () => {
    const error = await stripe.tokenize(card(DECLINED_ON_ATTACH)).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PaymentDeclined);
    expect((error as Error).message).toBe('Your card was declined.');
  });

  it('never puts the card number in an error message, even when Stripe echoes it', async () => {
    const number = '4242 4242 4242 4242x';
    const error = await stripe.tokenize(card(number)).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(PaymentDeclined);
    expect((error as Error).message).toContain('Invalid card[number]');
    expect((error as Error).message).not.toContain(number);
  });
});

describe('StripeProvider.authorize and capture (the escrow hold)', () => {
  it('authorize places a manual-capture hold for the amount, off-session, with an idempotency key', async () => {
    const { token } = await hold(100);
    stub.requests.length = 0;
    const { id } = await stripe.authorize({ token, amount: 2450, idempotencyKey: 'ride-1-fare', description: 'Ride 1 fare' });

    const [customer, method] = token.split('/');
    expect(intent(id)).toMatchObject({
      amount: 2450,
      amount_capturable: 2450,
      amount_received: 0,
      status: 'requires_capture',
      capture_method: 'manual',
      currency: 'usd',
      customer,
      payment_method: method,
      off_session: true,
      payment_method_types: ['card'],
      description: 'Ride 1 fare',
    });
    expect(stub.requests).toEqual([
      {
        path: '/v1/payment_intents',
        body: expect.any(String),
        contentType: 'application/x-www-form-urlencoded',
        idempotencyKey: expect.stringContaining('ride-1-fare'),
      },
    ]);
  });

  it('capture of less than the hold takes that amount and lets the rest go', async () => {
    const { id } = await hold(1500);
    await stripe.capture({ id, amount: 1200, idempotencyKey: key() });
    expect(intent(id)).toMatchObject({ status: 'succeeded', amount_received: 1200, amount_capturable: 0 });
    expect(stub.requests.at(-1)?.idempotencyKey).toBeDefined();
  });

  it('capture of more than the hold is refused with a plain Error and takes nothing', async () => {
    const { id } = await hold(1500);
    const error = await stripe.capture({ id, amount: 1501, idempotencyKey: key() }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(PaymentDeclined);
    expect(error).not.toBeInstanceOf(ProviderUnavailable);
    expect(intent(id)).toMatchObject({ status: 'requires_capture', amount_received: 0, amount_capturable: 1500 });
  });

  it('the same idempotency key twice places one hold and returns the same id', async () => {
    const { token } = await hold(100);
    const before = stub.intents.size;
    const input = { token, amount: 900, idempotencyKey: key(), description: 'Ride fare' };
    const first = await stripe.authorize(input);
    const second = await stripe.authorize(input);
    expect(second.id).toBe(first.id);
    expect(stub.intents.size).toBe(before + 1);
  });

  it('a key reused for another operation does not collide (authorize, then capture, with the ride id)', async () => {
    const { token } = await hold(100);
    const { id } = await stripe.authorize({ token, amount: 800, idempotencyKey: 'ride-42', description: 'Ride fare' });
    await stripe.capture({ id, amount: 800, idempotencyKey: 'ride-42' });
    expect(intent(id)).toMatchObject({ status: 'succeeded', amount_received: 800 });
  });

  it('throws PaymentDeclined when the card is declined at authorisation', async () => {
    const { token } = await stripe.tokenize(card(DECLINED_ON_CHARGE));
    const error = await stripe.authorize({ token, amount: 1000, idempotencyKey: key(), description: 'Ride fare' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PaymentDeclined);
    expect((error as Error).message).toBe('Your card was declined.');
  });
});

describe('StripeProvider.cancel', () => {
  it('lets the whole hold go, and cancelling again succeeds', async () => {
    const { id } = await hold(1800);
    await stripe.cancel({ id, idempotencyKey: key() });
    expect(intent(id)).toMatchObject({ status: 'canceled', amount_capturable: 0, amount_received: 0 });

    await expect(stripe.cancel({ id, idempotencyKey: key() })).resolves.toBeUndefined();
  });

  it('refuses to cancel a captured payment', async () => {
    const { id } = await hold(1800);
    await stripe.capture({ id, amount: 1800, idempotencyKey: key() });
    const error = await stripe.cancel({ id, idempotencyKey: key() }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toContain('status of succeeded');
  });
});

describe('StripeProvider.charge and refund', () => {
  it('charge captures at once', async () => {
    const { token } = await stripe.tokenize(card(VISA));
    const { id } = await stripe.charge({ token, amount: 500, idempotencyKey: key(), description: 'Tip' });
    expect(intent(id)).toMatchObject({
      status: 'succeeded',
      capture_method: 'automatic',
      amount: 500,
      amount_received: 500,
      off_session: true,
      description: 'Tip',
    });
  });

  it('partial refunds add up, a repeated key refunds once, and refunding more than is left is refused', async () => {
    const { token } = await stripe.tokenize(card(VISA));
    const { id } = await stripe.charge({ token, amount: 2000, idempotencyKey: key(), description: 'Ride fare' });
    const firstKey = key();
    await stripe.refund({ id, amount: 500, idempotencyKey: firstKey });
    await stripe.refund({ id, amount: 700, idempotencyKey: key() });
    await stripe.refund({ id, amount: 500, idempotencyKey: firstKey });
    expect(stub.refundedOn(id)).toBe(1200);

    const error = await stripe.refund({ id, amount: 801, idempotencyKey: key() }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(ProviderUnavailable);
    expect((error as Error).message).toContain('greater than unrefunded amount');
    expect(stub.refundedOn(id)).toBe(1200);

    await stripe.refund({ id, amount: 800, idempotencyKey: key() });
    expect(stub.refundedOn(id)).toBe(2000);
  });
});

describe('StripeProvider failures', () => {
  it.each([500, 503, 429])('throws ProviderUnavailable when Stripe answers %i, and a retry with the same key works', async (status) => {
    const { token } = await stripe.tokenize(card(VISA));
    const input = { token, amount: 1000, idempotencyKey: key(), description: 'Ride fare' };
    stub.fault = { status };
    await expect(stripe.authorize(input)).rejects.toBeInstanceOf(ProviderUnavailable);

    stub.fault = undefined;
    const { id } = await stripe.authorize(input);
    expect(intent(id).status).toBe('requires_capture');
  });

  it('throws ProviderUnavailable on a timeout; the retry with the same key returns the hold Stripe already placed', async () => {
    const { token } = await stripe.tokenize(card(VISA));
    const impatient = new StripeProvider({ secretKey: KEY, apiUrl, timeoutMs: 200 });
    const input = { token, amount: 1000, idempotencyKey: key(), description: 'Ride fare' };
    const before = stub.intents.size;
    stub.fault = 'hang';
    await expect(impatient.authorize(input)).rejects.toBeInstanceOf(ProviderUnavailable);
    expect(stub.intents.size).toBe(before + 1);

    stub.fault = undefined;
    const { id } = await impatient.authorize(input);
    expect(stub.intents.size).toBe(before + 1);
    expect(intent(id).amount_capturable).toBe(1000);
  });

  it('throws ProviderUnavailable when nothing listens', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const unreachable = new StripeProvider({ secretKey: KEY, apiUrl: `http://127.0.0.1:${port}` });
    await expect(unreachable.tokenize(card(VISA))).rejects.toBeInstanceOf(ProviderUnavailable);
  });

  it('a wrong secret key is a plain Error, not a decline, and never echoes the key', async () => {
    const wrongKey = 'sk_test_not_the_right_key';
    const misconfigured = new StripeProvider({ secretKey: wrongKey, apiUrl });
    const customers = stub.customers.size;
    const error = await misconfigured.tokenize(card(VISA)).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(PaymentDeclined);
    expect(error).not.toBeInstanceOf(ProviderUnavailable);
    expect((error as Error).message).toContain('Invalid API Key');
    expect((error as Error).message).not.toContain(wrongKey);
    expect(stub.customers.size).toBe(customers);
    expect(stub.requests.every((request) => !request.body.includes(VISA))).toBe(true);
  });
});
