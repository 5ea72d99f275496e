import fc from 'fast-check';
import type { z } from 'zod';

/*
 * Request values generated from a route's own zod schema: the shape (keys, enums, numbers in range,
 * uuids, patterns) is mostly right, so a request gets past the obvious checks, while every string leaf
 * is often hostile: control characters, lone surrogates, 10,000 characters. The input fuzz test sends
 * them to every route and asserts that none answers 5xx.
 */

const CONTROL_CHARACTERS = ['\u0000', '\u0001', '\u0008', '\u000b', '\u000c', '\u001b', '\u001f', '\u007f', '\u0085', '\u009f'];
const LONE_SURROGATES = ['\ud800', '\udbff', '\udc00', '\udfff'];
const LINE_BREAKS = ['\t', '\n', '\r', '\r\n'];
const TEN_THOUSAND = 10_000;

const letters = (minLength: number, maxLength: number) => fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789'), minLength, maxLength });

const badCharacter = fc.oneof(
  // The NUL most of all: PostgreSQL refuses it in `text`.
  { weight: 3, arbitrary: fc.constant('\u0000') },
  { weight: 3, arbitrary: fc.constantFrom(...CONTROL_CHARACTERS, ...LONE_SURROGATES) },
  { weight: 1, arbitrary: fc.constantFrom(...LINE_BREAKS) },
);

/** A string a validator should refuse, or at least never choke on. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  // Ordinary text with one bad character inside.
  { weight: 6, arbitrary: fc.tuple(letters(0, 12), badCharacter, letters(1, 12)).map(([a, bad, b]) => `${a}${bad}${b}`) },
  // Any code points at all.
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  // Mostly bad characters, a few good ones.
  { weight: 1, arbitrary: fc.string({ unit: fc.constantFrom(...CONTROL_CHARACTERS, ...LONE_SURROGATES, 'a', 'é', '😀', ' '), minLength: 1, maxLength: 40 }) },
  // Ten thousand characters: plain, ending in a NUL, all lone surrogates, surrogates in the wrong order.
  {
    weight: 2,
    arbitrary: fc.constantFrom('x'.repeat(TEN_THOUSAND), `${'x'.repeat(TEN_THOUSAND - 1)}\u0000`, '\ud800'.repeat(TEN_THOUSAND), '\udc00'.repeat(TEN_THOUSAND)),
  },
  { weight: 1, arbitrary: fc.constant('') },
);

/** A header value: HTTP allows tab, printable ASCII and bytes 0x80-0xFF, so only those can arrive. */
export const hostileHeaderValue: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: fc.constantFrom('a', 'Z', '0', '-', ' ', '\t', '\u0080', '\u0085', '\u009f', 'é', '\u00ff'), maxLength: 40 }),
  fc.constant('k'.repeat(TEN_THOUSAND)),
);

export type ArbitraryOptions = {
  /** Ids of rows that exist, offered for uuid fields so some requests reach the services. */
  knownIds: readonly string[];
};

type Mode = 'well-formed' | 'hostile';
type StringFacts = { minimum?: number; maximum?: number; format?: string; pattern?: RegExp };
type CheckDef = { check: string; minimum?: number; maximum?: number; length?: number; format?: string; pattern?: RegExp };

/** What a string schema's checks say about it (length, format, pattern). */
function stringFacts(schema: z.core.$ZodString): StringFacts {
  const def = schema._zod.def as z.core.$ZodStringDef & { format?: string };
  const facts: StringFacts = def.format ? { format: def.format } : {};
  for (const check of def.checks ?? []) {
    const c = check._zod.def as CheckDef;
    if (c.check === 'min_length') facts.minimum = c.minimum;
    if (c.check === 'max_length') facts.maximum = c.maximum;
    if (c.check === 'length_equals') facts.minimum = facts.maximum = c.length;
    if (c.check === 'string_format') {
      facts.format ??= c.format;
      if (c.format === 'regex') facts.pattern = c.pattern;
    }
  }
  return facts;
}

function wellFormedString(facts: StringFacts, { knownIds }: ArbitraryOptions): fc.Arbitrary<string> {
  if (facts.format === 'uuid' || facts.format === 'guid') return knownIds.length > 0 ? fc.oneof(fc.uuid(), fc.constantFrom(...knownIds)) : fc.uuid();
  // fast-check's addresses use every character RFC 5322 allows; sign-up takes the common ones only.
  if (facts.format === 'email') return fc.tuple(letters(1, 12), letters(1, 12)).map(([local, domain]) => `${local}@${domain}.example.com`);
  if (facts.pattern) return fc.stringMatching(facts.pattern);
  const minLength = Math.min(facts.minimum ?? 0, 60);
  return letters(minLength, Math.max(minLength, Math.min(facts.maximum ?? 40, 60)));
}

function numberLeaf(schema: z.ZodNumber, mode: Mode): fc.Arbitrary<number> {
  const min = Math.max(Math.ceil(schema.minValue ?? -1_000_000), -1e9);
  const max = Math.min(Math.max(min, Math.floor(schema.maxValue ?? 1_000_000)), 1e9);
  const inRange = fc.integer({ min, max });
  if (mode === 'well-formed') return inRange;
  return fc.oneof(
    inRange,
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.constantFrom(0, -1, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 1e308),
  );
}

const isOptional = (schema: z.core.$ZodType) => ['optional', 'default', 'prefault'].includes((schema as z.core.$ZodTypes)._zod.def.type);

