import http from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * Just enough of api.stripe.com for tests of the Stripe adapter and of the app on top of it
 * (moved here from stripe-provider.test.ts so several test files share it).
 */
export const KEY = 'sk_test_coride_stub';
export const VISA = '4242424242424242';
/** Stripe's test card that is declined as soon as it is attached to a customer. */
export const DECLINED_ON_ATTACH = '4000000000000002';
/** Stripe's test card that attaches fine but is declined when charged. */
export const DECLINED_ON_CHARGE = '4000000000000341';
export const card = (number: string) => ({ number, expMonth: 12, expYear: 2034, cvc: '123' });

export type Intent = {
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
export class StripeStub {
  readonly customers = new Set<string>();
  readonly paymentMethods = new Map<string, { id: string; number: string; customer: string | null; card: { brand: string; last4: string } }>();
  readonly intents = new Map<string, Intent>();
  readonly refunds: { id: string; payment_intent: string; amount: number }[] = [];
  readonly requests: { path: string; body: string; contentType: string | undefined; idempotencyKey: string | undefined }[] = [];
  /** Answer every request with this status, or process it and never answer ('hang'). */
  fault: Fault;
  /** Creating a payment intent (an authorisation) answers after this long, as a real processor may take seconds. */
  intentDelayMs = 0;
  private readonly idempotent = new Map<string, { path: string; body: string; reply: Reply }>();
  private ids = 0;
  private readonly server = http.createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (raw += chunk));
    req.on('end', () => {
      const reply = this.receive(req, raw);
      if (!reply) return; // hang: keep the connection open, say nothing
      const answer = () => res.writeHead(reply.status, { 'Content-Type': 'application/json' }).end(JSON.stringify(reply.body));
      const isAuthorisation = req.url?.split('?')[0] === '/v1/payment_intents';
      if (isAuthorisation && this.intentDelayMs > 0) setTimeout(answer, this.intentDelayMs);
      else answer();
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
      reply = fail(
        400,
        'idempotency_error',
        `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
      );
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
    if (method.number === DECLINED_ON_ATTACH)
      return fail(402, 'card_error', 'Your card was declined.', { code: 'card_declined', decline_code: 'generic_decline' });
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
      return fail(
        400,
        'invalid_request_error',
        `The amount to capture (${amount}) must be between 1 and the amount capturable (${intent.amount_capturable}).`,
        {
          code: 'amount_too_large',
          param: 'amount_to_capture',
        },
      );
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
