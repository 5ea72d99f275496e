/** A booking refused because of the rider's card: none on file, or the default one declined. */
export type PaymentProblem = 'missing' | 'declined';

/** Reads the API error's machine code (see ApiRequestError), so it works on anything thrown. */
export function paymentProblemOf(error: unknown): PaymentProblem | null {
  const code = error instanceof Error && 'code' in error ? error.code : undefined;
  if (code === 'PAYMENT_METHOD_REQUIRED') return 'missing';
  if (code === 'PAYMENT_DECLINED') return 'declined';
  return null;
}
