import { haversineMiles, type LatLng, type PlaceSuggestion, type PlaceSuggestionKind } from '@coride/domain';
import { namedPlaces } from './places';
import { streets } from './streets';
import type { ZipIndex } from './zip-index';

/**
 * Type-ahead over what the offline geocoder knows (docs/decisions/038): the demo city's landmarks and
 * streets, every US zip code and every city of the zip-code dataset, built once in memory. The few
 * landmarks and streets are matched word by word anywhere in their address; the ~42k zip codes and
 * ~30k cities are sorted keys searched by prefix (a binary search), so a keystroke costs microseconds.
 */

type Entry = {
  kind: Exclude<PlaceSuggestionKind, 'geocoder'>;
  /** What the rider most likely types: the landmark's or street's name, the zip code, "City ST". */
  key: string;
  /** Every word of the address, normalised, for word-prefix matching (landmarks and streets). */
  words: string[];
  nameWords: string[];
  address: string;
  lat: number;
  lng: number;
};

export type Ranked = PlaceSuggestion & { score: number };

const KIND_BONUS: Record<Entry['kind'], number> = { landmark: 15, street: 10, zip: 5, city: 0 };
/** How many prefix matches of the big lists are ranked at most ("new" starts hundreds of cities). */
const MAX_PREFIX_CANDIDATES = 2000;

const WORDS: Record<string, string> = {
  street: 'st',
  avenue: 'ave',
  av: 'ave',
  west: 'w',
  east: 'e',
  north: 'n',
  south: 's',
  place: 'pl',
  road: 'rd',
  boulevard: 'blvd',
  square: 'sq',
  first: '1',
  second: '2',
  third: '3',
  fourth: '4',
  fifth: '5',
  sixth: '6',
  seventh: '7',
  eighth: '8',
  ninth: '9',
  tenth: '10',
};

/** Lower case, no punctuation or accents, common abbreviations, "42nd" as "42": the words both sides are compared in. */
export function normalizeWords(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .split(' ')
    .filter(Boolean)
    .map((word) => WORDS[word] ?? word.replace(/^(\d+)(st|nd|rd|th)$/, '$1'));
}

const keyOf = (text: string) => normalizeWords(text).join(' ');

function entry(kind: Entry['kind'], name: string, address: string, point: LatLng): Entry {
  return { kind, key: keyOf(name), words: normalizeWords(address), nameWords: normalizeWords(name), address, lat: point.lat, lng: point.lng };
}

/** The first index of a sorted key list whose key is >= prefix. */
function lowerBound(sorted: Entry[], prefix: string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle]!.key < prefix) low = middle + 1;
    else high = middle;
  }
  return low;
}

const byKey = (a: Entry, b: Entry) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

const HOUSE_NUMBER = /^(\d+[a-z]?(?:-\d+)?)\s+(?=\D)/i;

export class Gazetteer {
  /** Landmarks and streets: few, matched by any word of their address. */
  private readonly local: Entry[];
  private readonly streets: Entry[];
  /** Zip codes and cities, sorted by key for prefix search. */
  private readonly zips: Entry[];
  private readonly cities: Entry[];

  constructor(zips: ZipIndex) {
    const landmarks = namedPlaces.map((place) => entry('landmark', place.address.split(',')[0]!, place.address, place));
    this.streets = streets.map((street) => entry('street', street.name, `${street.name}, ${street.city}, NY ${street.zip}`, street));
    this.local = [...landmarks, ...this.streets];
    const zipEntries: Entry[] = [];
    const byCity = new Map<string, { city: string; state: string; lats: number[]; lngs: number[] }>();
    for (const zip of zips.all()) {
      if (!zip.city) continue;
      // Searched by code only: no words to normalise (72k of those would take seconds at start).
      zipEntries.push({ kind: 'zip', key: zip.zip, words: [], nameWords: [], address: `${zip.city}, ${zip.state} ${zip.zip}`, lat: zip.lat, lng: zip.lng });
      const cityKey = `${zip.city}|${zip.state}`;
      const city = byCity.get(cityKey) ?? { city: zip.city, state: zip.state, lats: [], lngs: [] };
      city.lats.push(zip.lat);
      city.lngs.push(zip.lng);
      byCity.set(cityKey, city);
    }
    this.zips = zipEntries.sort(byKey);
    // A city is at the median of its zip codes: a few far-off PO boxes do not move it.
    this.cities = [...byCity.values()]
      .map((c) => ({
        kind: 'city' as const,
        key: keyOf(`${c.city} ${c.state}`),
        words: [],
        nameWords: [],
        address: `${c.city}, ${c.state}`,
        lat: median(c.lats),
        lng: median(c.lngs),
      }))
      .sort(byKey);
  }

