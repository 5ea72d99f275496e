import type { PersonalDataExport } from '@coride/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { AccountsService, AuthenticatedUser } from '../accounts/service';
import type { DriversService } from '../drivers/service';
import type { MailService } from '../mail/service';
import { personalDataParts, type PersonalDataPart } from './personal-data';

export type PrivacyService = ReturnType<typeof createPrivacyService>;

/**
 * The person's side of contract §8 (ADR 025): the export of everything held about them, and the
 * deletion of their account. The erasure 30 days later is the retention sweep's (./erasure.ts).
 */
export function createPrivacyService(deps: {
  db: Database;
  now: () => Date;
  accounts: Pick<AccountsService, 'checkPassword' | 'deleteAccount'>;
  mail: Pick<MailService, 'enqueueToUser'>;
  drivers: Pick<DriversService, 'setStatus'>;
  log?: Pick<FastifyBaseLogger, 'warn'>;
  parts?: readonly PersonalDataPart[];
}) {
  const { db, now, accounts, mail, drivers, log, parts = personalDataParts } = deps;

  return {
    /** GET /api/users/me/export: every module's part, read in one transaction so they agree with each other. */
    async exportFor(userId: string): Promise<PersonalDataExport> {
      const data: Record<string, unknown> = {};
      await db.transaction(async (tx) => {
        for (const part of parts) data[part.name] = await part.exportFor(tx, userId);
      });
      return { format: 'coride-personal-data/1', exportedAt: now().toISOString(), userId, data };
    },

    /**
     * DELETE /api/users/me: the password first (a wrong one is the change-password 400, throttled like
     * a sign-in); then, in one transaction, what stands in the way (409 with the part's code), the
     * goodbye mail while the address is still known, the account marked deleted and every session
     * revoked. A driver is taken offline after the commit (out of the dispatch index at once).
     */
    async deleteAccount(auth: AuthenticatedUser, password: string, clientAddress: string): Promise<void> {
      await accounts.checkPassword(auth, password, clientAddress, 'password');
      await accounts.deleteAccount(auth.id, async (tx) => {
        for (const part of parts) {
          const blocker = await part.blocksDeletion?.(tx, auth.id);
          if (blocker) throw new AppError(blocker.code, blocker.message);
        }
        await mail.enqueueToUser(tx, auth.id, { dedupeKey: `account-deletion:${auth.id}`, template: 'account-deletion', data: {} });
      });
      if (auth.role === 'driver') {
        try {
          await drivers.setStatus(auth, 'offline', undefined);
        } catch (error) {
          // The account is deleted whatever happens here: its sockets closed with its sessions, which ends the online session too.
          log?.warn({ err: error, driverId: auth.id }, 'deleted driver could not be taken offline');
        }
      }
    },
  };
}
