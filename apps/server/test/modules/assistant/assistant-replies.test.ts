import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { languageCodes } from '@coride/domain';
import { describe, expect, it } from 'vitest';
import { COMPLETE_LANGUAGES } from '../../../src/modules/assistant/engine';
import { coreReplyKeys, render, replyKeys, replyLanguage, replyLanguages } from '../../../src/modules/assistant/replies';

// The files themselves, read from disk: a file that exists but is not loaded by replies.ts shows up too.
const repliesDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../../src/modules/assistant/replies');
const files: Record<string, Record<string, unknown>> = Object.fromEntries(
  fs
    .readdirSync(repliesDir)
    .filter((name) => name.endsWith('.json'))
    .map((name) => [name.replace(/\.json$/u, ''), JSON.parse(fs.readFileSync(path.join(repliesDir, name), 'utf8')) as Record<string, unknown>]),
);
const english = files.en as Record<string, string>;

const placeholders = (template: string) => [...new Set([...template.matchAll(/\{(\w+)\}/gu)].map((match) => match[1]!))].sort();

/**
 * The one known difference: the core languages' fare_ride gives a shorter breakdown (base, distance and time
 * fares, fees) without the miles, minutes and subtotal that the English one spells out.
 */
const shorterInCoreLanguages: Partial<Record<string, string[]>> = { fare_ride: ['distance', 'duration', 'subtotal'] };

const isComplete = (language: string) => (COMPLETE_LANGUAGES as readonly string[]).includes(language);

describe('reply templates', () => {
  it('has one file per UI language, and replies.ts loads each of them', () => {
    expect(Object.keys(files).sort()).toEqual([...languageCodes].sort());
    expect([...replyLanguages].sort()).toEqual([...languageCodes].sort());
  });

  it('English has exactly the reply keys, in a non-empty string each', () => {
    expect(Object.keys(english)).toEqual([...replyKeys]);
    for (const key of replyKeys) expect(english[key], key).toMatch(/\S/u);
  });

  it('the complete languages have every key; the others at least the core keys; none has a key English lacks', () => {
    for (const [language, templates] of Object.entries(files)) {
      const keys = Object.keys(templates);
      for (const key of isComplete(language) ? replyKeys : coreReplyKeys) expect(keys, `${language} ${key}`).toContain(key);
      for (const key of keys) expect(replyKeys as readonly string[], `${language} ${key}`).toContain(key);
      for (const [key, template] of Object.entries(templates)) {
        expect(typeof template, `${language} ${key}`).toBe('string');
        expect(template as string, `${language} ${key}`).toMatch(/\S/u);
      }
    }
  });

  it('each translation has the placeholders of the English template', () => {
    for (const [language, templates] of Object.entries(files)) {
      for (const [key, template] of Object.entries(templates as Record<string, string>)) {
        const omitted = isComplete(language) ? [] : (shorterInCoreLanguages[key] ?? []);
        const expected = placeholders(english[key] ?? '').filter((name) => !omitted.includes(name));
        expect(placeholders(template), `${language} ${key}`).toEqual(expected);
      }
    }
  });

  it('falls back to English for a reply a language does not have', () => {
    expect(files.pt?.earnings).toBeUndefined();
    expect(replyLanguage('earnings', 'pt')).toBe('en');
    expect(render('earnings', 'pt', { today: '$1.00' })).toBe(render('earnings', 'en', { today: '$1.00' }));
    expect(replyLanguage('greeting', 'pt')).toBe('pt');
    expect(render('greeting', 'pt', { name: 'Ana' })).toBe(
      'Olá Ana! Posso ajudar com sua corrida, o preço, pagamentos, cancelamento ou um problema. Do que você precisa?',
    );
    expect(replyLanguage('greeting', 'xx')).toBe('en');
  });
});
