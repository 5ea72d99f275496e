import { apiErrorSchema, geocodeQuerySchema, locationSchema, placeSuggestionSchema, placeSuggestQuerySchema, reverseGeocodeQuerySchema } from '@coride/domain';
import { z } from 'zod';
import type { AppInstance } from '../../lib/app-instance';
import { notFound } from '../../lib/app-error';
import { requireRole } from '../../plugins/auth';
import type { Geocoder } from './geocoder';
import type { PlaceSuggester } from './suggest';

export function geoRoutes(geocoder: Geocoder, suggester: PlaceSuggester) {
  return async (app: AppInstance) => {
    app.get(
      '/api/geocode',
      {
        onRequest: requireRole(),
        preHandler: app.rateLimits.geoLookup,
        schema: { querystring: geocodeQuerySchema, response: { 200: z.array(locationSchema), 400: apiErrorSchema, 429: apiErrorSchema } },
      },
      async (request) => geocoder.search(request.query.q, 5),
    );

    // Type-ahead (docs/decisions/038): signed in like the other geo routes; answered from memory, and
    // from the configured geocoder with a short timeout and a cache. The three lookups share one limit
    // per user (GEO_RATE_LIMIT_PER_HOUR), so no account passes a flood on to that service.
    app.get(
      '/api/geo/suggest',
      {
        onRequest: requireRole(),
        preHandler: app.rateLimits.geoLookup,
        schema: { querystring: placeSuggestQuerySchema, response: { 200: z.array(placeSuggestionSchema), 400: apiErrorSchema, 429: apiErrorSchema } },
      },
      async (request) => suggester.suggest(request.query.q, request.query.limit, request.query.near),
    );

    app.get(
      '/api/geocode/reverse',
      {
        onRequest: requireRole(),
        preHandler: app.rateLimits.geoLookup,
        schema: { querystring: reverseGeocodeQuerySchema, response: { 200: locationSchema, 404: apiErrorSchema, 429: apiErrorSchema } },
      },
      async (request) => {
        const found = await geocoder.reverse(request.query);
        if (!found) throw notFound('Address for this point');
        return found;
      },
    );
  };
}
