import {
  apiErrorSchema,
  bonusPoolRunRequestSchema,
  bonusPoolRunResultSchema,
  bonusPoolRunSchema,
  driverTiersResponseSchema,
  tierRecomputeResponseSchema,
  type BonusPoolRunSummary,
} from '@coride/domain';
import { z } from 'zod';
import type { AppInstance } from '../../lib/app-instance';
import { AppError, forbidden, notFound } from '../../lib/app-error';
import { currentUser, requireRole } from '../../plugins/auth';
import type { TerritoriesService } from '../territories/service';
import { monthBounds, previousMonth, type BonusPoolService } from './bonus-pool';
import type { TiersService } from './tiers';
import { errorResponses } from '../../lib/error-responses';

const errors = errorResponses(400, 401, 403, 404, 409, 422);
const monthSchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'A month as YYYY-MM');

/**
 * Driver tiers (stored and recomputed) and the monthly bonus pool (docs/community-economics.md §1-2):
 * drivers see their own territory, licensees their territories (another's is 404), admins everything.
 */
export function communityRoutes(deps: { tiers: TiersService; bonusPool: BonusPoolService; territories: TerritoriesService; now: () => Date }) {
  const { tiers, bonusPool, territories: territoryService, now } = deps;

  // Who may read which territory: the one policy (territories/access.ts).
  const access = territoryService.access;

  return async (app: AppInstance) => {
    // Drivers used to trigger a recompute of their whole territory here, as often as they liked
    // (security review L6). Their figures are live on GET /api/drivers/performance and their stored tier
    // is refreshed hourly and by the territory's licensee, so the route now only says where to look.
    app.post('/api/drivers/performance/recompute', { onRequest: requireRole('driver'), schema: { response: { ...errors } } }, async () => {
      throw forbidden('Tiers are recomputed every hour and by your territory’s licensee; your current figures are on GET /api/drivers/performance');
    });

    app.post(
      '/api/licensee/tiers/recompute',
      {
        onRequest: requireRole('licensee', 'admin'),
        schema: {
          body: z.object({ territoryId: z.uuid().optional() }).optional(),
          response: { 200: tierRecomputeResponseSchema, ...errors, 429: apiErrorSchema },
        },
      },
      async (request) => {
        const user = currentUser(request);
        const wanted = request.body?.territoryId;
        // Each territory at most once a minute, on any instance (429 with Retry-After).
        if (wanted) return tiers.recomputeOnDemand([await access.assertTerritoryReadable(user, wanted)]);
        if (user.role === 'admin') return tiers.recomputeOnDemand();
        return tiers.recomputeOnDemand(await access.licenseeTerritoryIds(user.id));
      },
    );

    app.get(
      '/api/licensee/driver-tiers',
      {
        onRequest: requireRole('licensee', 'admin'),
        schema: { querystring: z.object({ territoryId: z.uuid({ error: 'Not found' }) }), response: { 200: driverTiersResponseSchema, ...errors } },
      },
      async (request) => tiers.list(await access.assertTerritoryReadable(currentUser(request), request.query.territoryId)),
    );

    app.post(
      '/api/admin/bonus-pool/run',
      { onRequest: requireRole('admin'), schema: { body: bonusPoolRunRequestSchema, response: { 200: bonusPoolRunResultSchema, ...errors } } },
      async (request) => {
        const { month, territoryId } = request.body;
        if (territoryId) await access.assertTerritoryReadable(currentUser(request), territoryId);
        return bonusPool.run(month, territoryId ? [territoryId] : undefined);
      },
    );

    app.get(
      '/api/community/bonus-pool',
      {
        onRequest: requireRole('driver', 'licensee', 'admin'),
        schema: {
          querystring: z.object({ territoryId: z.uuid({ error: 'Not found' }).optional(), month: monthSchema.optional() }),
          response: { 200: bonusPoolRunSchema, ...errors },
        },
      },
      async (request): Promise<BonusPoolRunSummary> => {
        const user = currentUser(request);
        let territoryId = request.query.territoryId;
        if (!territoryId && user.role === 'driver') territoryId = (await access.driverTerritoryOf(user.id)) ?? undefined;
        if (!territoryId && user.role === 'licensee') territoryId = (await access.licenseeTerritoryIds(user.id))[0];
        if (!territoryId) throw new AppError('VALIDATION_FAILED', 'Choose a territory', { territoryId: 'Choose a territory' });
        territoryId = await access.assertTerritoryReadable(user, territoryId);
        // Default: the last month whose pool ran (normally the previous month).
        const month = request.query.month ?? (await bonusPool.latestMonth(territoryId)) ?? previousMonth(now());
        monthBounds(month);
        const stored = await bonusPool.stored(territoryId, month);
        if (!stored) throw notFound(`Bonus pool of ${month}`);
        // A driver sees the territory's figures and their own line, never the other drivers'.
        if (user.role === 'driver') return { ...stored.summary, drivers: stored.summary.drivers.filter((line) => line.driverId === user.id) };
        return stored.summary;
      },
    );
  };
}
