import { apiErrorSchema } from '@coride/domain';
import { z } from 'zod';
import type { AppInstance } from '../../lib/app-instance';
import { requireRole } from '../../plugins/auth';
import type { PaymentsService } from '../payments/service';

/** The wall clock plus an offset that only moves forward: lets end-to-end tests live through a 3-day escrow. */
export class OffsetClock {
  private offsetMs = 0;
  readonly now = (): Date => new Date(Date.now() + this.offsetMs);
  advance(ms: number): Date {
    this.offsetMs += ms;
    return this.now();
  }
}

const advanceSchema = z.object({
  seconds: z
    .number()
    .int()
    .positive()
    .max(366 * 86_400),
});

/**
 * POST /api/dev/clock moves the server's clock forward and runs the settlement at once. Registered
 * only when TEST_CLOCK is set (end-to-end tests); an admin token is still required.
 */
export function testClockRoutes(clock: OffsetClock, payments: PaymentsService) {
  return async (app: AppInstance) => {
    app.post(
      '/api/dev/clock',
      {
        onRequest: requireRole('admin'),
        schema: {
          body: advanceSchema,
          response: { 200: z.object({ now: z.string(), released: z.number().int() }), 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema },
        },
      },
      async (request) => {
        const now = clock.advance(request.body.seconds * 1000);
        const { released } = await payments.settle();
        return { now: now.toISOString(), released };
      },
    );
  };
}
