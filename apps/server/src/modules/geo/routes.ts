import { apiErrorSchema, geocodeQuerySchema, locationSchema, reverseGeocodeQuerySchema } from '@coride/domain';
import { z } from 'zod';
import type { AppInstance } from '../../lib/app-instance';
import { notFound } from '../../lib/app-error';
import { requireRole } from '../../plugins/auth';
import type { Geocoder } from './geocoder';

export function geoRoutes(geocoder: Geocoder) {
  return async (app: AppInstance) => {
    app.get(
      '/api/geocode',
      { onRequest: requireRole(), schema: { querystring: geocodeQuerySchema, response: { 200: z.array(locationSchema), 400: apiErrorSchema } } },
      async (request) => geocoder.search(request.query.q, 5),
    );

    app.get(
      '/api/geocode/reverse',
      { onRequest: requireRole(), schema: { querystring: reverseGeocodeQuerySchema, response: { 200: locationSchema, 404: apiErrorSchema } } },
      async (request) => {
        const found = await geocoder.reverse(request.query);
        if (!found) throw notFound('Address for this point');
        return found;
      },
    );
  };
}
