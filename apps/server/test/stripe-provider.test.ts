import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PaymentDeclined, ProviderUnavailable } from '../src/modules/payments/provider';
import { StripeProvider } from '../src/modules/payments/stripe-provider';

const KEY = 'sk_test_coride_stub';
const VISA = '4242424242424242';
/** Stripe's test card that is declined as soon as it is attached to a customer. */
const DECLINED_ON_ATTACH = '4000000000000002';
/** Stripe's test card that attaches fine but is declined when charged. */
const DECLINED_ON_CHARGE = '4000000000000341';
const card = (number: string) => ({ number, expMonth: 12, expYear: 2034, cvc: '123' });

type Intent = {
  id: string;
  amount: number;
  amount_capturable: number;
  amount_received: number;
  status: string;
  capture_method: string;
  currency: string;
  customer: string;
  payment_method: string;
  off_session: boolean;
  payment_method_types: string[];
  description: string;
};
type Reply = { status: number; body: unknown };
type Fault = { status: number } | 'hang' | undefined;

const fail = (status: number, type: string, message: string, extra: Record<string, unknown> = {}): Reply => ({
  status,
  body: { error: { type, message, ...extra } },
});

function stubBrand(number: string): string {
  if (number.startsWith('4')) return 'visa';
  if (/^5[1-5]/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  if (number.startsWith('6')) return 'discover';
  if (number.startsWith('35')) return 'jcb';
  return 'unknown';
}

/**
 * Just enough of api.stripe.com, in memory: customers, card payment methods, payment intents
 * (manual or automatic capture), refunds, Bearer auth, form bodies and idempotency keys.
 */
class StripeStub {
  readonly customers = new Set<string>();
  readonly paymentMethods = new Map<string, { id: string; number: string; customer: string | null; card: { brand: string; last4: string } }>();
  readonly intents = new Map<string, Intent>();
  readonly refunds: { id: string; payment_intent: string; amount: number }[] = [];
  readonly requests: { path: string; body: string; contentType: string | undefined; idempotencyKey: string | undefined }[] = [];
  /** Answer every request with this status, or process it and never answer ('hang'). */
  fault: Fault;
  private readonly idempotent = new Map<string, { path: string; body: string; reply: Reply }>();
  private ids = 0;
  private readonly server = http.createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (raw += chunk));
    req.on('end', () => {
      const reply = this.receive(req, raw);
      if (!reply) return; // hang: keep the connection open, say nothing
      res.writeHead(reply.status, { 'Content-Type': 'application/json' }).end(JSON.stringify(reply.body));
    });
  });

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  refundedOn(intent: string): number {
    return this.refunds.filter((refund) => refund.payment_intent === intent).reduce((sum, refund) => sum + refund.amount, 0);
  }

  private receive(req: http.IncomingMessage, raw: string): Reply | undefined {
    const path = new URL(req.url ?? '/', 'http://stub').pathname;
    const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
    this.requests.push({ path, body: raw, contentType: req.headers['content-type'], idempotencyKey });
    const fault = this.fault;
    if (fault !== undefined && fault !== 'hang') return fail(fault.status, 'api_error', 'Something went wrong on Stripe’s end.');

    if (req.headers.authorization !== `Bearer ${KEY}`) {
      const given = req.headers.authorization?.replace(/^Bearer /, '') ?? '';
      return fail(401, 'invalid_request_error', `Invalid API Key provided: ${given.slice(0, 8)}****${given.slice(-4)}`);
    }
    if (req.method !== 'POST') return fail(404, 'invalid_request_error', `Unrecognized request URL (${req.method}: ${path})`);
    if (req.headers['content-type'] !== 'application/x-www-form-urlencoded') {
      return fail(400, 'invalid_request_error', 'Request bodies must be application/x-www-form-urlencoded');
    }

    let reply: Reply;
    const stored = idempotencyKey === undefined ? undefined : this.idempotent.get(idempotencyKey);
    if (stored && (stored.path !== path || stored.body !== raw)) {
      reply = fail(400, 'idempotency_error', `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`);
    } else if (stored) {
      reply = stored.reply;
    } else {
      reply = this.route(path, new URLSearchParams(raw));
      if (idempotencyKey !== undefined) this.idempotent.set(idempotencyKey, { path, body: raw, reply });
    }
    return fault === 'hang' ? undefined : reply;
  }

  private id(prefix: string): string {
    this.ids += 1;
    return `${prefix}_${String(this.ids).padStart(6, '0')}`;
  }

  private route(path: string, form: URLSearchParams): Reply {
    let match: RegExpExecArray | null;
    if (path === '/v1/customers') {
      const id = this.id('cus');
      this.customers.add(id);
      return { status: 200, body: { id, object: 'customer' } };
    }
    if (path === '/v1/payment_methods') return this.createPaymentMethod(form);
    if ((match = /^\/v1\/payment_methods\/([^/]+)\/attach$/.exec(path))) return this.attach(match[1] ?? '', form);
    if (path === '/v1/payment_intents') return this.createIntent(form);
    if ((match = /^\/v1\/payment_intents\/([^/]+)\/capture$/.exec(path))) return this.capture(match[1] ?? '', form);
    if ((match = /^\/v1\/payment_intents\/([^/]+)\/cancel$/.exec(path))) return this.cancel(match[1] ?? '');
    if (path === '/v1/refunds') return this.refund(form);
    return fail(404, 'invalid_request_error', `Unrecognized request URL (POST: ${path})`);
  }

  private createPaymentMethod(form: URLSearchParams): Reply {
    const number = form.get('card[number]');
    if (form.get('type') !== 'card') return fail(400, 'invalid_request_error', 'Missing required param: type.');
    if (!number || !form.get('card[exp_month]') || !form.get('card[exp_year]') || !form.get('card[cvc]')) {
      return fail(400, 'invalid_request_error', 'Missing required param: card.');
    }
    // The worst case for the adapter: an error message that echoes the bad value back.
    if (!/^\d{12,19}$/.test(number)) return fail(400, 'invalid_request_error', `Invalid card[number]: ${number}`, { param: 'card[number]' });
    const method = { id: this.id('pm'), number, customer: null, card: { brand: stubBrand(number), last4: number.slice(-4) } };
    this.paymentMethods.set(method.id, method);
    return { status: 200, body: { id: method.id, object: 'payment_method', type: 'card', customer: null, card: method.card } };
  }

  private attach(id: string, form: URLSearchParams): Reply {
    const method = this.paymentMethods.get(id);
    const customer = form.get('customer') ?? '';
    if (!method) return fail(404, 'invalid_request_error', `No such PaymentMethod: '${id}'`, { code: 'resource_missing' });
    if (!this.customers.has(customer)) return fail(404, 'invalid_request_error', `No such customer: '${customer}'`, { code: 'resource_missing' });
    if (method.number === DECLINED_ON_ATTACH) return fail(402, 'card_error', 'Your card was declined.', { code: 'card_declined', decline_code: 'generic_decline' });
    method.customer = customer;
    return { status: 200, body: { id, object: 'payment_method', type: 'card', customer, card: method.card } };
  }

  private createIntent(form: URLSearchParams): Reply {
    const amount = Number(form.get('amount'));
    const method = this.paymentMethods.get(form.get('payment_method') ?? '');
    const captureMethod = form.get('capture_method') ?? 'automatic';
    if (!Number.isInteger(amount) || amount < 1) return fail(400, 'invalid_request_error', 'Invalid positive integer', { param: 'amount' });
    if (form.get('currency') !== 'usd') return fail(400, 'invalid_request_error', 'Missing required param: currency.');
    if (!method || method.customer === null || method.customer !== form.get('customer')) {
      return fail(400, 'invalid_request_error', 'The provided PaymentMethod does not belong to the Customer.');
    }
    const intent: Intent = {
      id: this.id('pi'),
      amount,
      amount_capturable: 0,
      amount_received: 0,
      status: 'requires_confirmation',
      capture_method: captureMethod,
      currency: 'usd',
      customer: method.customer,
      payment_method: method.id,
      off_session: form.get('off_session') === 'true',
      payment_method_types: form.getAll('payment_method_types[]'),
      description: form.get('description') ?? '',
    };
    this.intents.set(intent.id, intent);
    if (form.get('confirm') === 'true') {
      if (method.number === DECLINED_ON_CHARGE) {
        intent.status = 'requires_payment_method';
        return fail(402, 'card_error', 'Your card was declined.', { code: 'card_declined', payment_intent: intent });
      }
      if (captureMethod === 'manual') Object.assign(intent, { status: 'requires_capture', amount_capturable: amount });
      else Object.assign(intent, { status: 'succeeded', amount_received: amount });
    }
    return { status: 200, body: intent };
  }

  private capture(id: string, form: URLSearchParams): Reply {
    const intent = this.intents.get(id);
    if (!intent) return fail(404, 'invalid_request_error', `No such payment_intent: '${id}'`, { code: 'resource_missing' });
    if (intent.status !== 'requires_capture') {
      return fail(400, 'invalid_request_error', `This PaymentIntent could not be captured because it has a status of ${intent.status}.`, {
        code: 'payment_intent_unexpected_state',
        payment_intent: intent,
      });
    }
    const amount = form.has('amount_to_capture') ? Number(form.get('amount_to_capture')) : intent.amount_capturable;
    if (!Number.isInteger(amount) || amount < 1 || amount > intent.amount_capturable) {
      return fail(400, 'invalid_request_error', `The amount to capture (${amount}) must be between 1 and the amount capturable (${intent.amount_capturable}).`, {
        code: 'amount_too_large',
        param: 'amount_to_capture',
      });
    }
    Object.assign(intent, { status: 'succeeded', amount_received: amount, amount_capturable: 0 });
    return { status: 200, body: intent };
  }

  private cancel(id: string): Reply {
    const intent = this.intents.get(id);
    if (!intent) return fail(404, 'invalid_request_error', `No such payment_intent: '${id}'`, { code: 'resource_missing' });
    if (!['requires_payment_method', 'requires_capture', 'requires_confirmation', 'requires_action'].includes(intent.status)) {
      return fail(
        400,
        'invalid_request_error',
        `You cannot cancel this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be canceled: requires_payment_method, requires_capture, requires_confirmation, requires_action, processing.`,
        { code: 'payment_intent_unexpected_state', payment_intent: intent },
      );
    }
    Object.assign(intent, { status: 'canceled', amount_capturable: 0 });
    return { status: 200, body: intent };
  }

  private refund(form: URLSearchParams): Reply {
    const intent = this.intents.get(form.get('payment_intent') ?? '');
    if (!intent) return fail(404, 'invalid_request_error', 'No such payment_intent', { code: 'resource_missing' });
    if (intent.status !== 'succeeded') return fail(400, 'invalid_request_error', 'This PaymentIntent does not have a successful charge to refund.');
    const left = intent.amount_received - this.refundedOn(intent.id);
    const amount = form.has('amount') ? Number(form.get('amount')) : left;
    if (!Number.isInteger(amount) || amount < 1 || amount > left) {
      return fail(400, 'invalid_request_error', `Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`, {
        code: 'amount_too_large',
        param: 'amount',
      });
    }
    const refund = { id: this.id('re'), payment_intent: intent.id, amount };
    this.refunds.push(refund);
    return { status: 200, body: { ...refund, object: 'refund', status: 'succeeded', currency: 'usd' } };
  }
}

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
    const brands = await Promise.all(['5555555555554444', '378282246310005', '6011111111111117', '3566002020360505'].map((number) => stripe.tokenize(card(number))));
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
      { path: '/v1/payment_intents', body: expect.any(String), contentType: 'application/x-www-form-urlencoded', idempotencyKey: expect.stringContaining('ride-1-fare') },
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
    expect(intent(id)).toMatchObject({ status: 'succeeded', capture_method: 'automatic', amount: 500, amount_received: 500, off_session: true, description: 'Tip' });
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
