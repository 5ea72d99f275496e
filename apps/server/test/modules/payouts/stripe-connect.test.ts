import { describe, expect, it } from 'vitest';
import { encodeStripeForm } from '../../../src/lib/stripe-http';
import { ProviderUnavailable, TransferFailed } from '../../../src/modules/payouts/provider';
import { StripeConnectProvider } from '../../../src/modules/payouts/stripe-connect';

/*
 * Payouts on Stripe Connect against a fake fetch (no network here): the requests it sends, and how
 * Stripe's answers become the payout module's errors. The HTTP part is the one payments uses too
 * (lib/stripe-http.ts).
 */

type Sent = { url: string; headers: Record<string, string>; body: URLSearchParams };

function fakeStripe(answer: (sent: Sent) => { status: number; body?: unknown } | Error) {
  const sent: Sent[] = [];
  const fetchImpl: typeof fetch = async (input, init) => {
    const request = { url: String(input), headers: init?.headers as Record<string, string>, body: new URLSearchParams(String(init?.body)) };
    sent.push(request);
    const reply = answer(request);
    if (reply instanceof Error) throw reply;
    return new Response(reply.body === undefined ? '' : JSON.stringify(reply.body), { status: reply.status });
  };
  return { sent, provider: new StripeConnectProvider({ secretKey: 'sk_test_SECRET', apiUrl: 'https://stripe.test/', fetch: fetchImpl }) };
}

const bank = { accountHolder: 'Ada Driver', routingNumber: '110000000', accountNumber: '000123456789', payeeId: 'driver-1', email: 'ada@example.test' };

describe('Stripe Connect payouts', () => {
  it('creates a custom account with the bank account as its external account, keeping only the last four', async () => {
    const { sent, provider } = fakeStripe(() => ({ status: 200, body: { id: 'acct_123' } }));
    expect(await provider.createDestination(bank)).toEqual({ token: 'acct_123', lastFour: '6789' });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toBe('https://stripe.test/v1/accounts');
    expect(sent[0]!.headers).toMatchObject({ Authorization: 'Bearer sk_test_SECRET', 'Content-Type': 'application/x-www-form-urlencoded' });
    expect(sent[0]!.headers['Idempotency-Key']).toBeUndefined();
    expect(Object.fromEntries(sent[0]!.body)).toMatchObject({
      type: 'custom',
      'capabilities[transfers][requested]': 'true',
      'metadata[payee_id]': 'driver-1',
      'external_account[routing_number]': '110000000',
      'external_account[account_number]': '000123456789',
    });
  });

  it('transfers with an idempotency key of its own operation', async () => {
    const { sent, provider } = fakeStripe(() => ({ status: 200, body: { id: 'tr_1' } }));
    expect(await provider.transfer({ destination: 'acct_123', amount: 4250, idempotencyKey: 'payout-9', description: 'Weekly payout' })).toEqual({
      id: 'tr_1',
    });
    expect(sent[0]!.headers['Idempotency-Key']).toBe('payout:payout-9');
    expect(Object.fromEntries(sent[0]!.body)).toMatchObject({ amount: '4250', currency: 'usd', destination: 'acct_123', transfer_group: 'payout-9' });
  });

  it('says Stripe is unavailable (retry with the same key) on no answer, 5xx, 429, 409 or an unexpected body', async () => {
    for (const reply of [new TypeError('fetch failed'), { status: 503 }, { status: 429 }, { status: 409 }, { status: 200, body: { unexpected: true } }]) {
      const { provider } = fakeStripe(() => reply);
      await expect(provider.transfer({ destination: 'acct_1', amount: 100, idempotencyKey: 'k', description: 'd' })).rejects.toBeInstanceOf(
        ProviderUnavailable,
      );
    }
  });

  it('turns a refusal into TransferFailed with the secret key and the account number cut out', async () => {
    const { provider } = fakeStripe(() => ({
      status: 400,
      body: { error: { type: 'invalid_request_error', message: 'Account 000123456789 rejected for key sk_test_SECRET' } },
    }));
    const failure = provider.createDestination(bank);
    await expect(failure).rejects.toBeInstanceOf(TransferFailed);
    await expect(failure).rejects.toThrow('Account [redacted] rejected for key [redacted]');
  });
});

describe("Stripe's form encoding", () => {
  it('nests objects as a[b][c], lists as a[], and writes numbers and booleans as text', () => {
    const form = new URLSearchParams(encodeStripeForm({ amount: 5, confirm: true, types: ['card', 'link'], card: { number: '4242', nested: { deep: 1 } } }));
    expect([...form.entries()]).toEqual([
      ['amount', '5'],
      ['confirm', 'true'],
      ['types[]', 'card'],
      ['types[]', 'link'],
      ['card[number]', '4242'],
      ['card[nested][deep]', '1'],
    ]);
  });
});