/** Forms that repeat the password: a well-formed one repeats it right (the one cross-field rule known here). */
function withRepeatedPassword(value: Record<string, unknown>): Record<string, unknown> {
  return 'password' in value && 'confirmPassword' in value ? { ...value, confirmPassword: value.password } : value;
}

function walk(schema: z.core.$ZodType, options: ArbitraryOptions, mode: Mode): fc.Arbitrary<unknown> {
  const s = schema as z.core.$ZodTypes;
  const def = s._zod.def;
  switch (def.type) {
    case 'string': {
      const good = wellFormedString(stringFacts(s as z.core.$ZodString), options);
      return mode === 'well-formed' ? good : fc.oneof(hostileString, good);
    }
    case 'number':
      return numberLeaf(s as unknown as z.ZodNumber, mode);
    case 'boolean':
      // Mostly true when well-formed: forms have boxes that must be ticked (the terms).
      return mode === 'well-formed' ? fc.oneof({ weight: 3, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }) : fc.boolean();
    case 'literal':
      return fc.constantFrom(...(def as z.core.$ZodLiteralDef<z.core.util.Literal>).values);
    case 'enum': {
      const valid = fc.constantFrom(...Object.values((def as z.core.$ZodEnumDef).entries));
      return mode === 'well-formed' ? valid : fc.oneof({ weight: 4, arbitrary: valid }, { weight: 1, arbitrary: hostileString });
    }
    case 'object': {
      const shape = (def as z.core.$ZodObjectDef).shape;
      const entries = Object.entries(shape).map(([key, value]) => [key, walk(value, options, mode)] as const);
      const requiredKeys = mode === 'well-formed' ? Object.keys(shape).filter((key) => !isOptional(shape[key]!)) : [];
      return fc.record(Object.fromEntries(entries), { requiredKeys }).map((value) => (mode === 'well-formed' ? withRepeatedPassword(value) : value));
    }
    case 'array':
      return fc.array(walk((def as z.core.$ZodArrayDef).element, options, mode), { maxLength: 4 });
    case 'record':
      return fc.dictionary(mode === 'well-formed' ? letters(1, 10) : hostileString, walk((def as z.core.$ZodRecordDef).valueType, options, mode), {
        maxKeys: 3,
      });
    case 'union':
      return fc.oneof(...(def as z.core.$ZodUnionDef).options.map((option) => walk(option, options, mode)));
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch': {
      const inner = walk((def as z.core.$ZodOptionalDef).innerType, options, mode);
      return def.type === 'nullable' ? fc.option(inner, { nil: null }) : inner;
    }
    case 'pipe': {
      // trim().pipe(z.email()) is generated as an email; string().transform(…) as its input.
      const { in: input, out } = def as z.core.$ZodPipeDef;
      return walk((out as z.core.$ZodTypes)._zod.def.type === 'transform' ? input : out, options, mode);
    }
    case 'lazy':
      return walk((def as z.core.$ZodLazyDef).getter(), options, mode);
    default:
      // custom, unknown, transform…: left out when well-formed; anything JSON can carry when hostile.
      return mode === 'well-formed' ? fc.constant(undefined) : fc.oneof(hostileString, fc.integer(), fc.boolean(), fc.constant(null));
  }
}

/** The paths of every string inside a JSON-like value. */
function stringPaths(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (typeof value === 'string') return [path];
  if (Array.isArray(value)) return value.flatMap((item, index) => stringPaths(item, [...path, index]));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, item]) => stringPaths(item, [...path, key]));
  return [];
}

function replaceAt(value: unknown, path: (string | number)[], replacement: string): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  if (Array.isArray(value)) return value.map((item, index) => (index === head ? replaceAt(item, rest, replacement) : item));
  const record = value as Record<string, unknown>;
  return { ...record, [head!]: replaceAt(record[head!], rest, replacement) };
}

/**
 * Values for a zod schema. Two kinds, half each: a well-formed value with exactly one string made
 * hostile, which passes every other check and so carries that string as deep as the schema lets it
 * (the NUL that reached PostgreSQL); and a value whose every string leaf may be hostile.
 */
export function arbitraryFor(schema: z.core.$ZodType, options: ArbitraryOptions): fc.Arbitrary<unknown> {
  const oneHostileLeaf = fc.tuple(walk(schema, options, 'well-formed'), fc.nat(), hostileString).map(([value, pick, bad]) => {
    const paths = stringPaths(value);
    return paths.length === 0 ? value : replaceAt(value, paths[pick % paths.length]!, bad);
  });
  return fc.oneof(oneHostileLeaf, walk(schema, options, 'hostile'));
}

/** A well-formed value for a zod schema (no hostile strings): for checking the generator itself. */
export const wellFormedFor = (schema: z.core.$ZodType, options: ArbitraryOptions) => walk(schema, options, 'well-formed');

/**
 * Percent-encodes a string for a URL as a client could: UTF-8, except that a lone surrogate becomes
 * the three bytes it would have in WTF-8 (encodeURIComponent throws on it; a hostile client does not).
 */
export function encodeUrlComponent(value: string): string {
  let encoded = '';
  for (const char of value) {
    const code = char.codePointAt(0)!;
    if (code >= 0xd800 && code <= 0xdfff) {
      encoded += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)].map((byte) => `%${byte.toString(16).toUpperCase()}`).join('');
    } else {
      encoded += encodeURIComponent(char);
    }
  }
  return encoded;
}
