import { PRICING, splitFare, type AssistantAction, type Ride } from '@coride/domain';
import type { Facts } from './facts';
import { formatDate, formatMoney } from '../../lib/intl';
import { formatNumber, render, replyLanguage, statusWord, type ReplyKey } from './replies';

/** An answer before escalation is decided: the text, the proposed action, and whether people must take over. */
export type Answer = {
  text: string;
  /** The language the text is written in: the asked one, or English where it has no such reply. */
  language: string;
  /** The template used (for logs and tests). */
  key: ReplyKey;
  action: AssistantAction | null;
  /** The answer itself needs a person (safety, a dispute without a ride…), whatever the confidence. */
  needsPerson: boolean;
};

export type Channel = 'chat' | 'voice';

const answer = (
  key: ReplyKey,
  language: string,
  values: Record<string, string | number> = {},
  action: AssistantAction | null = null,
  needsPerson = false,
): Answer => ({
  text: render(key, language, values),
  language: replyLanguage(key, language),
  key,
  action,
  needsPerson,
});

function rideValues(ride: Ride, language: string): Record<string, string | number> {
  const money = (cents: number) => formatMoney(cents, language);
  return {
    pickup: ride.pickupLocation.address,
    dropoff: ride.dropoffLocation.address,
    total: money(ride.totalFare),
    base: money(ride.baseFare),
    distanceFare: money(ride.distanceFare),
    timeFare: money(ride.timeFare),
    subtotal: money(ride.subtotal),
    platformFee: money(ride.platformFee),
    adminFee: money(ride.adminFee),
    distance: formatNumber(ride.distance, language),
    duration: formatNumber(ride.duration, language, 0),
    driverShare: money(splitFare(ride).driver),
    driver: ride.driver?.name ?? '',
    vehicle: ride.driver ? `${ride.driver.vehicleColor} ${ride.driver.vehicleModel}` : '',
    plate: ride.driver?.vehiclePlate ?? '',
    eta: ride.etaMinutes ?? '',
  };
}

const isActive = (ride: Ride | null): ride is Ride => ride !== null && ['requested', 'accepted', 'in_progress'].includes(ride.status);

/**
 * The offline answer to an intent, from the caller's facts, in `language` (English where the language
 * has no text for it). It only proposes actions; nothing is done on the user's behalf.
 */
