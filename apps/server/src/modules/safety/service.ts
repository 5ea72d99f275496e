import { canRaiseSos, SOS_REPEAT_WINDOW_MS, type SafetyAlert, type SafetyAlertListQuery, type SosRequest } from '@coride/domain';
import type { Database } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import { toPage, type Page } from '../../lib/paging';
import type { AuthenticatedUser } from '../accounts/service';
import type { DriverLocationIndex } from '../dispatch/driver-index';
import type { EmergencyContactsService } from '../emergency-contacts/service';
import type { MailService } from '../mail/service';
import type { NotifyPort } from '../notifications/service';
import type { RealtimeHub } from '../realtime/hub';
import type { TripSharing } from '../rides/sharing';
import type { TerritoryAccess } from '../territories/access';
import * as repo from './repository';

export type SafetyService = ReturnType<typeof createSafetyService>;

/** "Maria G.": what staff see of a person (never a phone number or email). */
const shortName = (person: { firstName: string | null; lastName: string | null } | null): string | null =>
  person?.firstName ? `${person.firstName} ${(person.lastName ?? '').slice(0, 1)}.`.replace(/ \.$/, '') : null;

function toAlert(view: repo.AlertView): SafetyAlert {
  const { alert } = view;
  return {
    id: alert.id,
    rideId: alert.rideId,
    territoryId: alert.territoryId,
    raisedBy: { id: alert.raisedBy, name: shortName(view.raiser) ?? '', role: alert.raisedByRole },
    location: alert.lat !== null && alert.lng !== null ? { lat: alert.lat, lng: alert.lng } : null,
    locationSource: alert.lat !== null ? alert.locationSource : null,
    rideStatus: view.rideStatus,
    pickupAddress: view.pickupAddress,
    dropoffAddress: view.dropoffAddress,
    status: alert.resolvedAt ? 'resolved' : alert.acknowledgedAt ? 'acknowledged' : 'open',
    createdAt: alert.createdAt.toISOString(),
    acknowledgedAt: alert.acknowledgedAt?.toISOString() ?? null,
    acknowledgedBy: shortName(view.acknowledger),
    resolvedAt: alert.resolvedAt?.toISOString() ?? null,
    resolvedBy: shortName(view.resolver),
    resolutionNote: alert.resolutionNote,
    contactsMailed: alert.contactsMailed,
  };
}

/**
 * SOS (contract §9, ADR 032). The rider or the driver of a ride under way raises an alert: in one
 * transaction the alert, a bell notification for the territory's licensee and every admin, and a
 * mail with a trip link to each of the raiser's emergency contacts that has an address; after the
 * commit the alert goes live to the same staff as `safety_alert` (through the hub: every instance).
 * A second press within a minute answers the first alert. Staff acknowledge, then resolve with a note.
 */
