import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { languageCodes } from '@coride/domain/languages';
import { describe, expect, it } from 'vitest';

/**
 * The translation rules (contract §10: every language, every screen): English has every key the code
 * uses; each of the 17 languages has every key of every English namespace (consoles, dialogs, toasts,
 * the demo and the legal pages included); no language has keys English lacks, and placeholders match.
 */
const srcDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const localesDir = path.join(srcDir, 'locales');
const TRANSLATED_LANGUAGES = languageCodes.filter((code) => code !== 'en');
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

type Tree = { [key: string]: string | Tree | Tree[] | string[] };

function readNamespaces(language: string): Map<string, Tree> {
  const dir = path.join(localesDir, language);
  const result = new Map<string, Tree>();
  if (!fs.existsSync(dir)) return result;
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    result.set(file.replace(/\.json$/, ''), JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as Tree);
  }
  return result;
}

/** Every text of a namespace by its full key (plural forms kept apart), for comparing values. */
function texts(tree: unknown, prefix = '', out: [string, string][] = []): [string, string][] {
  if (typeof tree === 'string') out.push([prefix, tree]);
  else if (Array.isArray(tree)) tree.forEach((item, index) => texts(item, `${prefix}[${index}]`, out));
  else if (tree && typeof tree === 'object') for (const [key, value] of Object.entries(tree)) texts(value, prefix ? `${prefix}.${key}` : key, out);
  return out;
}

/** key path -> the string's placeholders, with plural suffixes folded into their base key. */
function flatten(tree: unknown): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, text] of texts(tree)) {
    const placeholders = [...text.matchAll(/\{\{\s*(\w+)[^}]*\}\}/g)]
      .map((m) => m[1])
      .sort()
      .join(',');
    out.set(key.replace(PLURAL_SUFFIX, ''), placeholders);
  }
  return out;
}

/** A namespace with this many worded texts is judged; at most this share may read as in English (17% at most today). */
const MIN_TEXTS_TO_JUDGE = 8;
const MAX_SHARE_AS_IN_ENGLISH = 0.35;

const english = readNamespaces('en');
const englishKeys = new Map([...english].map(([ns, tree]) => [ns, flatten(tree)]));

function missingKeys(language: string, namespaces: string[]): string[] {
  const translated = readNamespaces(language);
  const missing: string[] = [];
  for (const ns of namespaces) {
    const keys = flatten(translated.get(ns) ?? {});
    for (const key of englishKeys.get(ns)?.keys() ?? []) if (!keys.has(key)) missing.push(`${ns}:${key}`);
  }
  return missing;
}

describe('translations', () => {
  it('has a folder for every one of the 17 languages', () => {
    for (const code of languageCodes) expect(fs.existsSync(path.join(localesDir, code)), `locales/${code}`).toBe(true);
  });

  it.each(TRANSLATED_LANGUAGES)('%s has every key of every English namespace', (language) => {
    expect(missingKeys(language, [...english.keys()])).toEqual([]);
  });

  it.each(TRANSLATED_LANGUAGES)('%s has no key English lacks and keeps every placeholder', (language) => {
    const problems: string[] = [];
    for (const [ns, tree] of readNamespaces(language)) {
      const reference = englishKeys.get(ns);
      if (!reference) {
        problems.push(`${ns}: namespace not in English`);
        continue;
      }
      for (const [key, placeholders] of flatten(tree)) {
        if (!reference.has(key)) problems.push(`${ns}:${key} is not in English`);
        else if (reference.get(key) !== placeholders && placeholders !== '' && !reference.get(key)!.includes(placeholders)) {
          problems.push(`${ns}:${key} placeholders {${placeholders}} differ from English {${reference.get(key)}}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it.each(TRANSLATED_LANGUAGES)('%s has no empty text and no namespace left in English', (language) => {
    const problems: string[] = [];
    for (const [ns, tree] of readNamespaces(language)) {
      const reference = new Map(texts(english.get(ns)));
      let words = 0;
      let copied = 0;
      for (const [key, value] of texts(tree)) {
        if (value.trim() === '') problems.push(`${ns}:${key} is empty`);
        const original = reference.get(key);
        // Texts with words (not a lone symbol, number or placeholder): a few stay the same (brand
        // names, cognates such as "Total"), but a namespace pasted from English is mostly the same.
        if (original === undefined || !/\p{L}{2}/u.test(original)) continue;
        words += 1;
        if (value === original) copied += 1;
      }
      if (words >= MIN_TEXTS_TO_JUDGE && copied / words > MAX_SHARE_AS_IN_ENGLISH) problems.push(`${ns}: ${copied} of ${words} texts are the English ones`);
    }
    expect(problems).toEqual([]);
  });

  it('English has every literal key the code asks for', () => {
    const missing: string[] = [];
    const walk = (dir: string): string[] =>
      fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) return entry.name === 'locales' ? [] : walk(full);
        return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [full] : [];
      });
    for (const file of walk(srcDir)) {
      const source = fs.readFileSync(file, 'utf8');
      const declared = /useTranslation\(\s*(?:\[\s*)?'([\w-]+)'/.exec(source)?.[1] ?? 'common';
      for (const match of source.matchAll(/\bt\(\s*'([\w.:-]+)'/g)) {
        const [ns, key] = match[1]!.includes(':') ? match[1]!.split(':') : [declared, match[1]!];
        const keys = englishKeys.get(ns!);
        // A key may name an object whose children are read with returnObjects.
        const exists = keys && (keys.has(key!) || [...keys.keys()].some((k) => k.startsWith(`${key}.`) || k.startsWith(`${key}[`)));
        if (!exists) missing.push(`${path.relative(srcDir, file)}: ${ns}:${key}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
