import type { Dispute } from '@coride/domain/payments';

/**
 * What the rider is told when the licensee resolves their report: the translation key (under
 * `disputes.resolvedToast.`) and its values. A refund names its amount (in cents, for the caller to
 * format); otherwise the payment went on to the driver.
 */
export function disputeNotice(dispute: Pick<Dispute, 'refundAmount' | 'ride'>): { key: 'refund' | 'release'; amount: number; address: string } {
  return { key: dispute.refundAmount > 0 ? 'refund' : 'release', amount: dispute.refundAmount, address: dispute.ride.dropoffAddress };
}
