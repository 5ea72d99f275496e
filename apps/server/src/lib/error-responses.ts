import { apiErrorSchema } from '@coride/domain';

/**
 * The error answers a route file declares, every one in the API's one error shape ({ error, code,
 * fields? }, contract §4): `errorResponses(400, 401, 404)` in place of a hand-written map per file.
 */
export function errorResponses<const Status extends number>(...statuses: Status[]): Record<Status, typeof apiErrorSchema> {
  return Object.fromEntries(statuses.map((status) => [status, apiErrorSchema])) as Record<Status, typeof apiErrorSchema>;
}
