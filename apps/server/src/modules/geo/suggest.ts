import { haversineMiles, type LatLng, type Location, type PlaceSuggestion } from '@coride/domain';
import { rank, type Gazetteer, type Ranked } from './gazetteer';
import type { Geocoder } from './geocoder';

/** A geocoder answer ranks below the gazetteer's name matches and above its matches on the city alone. */
const REMOTE_SCORE = 80;
/** Answers of the configured geocoder kept per typed text (most recent first out): a field re-typed costs no call. */
const REMOTE_CACHE_SIZE = 500;

/** Answers nothing: the configured geocoder's suggestions fall back to no suggestions (the gazetteer's stay). */
export const noGeocoder: Geocoder = { search: async () => [], reverse: async () => undefined };

/**
 * Type-ahead suggestions (GET /api/geo/suggest, docs/decisions/038): the offline gazetteer always, and
 * the configured geocoder (GEOCODER_URL) when there is one, merged into one ranked list.
 */
export class PlaceSuggester {
  private readonly cache = new Map<string, Location[]>();

  constructor(
    /** Built on first use (a few hundred milliseconds over the zip-code dataset), then shared. */
    private readonly gazetteer: () => Gazetteer,
    /** The configured geocoder, failing to nothing rather than to the offline one (the gazetteer already answers). */
    private readonly remote?: Geocoder,
  ) {}

  /** Builds the gazetteer now (at start) rather than on the first suggestion. */
  warm(): void {
    this.gazetteer();
  }

  async suggest(query: string, limit: number, near?: LatLng): Promise<PlaceSuggestion[]> {
    const local = this.gazetteer().suggest(query, limit, near);
    const remote = this.remote ? await this.remoteSuggest(query, limit) : [];
    const ranked: Ranked[] = remote.map((place) => ({
      ...place,
      kind: 'geocoder' as const,
      score: REMOTE_SCORE - (near ? Math.min(30, haversineMiles(place, near) / 2) : 0),
    }));
    return rank([...local, ...ranked], limit).map(({ address, lat, lng, kind }) => ({ address, lat, lng, kind }));
  }

  private async remoteSuggest(query: string, limit: number): Promise<Location[]> {
    const key = `${limit}|${query.trim().toLowerCase()}`;
    const cached = this.cache.get(key);
    if (cached) return cached;
    const found = await this.remote!.search(query, limit).catch(() => []);
    this.cache.set(key, found);
    if (this.cache.size > REMOTE_CACHE_SIZE) this.cache.delete(this.cache.keys().next().value!);
    return found;
  }
}
