import { idParamsSchema } from '@coride/domain';
import { pricingZoneSchema, rateAdjustmentProposalSchema, rateAdjustmentRequestSchema } from '@coride/domain/community/zones';
import { z } from 'zod';
import type { AppInstance } from '../../lib/app-instance';
import { AppError } from '../../lib/app-error';
import { currentUser, requireRole } from '../../plugins/auth';
import type { PricingService } from './service';
import { errorResponses } from '../../lib/error-responses';

const errors = errorResponses(400, 401, 403, 404, 409);

const proposeBodySchema = rateAdjustmentRequestSchema.extend({ territoryId: z.uuid({ error: 'Choose a territory' }) });
const territoryQuerySchema = z.object({ territoryId: z.uuid().optional() });
const zonesQuerySchema = z.object({
  territoryId: z.uuid().optional(),
  zip: z
    .string()
    .regex(/^\d{5}$/, 'Enter a 5-digit zip code')
    .optional(),
});

export const territoryPricingSchema = z.object({
  territoryId: z.string(),
  territoryName: z.string(),
  /** How often the zones' live figures are recomputed (0: not automatically). */
  refreshSeconds: z.number(),
  rateAdjustmentPercent: z.number(),
  pendingAdjustment: rateAdjustmentProposalSchema.nullable(),
  zones: z.array(pricingZoneSchema),
});

/** Pricing zones (any signed-in user) and the licensee's rate adjustments (docs/community-economics.md §5). */
export function pricingRoutes(pricing: PricingService, refreshMs: number) {
  return async (app: AppInstance) => {
    app.get(
      '/api/pricing/zones',
      { onRequest: requireRole(), schema: { querystring: zonesQuerySchema, response: { 200: territoryPricingSchema, ...errors } } },
      async (request) => {
        const { territoryId, zip } = request.query;
        if (!territoryId && !zip)
          throw new AppError('VALIDATION_FAILED', 'Give a territoryId or a zip code', { territoryId: 'Give a territoryId or a zip code' });
        return { ...(await pricing.zones({ territoryId, zip })), refreshSeconds: refreshMs / 1000 };
      },
    );

    app.post(
      '/api/licensee/rate-adjustments',
      { onRequest: requireRole('licensee', 'admin'), schema: { body: proposeBodySchema, response: { 201: rateAdjustmentProposalSchema, ...errors } } },
      async (request, reply) => reply.status(201).send(await pricing.propose(currentUser(request), request.body)),
    );

    app.get(
      '/api/licensee/rate-adjustments',
      {
        onRequest: requireRole('licensee', 'admin'),
        schema: { querystring: territoryQuerySchema, response: { 200: z.array(rateAdjustmentProposalSchema), ...errors } },
      },
      async (request) => pricing.proposals(currentUser(request), request.query.territoryId),
    );

    app.post(
      '/api/licensee/rate-adjustments/:id/withdraw',
      { onRequest: requireRole('licensee', 'admin'), schema: { params: idParamsSchema, response: { 200: rateAdjustmentProposalSchema, ...errors } } },
      async (request) => pricing.withdraw(currentUser(request), request.params.id),
    );
  };
}
