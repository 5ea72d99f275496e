import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../lib/api';
import { deletionProblemOf } from './deletion-problem';

describe('what the delete dialog says when the deletion failed', () => {
  it('puts a wrong password on the password field', () => {
    const error = new ApiRequestError(400, 'Your password is not correct.', 'VALIDATION_FAILED', { password: 'Password is incorrect' });
    expect(deletionProblemOf(error)).toEqual({ kind: 'password' });
  });

  it('explains each reason the server refuses a deletion, and the rate limit', () => {
    for (const code of ['ACTIVE_RIDE', 'OPEN_DISPUTE', 'TERRITORY_HELD', 'STAFF_ACCOUNT', 'RATE_LIMITED']) {
      expect(deletionProblemOf(new ApiRequestError(code === 'RATE_LIMITED' ? 429 : 409, 'refused', code))).toEqual({
        kind: 'reason',
        key: `delete.errors.${code}`,
      });
    }
  });

  it("keeps the server's words for anything else, and says nothing more for a failure that is not the API's", () => {
    expect(deletionProblemOf(new ApiRequestError(0, 'Cannot reach the server.', 'NETWORK'))).toEqual({ kind: 'other', detail: 'Cannot reach the server.' });
    expect(deletionProblemOf(new Error('boom'))).toEqual({ kind: 'other', detail: null });
  });
});
