import { haversineMiles, type LatLng, type Location } from '@coride/domain';
import { namedPlaces } from './places';
import type { ZipIndex } from './zip-index';

/** Turns typed text into places and places into addresses. */
export interface Geocoder {
  search(query: string, limit?: number): Promise<Location[]>;
  reverse(point: LatLng): Promise<Location | undefined>;
}

const LAT_LNG = /^\s*(-?\d{1,2}(?:\.\d+)?)\s*,\s*(-?\d{1,3}(?:\.\d+)?)\s*$/;
const ZIP = /\b(\d{5})(?:-\d{4})?\b/;

/**
 * Works with no network: "lat,lng", the demo's named places, any US zip code (alone or inside an
 * address), and "City" / "City, ST" from the zip-code dataset.
 */
export class OfflineGeocoder implements Geocoder {
  constructor(private readonly zips: ZipIndex) {}

  async search(query: string, limit = 5): Promise<Location[]> {
    const text = query.trim();
    if (!text) return [];
    const coordinates = LAT_LNG.exec(text);
    if (coordinates) {
      const point = { lat: Number(coordinates[1]), lng: Number(coordinates[2]) };
      if (Math.abs(point.lat) > 90 || Math.abs(point.lng) > 180) return [];
      return [(await this.reverse(point)) ?? { address: `${point.lat.toFixed(5)}, ${point.lng.toFixed(5)}`, ...point }];
    }
    const needle = text.toLowerCase();
    const places = namedPlaces.filter((p) => p.address.toLowerCase().includes(needle) || needle.includes(p.address.split(',')[0]!.toLowerCase()));
    if (places.length > 0) return places.slice(0, limit);

    const zipMatch = ZIP.exec(text);
    if (zipMatch) {
      const zip = this.zips.get(zipMatch[1]!);
      if (!zip) return [];
      const address = text === zipMatch[0] ? `${zip.city}, ${zip.state} ${zip.zip}` : text;
      return [{ address, lat: zip.lat, lng: zip.lng }];
    }

    const [cityPart, statePart] = text.split(',').map((part) => part.trim());
    const cityZips = this.zips.city(cityPart ?? '', statePart && /^[a-z]{2}$/i.test(statePart) ? statePart : undefined);
    if (cityZips.length > 0) {
      const lat = cityZips.reduce((sum, z) => sum + z.lat, 0) / cityZips.length;
      const lng = cityZips.reduce((sum, z) => sum + z.lng, 0) / cityZips.length;
      return [{ address: `${cityZips[0]!.city}, ${cityZips[0]!.state}`, lat, lng }];
    }
    return [];
  }

  /** A place name, never coordinates: "Near <landmark>" within a few blocks of one, else the zip code's city. */
  async reverse(point: LatLng): Promise<Location | undefined> {
    const zip = this.zips.locate(point);
    if (!zip) return undefined;
    const area = `${zip.city}, ${zip.state} ${zip.zip}`;
    const landmark = nearestLandmark(point);
    return { address: landmark ? `Near ${landmark}, ${area}` : area, ...point };
  }
}

/** Within this distance of a named place, "Use current location" and a pin on the map say its name. */
const LANDMARK_RADIUS_MILES = 0.2;

function nearestLandmark(point: LatLng): string | undefined {
  let best: { name: string; miles: number } | undefined;
  for (const place of namedPlaces) {
    const miles = haversineMiles(point, place);
    if (miles <= LANDMARK_RADIUS_MILES && (!best || miles < best.miles)) best = { name: place.address.split(',')[0]!, miles };
  }
  return best?.name;
}

type NominatimResult = { display_name: string; lat: string; lon: string };
type PhotonResult = { features: { geometry: { coordinates: [number, number] }; properties: Record<string, string | undefined> }[] };

/**
 * A Nominatim- or Photon-compatible service at GEOCODER_URL; falls back to the offline geocoder when
 * the service fails, so booking never depends on a third party being up.
 */
export class HttpGeocoder implements Geocoder {
  constructor(
    private readonly baseUrl: string,
    private readonly fallback: Geocoder,
    private readonly fetchImpl: typeof fetch = fetch,
    private readonly timeoutMs = 3000,
  ) {}

  private async get(path: string, params: Record<string, string>): Promise<unknown> {
    const url = new URL(path, this.baseUrl.endsWith('/') ? this.baseUrl : `${this.baseUrl}/`);
    for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
    const response = await this.fetchImpl(url, { signal: AbortSignal.timeout(this.timeoutMs), headers: { 'User-Agent': 'CoRide/0.1' } });
    if (!response.ok) throw new Error(`geocoder answered ${response.status}`);
    return response.json();
  }

  private static parse(body: unknown): Location[] {
    if (Array.isArray(body)) {
      return (body as NominatimResult[]).map((r) => ({ address: r.display_name, lat: Number(r.lat), lng: Number(r.lon) }));
    }
    const photon = body as PhotonResult;
    return (photon.features ?? []).map((f) => {
      const p = f.properties;
      const address = [p.name, [p.housenumber, p.street].filter(Boolean).join(' '), p.city, p.state, p.postcode].filter(Boolean).join(', ');
      return { address, lat: f.geometry.coordinates[1], lng: f.geometry.coordinates[0] };
    });
  }

  async search(query: string, limit = 5): Promise<Location[]> {
    if (!query.trim()) return [];
    try {
      const results = HttpGeocoder.parse(await this.get('search', { q: query, format: 'json', limit: String(limit) }));
      return results.filter((r) => Number.isFinite(r.lat) && Number.isFinite(r.lng));
    } catch {
      return this.fallback.search(query, limit);
    }
  }

  async reverse(point: LatLng): Promise<Location | undefined> {
    try {
      const body = await this.get('reverse', { lat: String(point.lat), lon: String(point.lng), format: 'json' });
      const single = body as Partial<NominatimResult>;
      if (single.display_name) return { address: single.display_name, ...point };
      const [first] = HttpGeocoder.parse(body);
      return first ? { ...first, ...point } : this.fallback.reverse(point);
    } catch {
      return this.fallback.reverse(point);
    }
  }
}
