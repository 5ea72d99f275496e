import { z } from 'zod';
import { locationSchema } from './geo';
import { text } from './text';

/** How many suggestions the address field shows at most (and the route answers by default). */
export const SUGGESTION_LIMIT = 6;

/** "lat,lng": the point suggestions are ranked around (the map centre or the other end of the trip). */
const nearSchema = z
  .string()
  .regex(/^\s*-?\d{1,2}(\.\d+)?\s*,\s*-?\d{1,3}(\.\d+)?\s*$/, 'near must be "lat,lng"')
  .transform((value) => {
    const [lat, lng] = value.split(',').map(Number) as [number, number];
    return { lat, lng };
  })
  .refine(({ lat, lng }) => Math.abs(lat) <= 90 && Math.abs(lng) <= 180, 'near is not a point on Earth');

/** GET /api/geo/suggest: what the rider has typed so far, ranked around `near`. */
export const placeSuggestQuerySchema = z.object({
  q: text().min(1, 'Type part of an address').max(100, 'Address is too long'),
  near: nearSchema.optional(),
  limit: z.coerce.number().int().min(1).max(10).default(SUGGESTION_LIMIT),
});
export type PlaceSuggestQuery = z.input<typeof placeSuggestQuerySchema>;

/** Where a suggestion comes from: the offline gazetteer's kinds, or the configured geocoder. */
export const placeSuggestionKinds = ['landmark', 'street', 'zip', 'city', 'geocoder'] as const;
export type PlaceSuggestionKind = (typeof placeSuggestionKinds)[number];

/** A place the field offers: a location to book with, and its kind (the list shows an icon for it). */
export const placeSuggestionSchema = locationSchema.extend({ kind: z.enum(placeSuggestionKinds) });
export type PlaceSuggestion = z.infer<typeof placeSuggestionSchema>;
