import { accountDeletionBlockers, type AccountDeletionBlocker } from '@coride/domain/privacy';
import { ApiRequestError } from '../../lib/api';

/**
 * What the delete dialog says after DELETE /api/users/me failed: the password field's own message, a
 * reason the server gave (409: a ride under way, an open dispute…; 429), or a general failure with
 * the server's words.
 */
export type DeletionProblem =
  { kind: 'password' } | { kind: 'reason'; key: `delete.errors.${AccountDeletionBlocker | 'RATE_LIMITED'}` } | { kind: 'other'; detail: string | null };

const isBlocker = (code: string): code is AccountDeletionBlocker => (accountDeletionBlockers as readonly string[]).includes(code);

export function deletionProblemOf(error: unknown): DeletionProblem {
  if (!(error instanceof ApiRequestError)) return { kind: 'other', detail: null };
  if (error.fields.password) return { kind: 'password' };
  if (isBlocker(error.code)) return { kind: 'reason', key: `delete.errors.${error.code}` };
  if (error.code === 'RATE_LIMITED') return { kind: 'reason', key: 'delete.errors.RATE_LIMITED' };
  return { kind: 'other', detail: error.message };
}
