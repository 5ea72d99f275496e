/**
 * Text processing: scripts, normalisation, word segmentation, stemming (nlp.js stemmers) and the bag of
 * features the classifiers read.
 */
import langAr from '@nlpjs/lang-ar';
import langDe from '@nlpjs/lang-de';
import langEn from '@nlpjs/lang-en';
import langEs from '@nlpjs/lang-es';
import langFr from '@nlpjs/lang-fr';
import langHi from '@nlpjs/lang-hi';
import langIt from '@nlpjs/lang-it';
import langPt from '@nlpjs/lang-pt';
import langRu from '@nlpjs/lang-ru';
import langTr from '@nlpjs/lang-tr';

type Script = 'latin' | 'cyrillic' | 'arabic' | 'devanagari' | 'han' | 'kana' | 'hangul' | 'thai' | 'myanmar';

const SCRIPT_PATTERNS: [Script, RegExp][] = [
  ['kana', /[\u3040-\u30ff\u31f0-\u31ff\uff66-\uff9f]/gu],
  ['hangul', /[\u1100-\u11ff\u3130-\u318f\uac00-\ud7af]/gu],
  ['han', /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]/gu],
  ['thai', /[\u0e00-\u0e7f]/gu],
  ['myanmar', /[\u1000-\u109f\uaa60-\uaa7f\ua9e0-\ua9ff]/gu],
  ['devanagari', /[\u0900-\u097f]/gu],
  ['arabic', /[\u0600-\u06ff\u0750-\u077f\ufb50-\ufdff\ufe70-\ufeff]/gu],
  ['cyrillic', /[\u0400-\u04ff]/gu],
  ['latin', /[a-zA-Z\u00c0-\u024f\u1e00-\u1eff]/gu],
];

/** The script of a language's corpus. Latin languages are told apart by the n-gram model. */
const LANGUAGE_SCRIPT: Record<string, Script> = {
  zh: 'han',
  ja: 'kana',
  ko: 'hangul',
  th: 'thai',
  my: 'myanmar',
  hi: 'devanagari',
  ar: 'arabic',
  ru: 'cyrillic',
};

/** Languages written without spaces between words: features come from characters, not words. */
export const CHARACTER_LANGUAGES = new Set(['zh', 'ja', 'th', 'my', 'ko']);

function scriptCounts(text: string): Map<Script, number> {
  const counts = new Map<Script, number>();
  for (const [script, pattern] of SCRIPT_PATTERNS) {
    const found = text.match(pattern);
    if (found) counts.set(script, found.length);
  }
  return counts;
}

/**
 * The message's script: any kana makes it Japanese (kanji alone reads as Chinese); otherwise the most
 * frequent non-Latin script, since Latin words ("app", "ok", brand names) mix into any language.
 */
export function dominantScript(text: string): Script | undefined {
  const counts = scriptCounts(text);
  if ((counts.get('kana') ?? 0) > 0) return 'kana';
  let best: Script | undefined;
  let bestCount = 0;
  for (const [script, count] of counts) {
    if (script !== 'latin' && count > bestCount) {
      best = script;
      bestCount = count;
    }
  }
  return best ?? (counts.has('latin') ? 'latin' : undefined);
}

function scriptOfLanguage(language: string): Script {
  return LANGUAGE_SCRIPT[language] ?? 'latin';
}

/** Whether a message in `script` can be in `language` (kanji-only text is taken as Chinese). */
export function scriptFits(language: string, script: Script | undefined): boolean {
  return !script || scriptOfLanguage(language) === script;
}

