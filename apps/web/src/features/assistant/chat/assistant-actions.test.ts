import { describe, expect, it } from 'vitest';
import { actionTarget } from './assistant-actions';

describe('assistant action -> what its button does', () => {
  it('links a dispute or a receipt to the ride on the Rides tab', () => {
    expect(actionTarget({ type: 'open_dispute', rideId: 'r 1' }, 'customer')).toEqual({ kind: 'link', href: '/dashboard?tab=rides&receipt=r%201' });
    expect(actionTarget({ type: 'view_receipt', rideId: 'r1' }, 'customer')).toEqual({ kind: 'link', href: '/dashboard?tab=rides&receipt=r1' });
    expect(actionTarget({ type: 'view_receipt' }, 'customer')).toEqual({ kind: 'link', href: '/dashboard?tab=rides' });
  });

  it('links payments to the Payments tab', () => {
    expect(actionTarget({ type: 'open_payments' }, 'customer')).toEqual({ kind: 'link', href: '/dashboard?tab=payments' });
  });

  it('asks before cancelling a ride, and never acts by itself', () => {
    expect(actionTarget({ type: 'cancel_ride', rideId: 'r1' }, 'customer')).toEqual({ kind: 'confirm_cancel', rideId: 'r1' });
    expect(actionTarget({ type: 'cancel_ride' }, 'customer')).toEqual({ kind: 'link', href: '/ride' });
  });

  it('calls emergency services through the phone and escalates to people', () => {
    expect(actionTarget({ type: 'call_emergency' }, 'customer')).toEqual({ kind: 'call', href: 'tel:911' });
    expect(actionTarget({ type: 'escalate_support', ticketId: 't1' }, 'driver')).toEqual({ kind: 'escalate' });
  });

  it("keeps a driver on the driver's console", () => {
    expect(actionTarget({ type: 'view_receipt', rideId: 'r1' }, 'driver')).toEqual({ kind: 'link', href: '/driver-dashboard' });
    expect(actionTarget({ type: 'go_online' }, 'driver')).toEqual({ kind: 'link', href: '/driver-dashboard' });
    expect(actionTarget({ type: 'cancel_ride', rideId: 'r1' }, 'driver')).toBeNull();
    expect(actionTarget({ type: 'go_online' }, 'customer')).toBeNull();
  });
});