export function createSafetyService(deps: {
  db: Database;
  hub: RealtimeHub;
  now: () => Date;
  access: TerritoryAccess;
  index: DriverLocationIndex;
  notifications: NotifyPort;
  mail: Pick<MailService, 'enqueue'>;
  emergencyContacts: Pick<EmergencyContactsService, 'contactsOf'>;
  tripSharing: Pick<TripSharing, 'emergencyLink'>;
}) {
  const { db, hub, now, access } = deps;

  async function viewOf(id: string): Promise<SafetyAlert> {
    const [view] = await repo.alertViews(db, { id });
    if (!view) throw notFound('Safety alert');
    return toAlert(view);
  }

  /** The alert, when the caller's territories hold it (an admin: any); 404 otherwise. */
  async function visibleAlert(user: AuthenticatedUser, id: string): Promise<SafetyAlert> {
    const alert = await viewOf(id);
    const scope = await access.scopeOf(user);
    if (scope !== 'all' && (alert.territoryId === null || !scope.includes(alert.territoryId))) throw notFound('Safety alert');
    return alert;
  }

  /**
   * Tells the staff of the alert's territory on every instance (a changed alert too, so every console
   * shows its state); `staff` when the caller has just read who they are.
   */
  async function announce(alert: SafetyAlert, staff?: readonly string[]): Promise<void> {
    for (const userId of staff ?? (await repo.staffRecipientIds(db, alert.territoryId))) hub.publish(userId, { type: 'safety_alert', alert });
  }

  return {
    /**
     * POST /api/rides/:id/sos. 404 for no such ride, 403 for someone not on it, 409 RIDE_NOT_ACTIVE
     * unless a driver has it and it has not ended. `created` is false for a repeat within the window.
     */
    async raise(user: AuthenticatedUser, rideId: string, request: SosRequest): Promise<{ alert: SafetyAlert; created: boolean }> {
      const ride = await repo.rideOf(db, rideId);
      if (!ride) throw notFound('Ride');
      const side = user.role === 'customer' && ride.riderId === user.id ? 'rider' : user.role === 'driver' && ride.driverId === user.id ? 'driver' : null;
      if (!side) throw new AppError('FORBIDDEN', 'Only the rider and the driver of this ride can raise an SOS on it');
      if (!canRaiseSos(ride.status)) throw new AppError('RIDE_NOT_ACTIVE', 'SOS can be raised only while the ride is under way: call 911 if you are in danger');

      // The device's position, else the driver's last one (rider and driver are together, or heading to each other).
      const driverPosition = !request.location && ride.driverId ? await deps.index.get(ride.driverId) : undefined;
      const location = request.location ?? (driverPosition ? { lat: driverPosition.lat, lng: driverPosition.lng } : null);
      const locationSource = request.location ? ('device' as const) : driverPosition ? ('driver_last_known' as const) : null;

      const bell = deps.notifications.batch();
      const raised = await db.transaction(async (tx) => {
        await repo.lockRaiser(tx, rideId, user.id);
        const at = now();
        const recent = await repo.recentAlert(tx, rideId, user.id, new Date(at.getTime() - SOS_REPEAT_WINDOW_MS));
        if (recent) return { id: recent.id, created: false, staff: [] };

        const person = await repo.personOf(tx, user.id);
        const name = shortName(person ?? null) ?? '';
        const contacts = (await deps.emergencyContacts.contactsOf(user.id, tx)).filter((contact) => contact.email);
        const row = await repo.insertAlert(tx, {
          rideId,
          territoryId: ride.territoryId,
          raisedBy: user.id,
          raisedByRole: side,
          lat: location?.lat ?? null,
          lng: location?.lng ?? null,
          locationSource,
          contactsMailed: contacts.length,
          createdAt: at,
        });
        const staff = await repo.staffRecipientIds(tx, ride.territoryId);
        for (const userId of staff) {
          await bell.notify(tx, { userId, kind: 'safety_alert', data: { alertId: row.id, rideId, role: side }, dedupeKey: `safety-alert:${row.id}` });
        }
        if (contacts.length > 0) {
          // One link for this alert's mails, of its own: the rider's shared link is left as it is.
          const link = await deps.tripSharing.emergencyLink(tx, rideId);
          for (const contact of contacts) {
            await deps.mail.enqueue(tx, {
              dedupeKey: `sos-alert:${row.id}:${contact.id}`,
              template: 'sos-alert',
              to: contact.email!,
              // The raiser's: their export shows these mails, and erasing them removes them (ADR 025).
              userId: user.id,
              language: person?.language ?? 'en',
              firstName: contact.name,
              data: { name: person ? `${person.firstName} ${person.lastName}` : name, path: link.path, at: at.toISOString() },
            });
          }
        }
        return { id: row.id, created: true, staff };
      });

      const alert = await viewOf(raised.id);
      if (raised.created) {
        bell.publish();
        await announce(alert, raised.staff);
      }
      return { alert, created: raised.created };
    },

    /** GET /api/safety/alerts: a page of the licensee's territories' alerts (admins: all), newest first. */
    async list(user: AuthenticatedUser, query: SafetyAlertListQuery): Promise<Page<SafetyAlert>> {
      const scope = await access.scopeOf(user);
      if (scope !== 'all' && scope.length === 0) return { items: [], nextCursor: null };
      const rows = await repo.alertViews(db, { territoryIds: scope, openOnly: query.status === 'open' }, query);
      return toPage(
        rows,
        query,
        (row) => ({ at: row.pageKey, id: row.alert.id }),
        (row) => toAlert(row),
      );
    },

    /** POST /api/safety/alerts/:id/acknowledge: "someone is on it"; again is harmless, after resolution 409. */
    async acknowledge(user: AuthenticatedUser, id: string): Promise<SafetyAlert> {
      const before = await visibleAlert(user, id);
      if (before.status === 'resolved') throw new AppError('CONFLICT', 'This alert is resolved already');
      if (before.status === 'acknowledged') return before;
      await repo.acknowledge(db, id, user.id, now());
      const alert = await viewOf(id);
      await announce(alert);
      return alert;
    },

    /** POST /api/safety/alerts/:id/resolve {note}: closes the alert (acknowledging it if nobody had); 409 when resolved already. */
    async resolve(user: AuthenticatedUser, id: string, note: string): Promise<SafetyAlert> {
      await visibleAlert(user, id);
      if (!(await repo.resolve(db, id, user.id, note, now()))) throw new AppError('CONFLICT', 'This alert is resolved already');
      const alert = await viewOf(id);
      await announce(alert);
      return alert;
    },
  };
}