/** Lower case, compatibility forms folded (full-width letters...), Arabic vowel marks dropped. */
function normalizeText(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u064b-\u065f\u0670\u0640]/gu, '')
    .replace(/[أإآ]/gu, 'ا')
    .replace(/ى/gu, 'ي')
    .replace(/ة/gu, 'ه')
    .replace(/[’‘`]/gu, "'");
}

/** Accents dropped, so that "donde esta" matches "dónde está" (and Vietnamese without tones). */
function fold(word: string): string {
  return word
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/gu, '')
    .normalize('NFC')
    .replace(/ı/gu, 'i')
    .replace(/đ/gu, 'd')
    .replace(/ß/gu, 'ss');
}

const segmenters = new Map<string, Intl.Segmenter>();
function words(text: string, language: string): string[] {
  let segmenter = segmenters.get(language);
  if (!segmenter) {
    segmenter = new Intl.Segmenter(language, { granularity: 'word' });
    segmenters.set(language, segmenter);
  }
  const out: string[] = [];
  for (const segment of segmenter.segment(text)) {
    if (segment.isWordLike) out.push(/^\d+([.,]\d+)?$/u.test(segment.segment) ? '#' : segment.segment);
  }
  return out;
}

type Stemmer = { stemWord(word: string): string };
const STEMMER_EXPORTS: Record<string, [Record<string, new () => Stemmer>, string]> = {
  en: [langEn, 'StemmerEn'],
  es: [langEs, 'StemmerEs'],
  fr: [langFr, 'StemmerFr'],
  pt: [langPt, 'StemmerPt'],
  it: [langIt, 'StemmerIt'],
  de: [langDe, 'StemmerDe'],
  ru: [langRu, 'StemmerRu'],
  tr: [langTr, 'StemmerTr'],
  ar: [langAr, 'StemmerAr'],
  hi: [langHi, 'StemmerHi'],
};
const stemmers = new Map<string, Stemmer | null>();
function stemmerFor(language: string): Stemmer | null {
  if (!stemmers.has(language)) {
    const entry = STEMMER_EXPORTS[language];
    const Ctor = entry ? entry[0][entry[1]] : undefined;
    stemmers.set(language, Ctor ? new Ctor() : null);
  }
  return stemmers.get(language) ?? null;
}

type Token = { word: string; stem: string };

/** English negations and short forms typed with or without the apostrophe ("dont" = "don't" = "do not"). */
const ENGLISH_SHORT_FORMS: [RegExp, string][] = [
  [/\b(can)'?t\b/gu, 'can not'],
  [/\bwon'?t\b/gu, 'will not'],
  [/\b(do|does|did|is|are|was|were|have|has|had|could|would|should)n'?t\b/gu, '$1 not'],
  [/\bi'?m\b/gu, 'i am'],
  [/\b(where|what|how|who|when|it|that)'s\b/gu, '$1 is'],
  [/\bu\b/gu, 'you'],
  [/\br\b/gu, 'are'],
  [/\b(pls|plz)\b/gu, 'please'],
];

export function tokenize(text: string, language: string): Token[] {
  const stemmer = stemmerFor(language);
  let normalized = normalizeText(text);
  if (language === 'en') for (const [pattern, replacement] of ENGLISH_SHORT_FORMS) normalized = normalized.replace(pattern, replacement);
  return words(normalized, language).map((raw) => {
    const word = fold(raw);
    let stem = word;
    if (stemmer && raw !== '#') {
      try {
        stem = fold(stemmer.stemWord(raw)) || word;
      } catch {
        stem = word;
      }
    }
    return { word, stem };
  });
}

/** Letters only, no spaces or punctuation: the character stream of no-space scripts. */
export function letters(text: string): string {
  return fold(normalizeText(text)).replace(/[\s\p{P}\p{S}]+/gu, '');
}

export type Features = Map<string, number>;

function addFeature(features: Features, key: string, value: number) {
  features.set(key, Math.max(features.get(key) ?? 0, value));
}

/**
 * Bag of features of a message: stems and the character trigrams of each word (robust to
 * typos and inflections); for no-space scripts, character unigrams and bigrams.
 */
export function extractFeatures(text: string, language: string): Features {
  const features: Features = new Map();
  const tokens = tokenize(text, language);
  for (const { word, stem } of tokens) {
    addFeature(features, `w:${stem}`, 1);
    if (!CHARACTER_LANGUAGES.has(language) && word.length >= 4) {
      const padded = `<${word}>`;
      for (let i = 0; i + 3 <= padded.length; i += 1) addFeature(features, `c:${padded.slice(i, i + 3)}`, 0.5);
    }
  }
  if (CHARACTER_LANGUAGES.has(language)) {
    const chars = [...letters(text)];
    for (let i = 0; i < chars.length; i += 1) {
      addFeature(features, `u:${chars[i]}`, 0.4);
      if (i + 1 < chars.length) addFeature(features, `c:${chars[i]}${chars[i + 1]}`, 0.7);
    }
  }
  return features;
}