  /** Places matching what has been typed so far, best first: at most `limit`, ranked around `near`. */
  suggest(query: string, limit: number, near?: LatLng): Ranked[] {
    const words = normalizeWords(query);
    if (words.length === 0) return [];
    const found: Ranked[] = [];
    const add = (e: Entry, score: number, address = e.address) =>
      found.push({ kind: e.kind, address, lat: e.lat, lng: e.lng, score: score + KIND_BONUS[e.kind] - distancePenalty(e, near) });

    for (const e of this.local) {
      const score = wordScore(words, e);
      if (score > 0) add(e, score);
    }
    // "120 W 42nd St": the street, with the number kept in its address.
    const house = HOUSE_NUMBER.exec(query.trim());
    if (house) {
      const rest = normalizeWords(query.trim().slice(house[0].length));
      for (const e of this.streets) {
        const score = rest.length > 0 ? wordScore(rest, e) : 0;
        if (score > 0) add(e, score + 5, `${house[1]} ${e.address}`);
      }
    }
    const key = words.join(' ');
    // Zip codes only for digits as typed ("42nd" is a street, not the zip codes 42xxx).
    const lists = /^\d{1,5}$/.test(query.trim()) ? [this.zips] : [this.cities];
    for (const list of lists) {
      for (let i = lowerBound(list, key), seen = 0; i < list.length && seen < MAX_PREFIX_CANDIDATES; i += 1, seen += 1) {
        const e = list[i]!;
        if (!e.key.startsWith(key)) break;
        add(e, e.key === key ? 110 : 100);
      }
    }
    return rank(found, limit);
  }
}

/**
 * 0 when a typed word starts no word of the address; otherwise higher the more it looks like the
 * name: the name starting with the text, then every word starting a word of the name, then words
 * found only in the rest of the address (the city, the zip code).
 */
function wordScore(words: string[], e: Entry): number {
  if (!words.every((w) => e.words.some((candidate) => candidate.startsWith(w)))) return 0;
  const typed = words.join(' ');
  if (e.key === typed) return 110;
  if (e.key.startsWith(typed)) return 100;
  if (words.every((w) => e.nameWords.some((candidate) => candidate.startsWith(w)))) return 60;
  return 20;
}

/** Up to 30 points off for distance from `near` (half a point a mile): the nearer of two equal matches first. */
function distancePenalty(point: LatLng, near: LatLng | undefined): number {
  return near ? Math.min(30, haversineMiles(point, near) / 2) : 0;
}

/** Best score first (shorter address on ties), one per address, at most `limit`. */
export function rank(found: Ranked[], limit: number): Ranked[] {
  const sorted = [...found].sort((a, b) => b.score - a.score || a.address.length - b.address.length || a.address.localeCompare(b.address));
  const seen = new Set<string>();
  const kept: Ranked[] = [];
  for (const r of sorted) {
    const key = r.address.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    kept.push(r);
    if (kept.length === limit) break;
  }
  return kept;
}

const built = new WeakMap<ZipIndex, Gazetteer>();

/** One gazetteer per zip index (the process shares one), built on the first suggestion. */
export function gazetteerOf(zips: ZipIndex): Gazetteer {
  let gazetteer = built.get(zips);
  if (!gazetteer) {
    gazetteer = new Gazetteer(zips);
    built.set(zips, gazetteer);
  }
  return gazetteer;
}
