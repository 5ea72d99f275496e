/*
 * One rule for every PATCH: a body that changes nothing is a 400 with this message, never an update of
 * nothing (which the database layer refuses with a 500) nor a silent 200.
 */
export const NOTHING_TO_CHANGE_MESSAGE = 'Nothing to change';

/** True when a partial update sets at least one field. */
export const hasSomeField = (value: Record<string, unknown>): boolean => Object.values(value).some((field) => field !== undefined);
