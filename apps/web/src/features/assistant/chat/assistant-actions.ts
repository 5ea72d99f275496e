import type { AssistantAction } from '@coride/domain/assistant';
import type { Role } from '@coride/domain/roles';
import { dashboardHref, receiptHref } from '../../../lib/dashboard-href';

/**
 * What the button under an assistant reply does. The assistant only proposes: every target waits for
 * the user's press, and cancelling a ride asks for confirmation first.
 */
export type ActionTarget =
  | { kind: 'link'; href: string }
  /** A phone call, through the device (tel:). */
  | { kind: 'call'; href: string }
  | { kind: 'escalate' }
  | { kind: 'confirm_cancel'; rideId: string };

export const EMERGENCY_HREF = 'tel:911';

export function actionTarget(action: AssistantAction, role: Role | undefined): ActionTarget | null {
  const isDriver = role === 'driver';
  switch (action.type) {
    case 'escalate_support':
      return { kind: 'escalate' };
    case 'call_emergency':
      return { kind: 'call', href: EMERGENCY_HREF };
    case 'open_dispute':
    case 'view_receipt':
      if (isDriver) return { kind: 'link', href: '/driver-dashboard' };
      return { kind: 'link', href: action.rideId ? receiptHref(action.rideId) : dashboardHref('rides') };
    case 'open_payments':
      return { kind: 'link', href: isDriver ? '/driver-dashboard' : dashboardHref('payments') };
    case 'cancel_ride':
      if (isDriver) return null;
      return action.rideId ? { kind: 'confirm_cancel', rideId: action.rideId } : { kind: 'link', href: '/ride' };
    case 'book_ride':
      return isDriver ? null : { kind: 'link', href: '/ride' };
    case 'go_online':
      return isDriver ? { kind: 'link', href: '/driver-dashboard' } : null;
  }
}
