import { z } from 'zod';
import { ProviderUnavailable, TransferFailed, type BankAccountInput, type PayoutProvider } from './provider';

export type StripeConnectOptions = {
  secretKey: string;
  /** Defaults to https://api.stripe.com (tests point it at a stub or give `fetch`). */
  apiUrl?: string;
  fetch?: typeof fetch;
  /** Per request; defaults to 10 s. */
  timeoutMs?: number;
};

const accountSchema = z.object({ id: z.string() });
const transferSchema = z.object({ id: z.string() });
const errorSchema = z.object({ error: z.object({ type: z.string(), code: z.string().optional(), message: z.string().optional() }) });

type FormValue = string | number | Record<string, string | number | Record<string, string | number>>;

/** Stripe's form encoding, nested objects as `a[b][c]=…`. */
export function encodeConnectForm(params: Record<string, FormValue>): string {
  const form = new URLSearchParams();
  const add = (key: string, value: FormValue) => {
    if (typeof value === 'object') for (const [field, item] of Object.entries(value)) add(`${key}[${field}]`, item);
    else form.append(key, String(value));
  };
  for (const [key, value] of Object.entries(params)) add(key, value);
  return form.toString();
}

/**
 * Payouts on Stripe Connect (used when STRIPE_SECRET_KEY is set). Written against Stripe's documented
 * REST API and tested only against a fake `fetch` here (no network): it has never talked to the real
 * service (docs/decisions/024-payouts.md).
 *
 * - `createDestination` creates a Custom connected account for the payee (individual, US, transfers
 *   capability) with the bank account as its external account; the token is the account id
 *   (`acct_…`). Stripe keeps the account number; the marketplace keeps the token and last four.
 *   Identity verification (KYC) and the terms of service acceptance a live Custom account needs are
 *   not collected here: a live deployment has to add Stripe's onboarding before the first transfer.
 * - `transfer` moves the amount from the platform's balance to the connected account
 *   (`POST /v1/transfers`, `Idempotency-Key: payout:<key>`); Stripe's payout schedule of that account
 *   then sends it to the bank.
 * - Errors: no answer, a timeout, 5xx, 429 or 409 -> ProviderUnavailable (retry with the same key);
 *   any other refusal -> TransferFailed with Stripe's message (the money returns to the balance).
 *   The secret key and the account number are cut out of any message.
 */
export class StripeConnectProvider implements PayoutProvider {
  readonly name = 'stripe' as const;
  private readonly apiUrl: string;
  private readonly fetchImpl: typeof fetch;
  private readonly timeoutMs: number;

  constructor(private readonly options: StripeConnectOptions) {
    this.apiUrl = (options.apiUrl ?? 'https://api.stripe.com').replace(/\/+$/, '');
    this.fetchImpl = options.fetch ?? ((input, init) => fetch(input, init));
    this.timeoutMs = options.timeoutMs ?? 10_000;
  }

  async createDestination(input: BankAccountInput & { payeeId: string; email: string }): Promise<{ token: string; lastFour: string }> {
    const account = await this.post(
      '/v1/accounts',
      {
        type: 'custom',
        country: 'US',
        email: input.email,
        business_type: 'individual',
        capabilities: { transfers: { requested: 'true' } },
        metadata: { payee_id: input.payeeId },
        external_account: {
          object: 'bank_account',
          country: 'US',
          currency: 'usd',
          account_holder_name: input.accountHolder,
          account_holder_type: 'individual',
          routing_number: input.routingNumber,
          account_number: input.accountNumber,
        },
      },
      accountSchema,
      { secrets: [input.accountNumber], idempotencyKey: undefined },
    );
    return { token: account.id, lastFour: input.accountNumber.slice(-4) };
  }

  async transfer(input: { destination: string; amount: number; idempotencyKey: string; description: string }): Promise<{ id: string }> {
    return this.post(
      '/v1/transfers',
      { amount: input.amount, currency: 'usd', destination: input.destination, description: input.description, transfer_group: input.idempotencyKey },
      transferSchema,
      { secrets: [], idempotencyKey: `payout:${input.idempotencyKey}` },
    );
  }

  private async post<T>(
    path: string,
    params: Record<string, FormValue>,
    schema: z.ZodType<T>,
    options: { secrets: string[]; idempotencyKey: string | undefined },
  ) {
    const headers: Record<string, string> = {
      Authorization: `Bearer ${this.options.secretKey}`,
      'Content-Type': 'application/x-www-form-urlencoded',
    };
    if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;
    let status: number;
    let body: unknown;
    try {
      const response = await this.fetchImpl(`${this.apiUrl}${path}`, {
        method: 'POST',
        headers,
        body: encodeConnectForm(params),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      status = response.status;
      const text = await response.text();
      body = text === '' ? undefined : JSON.parse(text);
    } catch (error) {
      throw new ProviderUnavailable(`Stripe did not answer POST ${path} (${error instanceof Error ? error.name : 'unknown error'})`);
    }
    if (status >= 200 && status < 300) {
      const parsed = schema.safeParse(body);
      if (!parsed.success) throw new ProviderUnavailable(`Unexpected answer from Stripe to POST ${path}`);
      return parsed.data;
    }
    if (status >= 500 || status === 429 || status === 409) throw new ProviderUnavailable(`Stripe answered ${status} to POST ${path}`);
    const secrets = [this.options.secretKey, ...options.secrets].filter((secret) => secret.length > 0);
    const detail = errorSchema.safeParse(body).data?.error;
    const message = secrets.reduce((text, secret) => text.split(secret).join('[redacted]'), detail?.message ?? `Stripe answered ${status} to POST ${path}`);
    throw new TransferFailed(message);
  }
}
