import { DISPUTE_WINDOW_DAYS, ESCROW_DAYS } from '@coride/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import type { MailService } from '../mail/service';
import type { NotifyPort } from '../notifications/service';
import type { RealtimeHub } from '../realtime/hub';
import type { PaymentProvider } from './provider';

export type PaymentsSettings = {
  /** How long captured money stays in escrow before it is released to the payees. */
  escrowHoldMs: number;
  /** How long after completion a rider may open a dispute. */
  disputeWindowMs: number;
};

const DAY_MS = 86_400_000;

/** The product's promise (domain money.ts): 3 days of escrow, 7 days to dispute. config.ts may override them. */
export const defaultPaymentsSettings: PaymentsSettings = { escrowHoldMs: ESCROW_DAYS * DAY_MS, disputeWindowMs: DISPUTE_WINDOW_DAYS * DAY_MS };

/**
 * Failure injection for tests: called at named points inside database transactions (a throw rolls
 * the transaction back) and between a provider call and its bookkeeping.
 */
export type FaultHook = (point: string) => void | Promise<void>;

/** What every part of the payments module (methods, charges, settlement, disputes) is built from. */
export type PaymentsContext = {
  db: Database;
  provider: PaymentProvider;
  hub: RealtimeHub;
  now: () => Date;
  log: Pick<FastifyBaseLogger, 'warn'>;
  settings: PaymentsSettings;
  /** Runs the test fault hook at a named point (a no-op in production). */
  fault: (point: string) => Promise<void>;
  /** The rider's mails (receipt, dispute opened and resolved), written in the transaction of their cause. */
  mail: MailPort;
  /** The rider's notifications (receipt, disputes), written beside those mails and pushed after the commit. */
  notifications: NotifyPort;
};

/** The mail outbox as payments writes to it (modules/mail); `noMail` writes nothing (the demo loader). */
export type MailPort = Pick<MailService, 'enqueueToUser'>;
export const noMail: MailPort = { enqueueToUser: async () => false };