export function composeAnswer(intent: string, facts: Facts, language: string, channel: Channel = 'chat'): Answer {
  const customer = facts.kind === 'customer' ? facts : undefined;
  const ride = customer?.ride ?? (facts.kind === 'driver' ? facts.ride : null);
  const values = ride ? rideValues(ride, language) : {};
  const personal = facts.kind !== 'anonymous';
  const general = {
    base: formatMoney(PRICING.baseFare, language),
    perMile: formatMoney(PRICING.perMile, language),
    perMinute: formatMoney(PRICING.perMinute, language),
  };

  switch (intent) {
    case 'greeting': {
      const name = facts.kind === 'anonymous' ? '' : facts.name;
      const text = render('greeting', language, { name });
      return {
        text: name ? text : text.replace(/^[，,、\s]+/u, '').replace(/\s+([!！,，])/gu, '$1'),
        language: replyLanguage('greeting', language),
        key: 'greeting',
        action: null,
        needsPerson: false,
      };
    }
    case 'thanks':
      return answer('thanks', language);

    case 'ride.where_is_driver':
    case 'ride.eta': {
      if (!personal) return answer('signin', language);
      if (!isActive(ride) || facts.kind !== 'customer') return answer('no_active_ride', language, {}, facts.kind === 'customer' ? { type: 'book_ride' } : null);
      if (ride.status === 'requested') return answer('where_searching', language, values);
      if (ride.status === 'in_progress') return answer(ride.etaMinutes === null ? 'where_driver_no_eta' : 'where_in_progress', language, values);
      return answer(ride.etaMinutes === null ? 'where_driver_no_eta' : 'where_driver', language, values);
    }

    case 'fare.explain':
      if (ride && facts.kind === 'customer')
        return answer('fare_ride', language, values, ride.status === 'completed' ? { type: 'view_receipt', rideId: ride.id } : null);
      return answer('fare_general', language, general);

    case 'payment.status':
    case 'payment.escrow': {
      if (!personal) return answer(intent === 'payment.escrow' ? 'escrow_general' : 'signin', language);
      if (facts.kind === 'driver') return earningsAnswer(facts, language);
      const receipt = customer?.receipt;
      if (!receipt || !ride) return answer(intent === 'payment.escrow' ? 'escrow_general' : 'payment_none', language);
      const money = (cents: number) => formatMoney(cents, language);
      const payment = { ...values, paid: money(receipt.paid), refunded: money(receipt.refunded) };
      const view: AssistantAction = { type: 'view_receipt', rideId: ride.id };
      switch (receipt.escrow) {
        case 'authorized': {
          const card = receipt.paymentMethod ? `${receipt.paymentMethod.brand} •••• ${receipt.paymentMethod.lastFour}` : '';
          return answer('payment_authorized', language, { ...payment, card }, { type: 'open_payments' });
        }
        case 'held':
          return answer('payment_held', language, { ...payment, date: receipt.releaseAfter ? formatDate(receipt.releaseAfter, language) : '' }, view);
        case 'released': {
          const releasedAt = receipt.charges.find((c) => c.kind === 'fare')?.releasedAt ?? receipt.releaseAfter;
          return answer('payment_released', language, { ...payment, date: releasedAt ? formatDate(releasedAt, language) : '' }, view);
        }
        case 'disputed':
          return answer('payment_disputed', language, payment, view);
        case 'refunded':
          return answer('payment_refunded', language, payment, view);
        case 'voided':
          return answer('payment_voided', language, payment);
        default:
          return answer('payment_none', language);
      }
    }

    case 'ride.cancel': {
      if (!personal) return answer('signin', language);
      if (facts.kind !== 'customer' || !isActive(ride)) return answer('cancel_none', language);
      if (ride.status === 'in_progress') return answer('cancel_in_progress', language, values);
      return answer('cancel_can', language, values, { type: 'cancel_ride', rideId: ride.id });
    }

    case 'dispute.open':
    case 'lost_item': {
      if (!personal) return answer('signin', language);
      const done = customer?.completed;
      const receipt = done?.receipt;
      const none = intent === 'lost_item' ? 'lost_item_none' : 'dispute_none';
      if (!done || !receipt) return channel === 'voice' ? answer('voice_person', language) : answer(none, language, {}, null, true);
      const doneValues = rideValues(done.ride, language);
      if (receipt.dispute?.status === 'open') return answer('dispute_exists', language, doneValues, { type: 'view_receipt', rideId: done.ride.id });
      if (!receipt.disputeUntil) return channel === 'voice' ? answer('voice_person', language) : answer(none, language, {}, null, true);
      const date = formatDate(receipt.disputeUntil, language);
      return answer(
        intent === 'lost_item' ? 'lost_item_ride' : 'dispute_can',
        language,
        { ...doneValues, date },
        { type: 'open_dispute', rideId: done.ride.id },
      );
    }

    case 'safety.concern':
      if (channel === 'voice' || !personal) return answer('safety_call', language, {}, { type: 'call_emergency' });
      return answer('safety', language, {}, { type: 'call_emergency', ...(ride ? { rideId: ride.id } : {}) }, true);

    case 'support.human':
      return channel === 'voice' ? answer('voice_person', language) : answer('escalate_person', language, { who: '{who}' }, null, true);

    case 'booking.how_to':
      return answer('booking_how_to', language, {}, { type: 'book_ride' });

    case 'payment.methods': {
      if (facts.kind !== 'customer') return answer(personal ? 'not_for_role' : 'signin', language);
      const card = facts.cards.find((c) => c.isDefault) ?? facts.cards[0];
      if (!card) return answer('payment_methods_none', language, {}, { type: 'open_payments' });
      return answer('payment_methods', language, { count: facts.cards.length, card: `${card.brand} •••• ${card.lastFour}` }, { type: 'open_payments' });
    }

    case 'ride.tip_rating':
      return answer(
        'tip_rating',
        language,
        { driver: ride?.driver?.name ?? '' },
        ride?.status === 'completed' ? { type: 'view_receipt', rideId: ride.id } : null,
      );

    case 'driver.apply':
      if (facts.kind === 'driver') return answer('driver_apply_status', language, { status: statusWord(facts.applicationStatus, language) });
      return answer('driver_apply', language);

    case 'driver.go_online':
      if (facts.kind !== 'driver') return answer(personal ? 'not_for_role' : 'signin', language);
      if (!facts.isApproved) return answer('go_online_pending', language, { status: statusWord(facts.applicationStatus, language) });
      return answer(
        'go_online_ready',
        language,
        { territory: facts.territoryName ? ` (${facts.territoryName})` : '' },
        facts.status === 'offline' ? { type: 'go_online' } : null,
      );

    case 'driver.earnings':
      if (facts.kind !== 'driver') return answer(personal ? 'not_for_role' : 'signin', language);
      return earningsAnswer(facts, language);

    case 'driver.tier_goals':
      return answer('tier_goals', language);

    case 'licensee.territory': {
      if (facts.kind !== 'licensee') return answer(personal ? 'not_for_role' : 'signin', language);
      const territory = facts.territories[0];
      if (!territory) return answer('not_for_role', language);
      return answer('territory', language, {
        territory: facts.territories.map((t) => t.name).join(', '),
        zips: facts.territories.flatMap((t) => t.zipCodes).join(', '),
      });
    }

    case 'licensee.approve_driver':
      if (facts.kind !== 'licensee') return answer(personal ? 'not_for_role' : 'signin', language);
      return answer('approve_drivers', language, { count: facts.pendingDriverApplications, territory: facts.territories.map((t) => t.name).join(', ') });

    case 'account.language':
      return answer('account_language', language);

    default:
      return channel === 'voice' ? answer('voice_unsure', language) : answer('escalate_unsure', language, { who: '{who}' }, null, true);
  }
}

function earningsAnswer(facts: Extract<Facts, { kind: 'driver' }>, language: string): Answer {
  const money = (cents: number) => formatMoney(cents, language);
  const e = facts.earnings;
  return answer('earnings', language, {
    today: money(e.today),
    todayRides: e.todayRides,
    week: money(e.week),
    pending: money(e.pending),
    released: money(e.released),
    tips: money(e.tips),
    next: e.nextReleaseAt ? formatDate(e.nextReleaseAt, language) : '—',
  });
}

/** Who a ticket goes to, in the reply's words. */
export function escalationTarget(territoryId: string | null, language: string): string {
  if (territoryId && replyLanguage('escalate_licensee', language) === language) return render('escalate_licensee', language);
  return render('escalate_admins', language);
}

/** Voice answers are read aloud: no plate numbers or bullet-like brackets. */
export function spoken(text: string): string {
  return text
    .replace(/\s*[(（][^)）]*[)）]/gu, '')
    .replace(/\s{2,}/g, ' ')
    .trim();
}
