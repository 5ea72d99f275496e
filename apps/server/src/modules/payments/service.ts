import type { Charge } from '@coride/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { noNotifications, type NotifyPort } from '../notifications/service';
import type { RealtimeHub } from '../realtime/hub';
import { createTerritoryAccess } from '../territories/access';
import { createCharges, escrowState, remainingSplit } from './charges';
import { defaultPaymentsSettings, noMail, type FaultHook, type MailPort, type PaymentsContext, type PaymentsSettings } from './context';
import { createDisputes, type DisputeMediator, type TerritoryScopePort } from './disputes';
import { createPaymentMethods } from './payment-methods';
import type { PaymentProvider } from './provider';
import * as repo from './repository';
import type { ChargeRow } from './repository';
import { createSettlement } from './settlement';

export { defaultPaymentsSettings, remainingSplit, type DisputeMediator, type FaultHook, type PaymentsSettings };

export type PaymentsService = ReturnType<typeof createPaymentsService>;

/**
 * The payments module's one public service, a façade over its parts: payment-methods.ts (cards),
 * charges.ts (hold, capture, void, tip), settlement.ts (escrow release and retries), disputes.ts
 * (open, resolve, refund). All SQL is in repository.ts.
 */
export function createPaymentsService(deps: {
  db: Database;
  provider: PaymentProvider;
  hub: RealtimeHub;
  now: () => Date;
  log: Pick<FastifyBaseLogger, 'warn'>;
  settings?: PaymentsSettings;
  faults?: FaultHook;
  /** Dispute mediation (assistant/mediation.ts), through the narrow port declared in disputes.ts. */
  mediator?: DisputeMediator;
  /** Territory scope (territories/access.ts): which disputes a licensee sees and resolves. Built from `db` when not given. */
  access?: TerritoryScopePort;
  /** The rider's mails (receipt, disputes); none when not given (the demo loader's past rides). */
  mail?: MailPort;
  /** The rider's notifications beside those mails; none when not given. */
  notifications?: NotifyPort;
}) {
  const { db } = deps;
  const settings = deps.settings ?? defaultPaymentsSettings;
  const ctx: PaymentsContext = {
    db,
    provider: deps.provider,
    hub: deps.hub,
    now: deps.now,
    log: deps.log,
    settings,
    fault: async (point: string) => {
      if (deps.faults) await deps.faults(point);
    },
    mail: deps.mail ?? noMail,
    notifications: deps.notifications ?? noNotifications,
  };
  const methods = createPaymentMethods(ctx);
  const charges = createCharges(ctx, methods);
  const disputes = createDisputes(ctx, deps.access ?? createTerritoryAccess(db), deps.mediator);
  const settlement = createSettlement(ctx, { ...charges, applyRefund: disputes.applyRefund });

  return {
    // payment methods
    listMethods: methods.listMethods,
    addMethod: methods.addMethod,
    updateMethod: methods.updateMethod,
    removeMethod: methods.removeMethod,
    chargeableMethod: methods.chargeableMethod,

    // charges
    recordFareCharge: charges.recordFareCharge,
    authorizeFare: charges.authorizeFare,
    voidFare: charges.voidFare,
    captureFare: charges.captureFare,
    chargeTip: charges.chargeTip,

    // settlement
    releaseDue: settlement.releaseDue,
    settle: settlement.settle,

    // disputes
    applyRefund: disputes.applyRefund,
    openDispute: disputes.openDispute,
    disputesFor: disputes.disputesFor,
    resolveDispute: disputes.resolveDispute,
    disputeOfRide: disputes.disputeOfRide,

    // views
    async chargesOfRides(rideIds: string[]): Promise<ChargeRow[]> {
      return repo.chargesOfRides(db, rideIds);
    },

    toCharge(charge: ChargeRow, openDispute: boolean): Charge {
      return {
        id: charge.id,
        kind: charge.kind,
        status: charge.status,
        amount: charge.amount,
        refunded: charge.refunded,
        escrow: escrowState(charge, openDispute),
        releaseAfter: charge.releaseAfter?.toISOString() ?? null,
        releasedAt: charge.releasedAt?.toISOString() ?? null,
        capturedAt: charge.capturedAt?.toISOString() ?? null,
        split: remainingSplit(charge),
      };
    },

    escrowState,
    settings,
    licenseeTerritoryIds: disputes.licenseeTerritoryIds,
    hasReleasedCharges: (rideId: string) => repo.hasReleasedCharges(db, rideId),
  };
}
