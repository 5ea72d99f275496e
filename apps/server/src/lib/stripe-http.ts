import { z } from 'zod';

/** A value of Stripe's form encoding: nested objects become `a[b][c]=…`, arrays `a[]=…`. */
export type StripeFormValue = string | number | boolean | readonly string[] | { readonly [field: string]: StripeFormValue };

export function encodeStripeForm(params: Record<string, StripeFormValue>): string {
  const form = new URLSearchParams();
  const add = (key: string, value: StripeFormValue) => {
    if (Array.isArray(value)) for (const item of value as readonly string[]) form.append(`${key}[]`, item);
    else if (typeof value === 'object') for (const [field, item] of Object.entries(value)) add(`${key}[${field}]`, item);
    else form.append(key, String(value));
  };
  for (const [key, value] of Object.entries(params)) add(key, value);
  return form.toString();
}

const stripeErrorSchema = z.object({
  error: z.object({
    type: z.string(),
    code: z.string().optional(),
    message: z.string().optional(),
    payment_intent: z.object({ status: z.string() }).optional(),
  }),
});
export type StripeErrorDetail = z.infer<typeof stripeErrorSchema>['error'];

/**
 * What a POST to Stripe came to. `unavailable`: no answer, a timeout, 5xx, 429 or 409 (a request with
 * the same key still running), or a 2xx body not of the expected shape: safe to retry with the same
 * idempotency key. `refused`: any other status, with Stripe's error and a message from which the
 * secret key and the caller's `secrets` are cut out.
 */
export type StripeResult<T> =
  | { kind: 'ok'; data: T }
  | { kind: 'unavailable'; message: string }
  | { kind: 'refused'; status: number; detail: StripeErrorDetail | undefined; message: string };

export type StripeClientOptions = {
  secretKey: string;
  /** Defaults to https://api.stripe.com (tests point it at a local stub). */
  apiUrl?: string;
  fetch?: typeof fetch;
  /** Per request, response body included; defaults to 10 s. */
  timeoutMs?: number;
};

/** Stripe's REST API as payments (cards, holds) and payouts (Connect) both call it: form-encoded POSTs. */
export class StripeHttpClient {
  private readonly apiUrl: string;
  private readonly fetchImpl: typeof fetch;
  private readonly timeoutMs: number;

  constructor(private readonly options: StripeClientOptions) {
    this.apiUrl = (options.apiUrl ?? 'https://api.stripe.com').replace(/\/+$/, '');
    this.fetchImpl = options.fetch ?? ((input, init) => fetch(input, init));
    this.timeoutMs = options.timeoutMs ?? 10_000;
  }

  async post<T>(
    path: string,
    params: Record<string, StripeFormValue>,
    schema: z.ZodType<T>,
    options: { idempotencyKey?: string | undefined; secrets?: readonly string[] } = {},
  ): Promise<StripeResult<T>> {
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
        body: encodeStripeForm(params),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      status = response.status;
      const text = await response.text();
      body = text === '' ? undefined : JSON.parse(text);
    } catch (error) {
      // The request may or may not have reached Stripe: only a retry with the same key is safe.
      return { kind: 'unavailable', message: `Stripe did not answer POST ${path} (${error instanceof Error ? error.name : 'unknown error'})` };
    }

    if (status >= 200 && status < 300) {
      const parsed = schema.safeParse(body);
      return parsed.success ? { kind: 'ok', data: parsed.data } : { kind: 'unavailable', message: `Unexpected answer from Stripe to POST ${path}` };
    }
    if (status >= 500 || status === 429 || status === 409) return { kind: 'unavailable', message: `Stripe answered ${status} to POST ${path}` };

    const detail = stripeErrorSchema.safeParse(body).data?.error;
    const secrets = [this.options.secretKey, ...(options.secrets ?? [])].filter((secret) => secret.length > 0);
    const message = secrets.reduce((text, secret) => text.split(secret).join('[redacted]'), detail?.message ?? `Stripe answered ${status} to POST ${path}`);
    return { kind: 'refused', status, detail, message };
  }
}
