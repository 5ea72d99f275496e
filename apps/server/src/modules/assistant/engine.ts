/**
 * The support assistant's language understanding: which language a message is in, which intent it
 * expresses and how sure the engine is (below ESCALATION_THRESHOLD the chat escalates to a person).
 *
 * OfflineEngine is the default implementation. It is trained at server start from the corpus kept in
 * ./corpus (one JSON file per language, inlined in the bundle by esbuild), with no network and no
 * downloaded weights. See docs/assistant.md for the intents, the languages and the calibration.
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
import ar from './corpus/ar.json';
import de from './corpus/de.json';
import en from './corpus/en.json';
import es from './corpus/es.json';
import fr from './corpus/fr.json';
import hi from './corpus/hi.json';
import it from './corpus/it.json';
import ja from './corpus/ja.json';
import ko from './corpus/ko.json';
import my from './corpus/my.json';
import pt from './corpus/pt.json';
import ru from './corpus/ru.json';
import sw from './corpus/sw.json';
import th from './corpus/th.json';
import tr from './corpus/tr.json';
import vi from './corpus/vi.json';
import zh from './corpus/zh.json';

// ---------------------------------------------------------------------------------------------------
// Public contract
// ---------------------------------------------------------------------------------------------------

/** Below this confidence (or when the user asks for a person) the assistant escalates to a human. */
export const ESCALATION_THRESHOLD = 0.7;
/** The out-of-domain class: trained on off-topic phrases, never answered, always escalated. */
export const NONE_INTENT = 'None';

/** Intents every language of the corpus covers. */
export const CORE_INTENTS = [
  'ride.where_is_driver',
  'ride.eta',
  'fare.explain',
  'payment.status',
  'payment.escrow',
  'ride.cancel',
  'lost_item',
  'safety.concern',
  'support.human',
  'dispute.open',
  'greeting',
] as const;

/** Intents the complete languages (COMPLETE_LANGUAGES) cover on top of the core ones. */
export const EXTENDED_INTENTS = [
  'thanks',
  'booking.how_to',
  'payment.methods',
  'ride.tip_rating',
  'driver.apply',
  'driver.go_online',
  'driver.earnings',
  'driver.tier_goals',
  'licensee.territory',
  'licensee.approve_driver',
  'account.language',
] as const;

export const INTENTS = [...CORE_INTENTS, ...EXTENDED_INTENTS] as const;
export type Intent = (typeof INTENTS)[number];

/** Languages whose corpus covers every intent; the others cover CORE_INTENTS (and a few more). */
export const COMPLETE_LANGUAGES = ['en', 'es', 'fr', 'zh'] as const;

export type AssistantEntity =
  | { type: 'money'; text: string; cents: number }
  | { type: 'duration'; text: string; minutes: number }
  | { type: 'time'; text: string; value: string }
  | { type: 'ride_id'; text: string; value: string };

/** The inputs of the confidence calibration, for logs, the benchmark and tuning. */
export type ClassificationSignals = {
  /** The classifier's probability of the chosen intent (None included among the classes). */
  classifier: number;
  /** The decision score (half classifier, half similarity) of the chosen intent minus the runner-up's. */
  margin: number;
  /** Cosine similarity (TF-IDF) to the nearest training phrase of the chosen intent. */
  similarity: number;
  /** IDF-weighted share of the message's words (or characters) known to the in-domain corpus. */
  coverage: number;
  /** The classifier's score of the out-of-domain class. */
  none: number;
  /** 1 for the languages read as characters (zh, ja, ko, th, my), whose coverage reads differently. */
  characters: number;
  runnerUp: string;
};

export type Classification = {
  /** One of INTENTS, or NONE_INTENT for an out-of-domain message. */
  intent: string;
  /** 0..1; below ESCALATION_THRESHOLD the reply escalates. */
  confidence: number;
  /** The language the message was understood in (one of the corpus languages). */
  language: string;
  entities?: AssistantEntity[];
  signals?: ClassificationSignals;
};

export interface AssistantEngine {
  /** Best guess of the message's language among the supported ones (an ISO 639-1 code). */
  detectLanguage(text: string): string;
  /**
   * Classifies a message. `language` is a hint (usually the UI language): when the message is
   * clearly in another language, the detected one is used instead and returned.
   */
  classify(text: string, language?: string): Promise<Classification>;
}

export type CorpusFile = { language: string; intents: Record<string, string[]> };

/** The training corpus, one file per language, keyed by language code. */
export const trainingCorpus: Record<string, CorpusFile> = Object.fromEntries(
  [en, es, fr, zh, hi, ar, pt, ru, ja, de, ko, it, tr, vi, th, sw, my].map((file) => {
    const corpus = file as CorpusFile;
    return [corpus.language, corpus];
  }),
);

// ---------------------------------------------------------------------------------------------------
// Text processing
// ---------------------------------------------------------------------------------------------------

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
const CHARACTER_LANGUAGES = new Set(['zh', 'ja', 'th', 'my', 'ko']);

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
function dominantScript(text: string): Script | undefined {
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
function scriptFits(language: string, script: Script | undefined): boolean {
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

function tokenize(text: string, language: string): Token[] {
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
function letters(text: string): string {
  return fold(normalizeText(text)).replace(/[\s\p{P}\p{S}]+/gu, '');
}

type Features = Map<string, number>;

function addFeature(features: Features, key: string, value: number) {
  features.set(key, Math.max(features.get(key) ?? 0, value));
}

/**
 * Bag of features of a message: stems and the character trigrams of each word (robust to
 * typos and inflections); for no-space scripts, character unigrams and bigrams.
 */
function extractFeatures(text: string, language: string): Features {
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

// ---------------------------------------------------------------------------------------------------
// Entities
// ---------------------------------------------------------------------------------------------------

export function extractEntities(text: string): AssistantEntity[] {
  const entities: AssistantEntity[] = [];
  const money = /(?:[$€£]\s?(\d+(?:[.,]\d{1,2})?))|(\d+(?:[.,]\d{1,2})?)\s?(?:dollars?|usd|bucks|euros?|€|\$)/giu;
  for (const match of text.matchAll(money)) {
    const amount = Number((match[1] ?? match[2] ?? '0').replace(',', '.'));
    if (Number.isFinite(amount)) entities.push({ type: 'money', text: match[0].trim(), cents: Math.round(amount * 100) });
  }
  const duration = /(\d+)\s?(?:min(?:ute)?s?|mins?|minutos?|minutes?|分钟|分|hours?|hrs?|horas?|heures?|小时)/giu;
  for (const match of text.matchAll(duration)) {
    const value = Number(match[1]);
    const hours = /h|小时/iu.test(match[0].replace(/^\d+\s?/u, '').charAt(0)) || /小时/u.test(match[0]);
    entities.push({ type: 'duration', text: match[0].trim(), minutes: hours ? value * 60 : value });
  }
  const time = /\b(\d{1,2})(?::(\d{2}))?\s?(am|pm)\b|\b(\d{1,2}):(\d{2})\b/giu;
  for (const match of text.matchAll(time)) {
    let hour = Number(match[1] ?? match[4]);
    const minute = match[2] ?? match[5] ?? '00';
    const half = match[3]?.toLowerCase();
    if (half === 'pm' && hour < 12) hour += 12;
    if (half === 'am' && hour === 12) hour = 0;
    if (hour < 24) entities.push({ type: 'time', text: match[0].trim(), value: `${String(hour).padStart(2, '0')}:${minute}` });
  }
  const rideId = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/giu;
  for (const match of text.matchAll(rideId)) entities.push({ type: 'ride_id', text: match[0], value: match[0].toLowerCase() });
  return entities;
}

// ---------------------------------------------------------------------------------------------------
// Language identification: script, then a character n-gram model of each corpus
// ---------------------------------------------------------------------------------------------------

type NgramModel = { counts: Map<string, number>; total: number; words: Set<string> };

function languageGrams(text: string): string[] {
  const clean = ` ${text.normalize('NFC').toLowerCase().replace(/[\p{P}\p{S}\d]+/gu, ' ').replace(/\s+/gu, ' ').trim()} `;
  const chars = [...clean];
  const grams: string[] = [];
  for (let n = 1; n <= 3; n += 1) {
    for (let i = 0; i + n <= chars.length; i += 1) {
      const gram = chars.slice(i, i + n).join('');
      if (gram !== ' ') grams.push(gram);
    }
  }
  return grams;
}

/** Letters that only one of the Latin-script languages uses (Vietnamese tones and vowels, Turkish ı ğ ş). */
const DISTINCTIVE_LETTERS: Record<string, RegExp> = {
  vi: /[ơưăđ\u1ea0-\u1ef9]/iu,
  tr: /[ığş]/iu,
};

class LanguageIdentifier {
  private readonly models = new Map<string, NgramModel>();
  private vocabularySize = 1;

  constructor(corpora: CorpusFile[]) {
    const vocabulary = new Set<string>();
    for (const corpus of corpora) {
      const model: NgramModel = { counts: new Map(), total: 0, words: new Set() };
      for (const phrase of Object.values(corpus.intents).flat()) {
        for (const gram of languageGrams(phrase)) {
          model.counts.set(gram, (model.counts.get(gram) ?? 0) + 1);
          model.total += 1;
          vocabulary.add(gram);
        }
        for (const word of phrase.normalize('NFC').toLowerCase().split(/[\s\p{P}]+/u)) if (word) model.words.add(word);
      }
      this.models.set(corpus.language, model);
    }
    this.vocabularySize = vocabulary.size;
  }

  get languages(): string[] {
    return [...this.models.keys()];
  }

  /** Scores of the candidate languages, best first (log-likelihood per n-gram + known-word share). */
  rank(text: string): { language: string; score: number }[] {
    const script = dominantScript(text);
    const candidates = this.languages.filter((language) => scriptFits(language, script));
    if (candidates.length <= 1) return candidates.map((language) => ({ language, score: 0 }));
    const grams = languageGrams(text);
    const tokens = text.normalize('NFC').toLowerCase().split(/[\s\p{P}]+/u).filter(Boolean);
    const ranked = candidates.map((language) => {
      const model = this.models.get(language)!;
      let logLikelihood = 0;
      for (const gram of grams) {
        logLikelihood += Math.log(((model.counts.get(gram) ?? 0) + 0.1) / (model.total + 0.1 * this.vocabularySize));
      }
      const known = tokens.length ? tokens.filter((token) => model.words.has(token)).length / tokens.length : 0;
      const letters = DISTINCTIVE_LETTERS[language];
      const distinctive = letters && letters.test(text) ? 1 : 0;
      return { language, score: (grams.length ? logLikelihood / grams.length : 0) + 1.5 * known + distinctive };
    });
    return ranked.sort((a, b) => b.score - a.score);
  }

  detect(text: string, fallback = 'en'): string {
    const script = dominantScript(text);
    if (!script) return fallback;
    const ranked = this.rank(text);
    return ranked[0]?.language ?? fallback;
  }
}

// ---------------------------------------------------------------------------------------------------
// Softmax regression (multinomial logistic regression) on sparse features
// ---------------------------------------------------------------------------------------------------

/** Deterministic PRNG (mulberry32) so that training, and so every score, is reproducible. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

class SoftmaxClassifier {
  private readonly featureIndex = new Map<string, number>();
  private weights = new Float64Array(0);
  private bias = new Float64Array(0);

  constructor(
    readonly classes: string[],
    private readonly options = { epochs: 20, learningRate: 0.5, l2: 1e-4 },
  ) {}

  private encode(features: Record<string, number>, grow: boolean): [Int32Array, Float64Array] {
    const indices: number[] = [];
    const values: number[] = [];
    for (const [key, value] of Object.entries(features)) {
      let index = this.featureIndex.get(key);
      if (index === undefined && grow) {
        index = this.featureIndex.size;
        this.featureIndex.set(key, index);
      }
      if (index !== undefined) {
        indices.push(index);
        values.push(value);
      }
    }
    return [Int32Array.from(indices), Float64Array.from(values)];
  }

  private probabilities(indices: Int32Array, values: Float64Array, out: Float64Array) {
    const classes = this.classes.length;
    const weights = this.weights;
    const dimensions = this.featureIndex.size;
    let max = -Infinity;
    for (let c = 0; c < classes; c += 1) {
      let sum = this.bias[c]!;
      const offset = c * dimensions;
      for (let k = 0; k < indices.length; k += 1) sum += weights[offset + indices[k]!]! * values[k]!;
      out[c] = sum;
      if (sum > max) max = sum;
    }
    let total = 0;
    for (let c = 0; c < classes; c += 1) {
      out[c] = Math.exp(out[c]! - max);
      total += out[c]!;
    }
    for (let c = 0; c < classes; c += 1) out[c] = out[c]! / total;
  }

  train(samples: { features: Record<string, number>; label: string }[]) {
    const encoded = samples.map((sample) => ({ x: this.encode(sample.features, true), y: this.classes.indexOf(sample.label) }));
    const dimensions = this.featureIndex.size;
    const classes = this.classes.length;
    const weights = new Float64Array(dimensions * classes);
    const bias = new Float64Array(classes);
    this.weights = weights;
    this.bias = bias;
    const { epochs, learningRate, l2 } = this.options;
    const random = seededRandom(17);
    const order = Int32Array.from(encoded.keys());
    const probabilities = new Float64Array(classes);
    for (let epoch = 0; epoch < epochs; epoch += 1) {
      for (let i = order.length - 1; i > 0; i -= 1) {
        const j = Math.floor(random() * (i + 1));
        const swap = order[i]!;
        order[i] = order[j]!;
        order[j] = swap;
      }
      const rate = learningRate / (1 + epoch * 0.1);
      for (let n = 0; n < order.length; n += 1) {
        const { x, y } = encoded[order[n]!]!;
        const indices = x[0];
        const values = x[1];
        this.probabilities(indices, values, probabilities);
        for (let c = 0; c < classes; c += 1) {
          const step = rate * (probabilities[c]! - (c === y ? 1 : 0));
          if (Math.abs(step) < 1e-7) continue;
          bias[c] = bias[c]! - step;
          const offset = c * dimensions;
          for (let k = 0; k < indices.length; k += 1) {
            const w = offset + indices[k]!;
            weights[w] = weights[w]! - step * values[k]!;
          }
        }
      }
      // Weight decay once per epoch (L2), cheaper than at every update.
      const decay = 1 - rate * l2 * order.length;
      for (let w = 0; w < weights.length; w += 1) weights[w] = weights[w]! * decay;
    }
  }

  run(features: Record<string, number>): Record<string, number> {
    const [indices, values] = this.encode(features, false);
    const probabilities = new Float64Array(this.classes.length);
    this.probabilities(indices, values, probabilities);
    return Object.fromEntries(this.classes.map((name, c) => [name, probabilities[c]!]));
  }
}

// ---------------------------------------------------------------------------------------------------
// One language's model: softmax classifier + TF-IDF nearest neighbour + vocabulary coverage
// ---------------------------------------------------------------------------------------------------

type SparseVector = Map<string, number>;

function levenshteinAtMost(a: string, b: string, max: number): boolean {
  if (Math.abs(a.length - b.length) > max) return false;
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      current.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > max) return false;
    previous = current;
  }
  return previous[b.length]! <= max;
}

class LanguageModel {
  readonly intents: string[];
  private readonly classifier: SoftmaxClassifier;
  private readonly idf = new Map<string, number>();
  private readonly maxIdf: number;
  private readonly examples: { intent: string; vector: SparseVector }[] = [];
  /** In-domain vocabulary (words and stems) or, for no-space scripts, character bigrams. */
  private readonly unitIdf = new Map<string, number>();
  private readonly unitMaxIdf: number;
  private readonly vocabularyByLength = new Map<number, string[]>();

  constructor(
    readonly language: string,
    corpus: CorpusFile,
  ) {
    this.intents = Object.keys(corpus.intents).filter((intent) => intent !== NONE_INTENT);
    const samples: { intent: string; features: Features; units: Set<string> }[] = [];
    for (const [intent, phrases] of Object.entries(corpus.intents)) {
      for (const phrase of phrases) samples.push({ intent, features: extractFeatures(phrase, language), units: this.units(phrase) });
    }

    // Classifier: softmax regression over every feature, None included as a class.
    this.classifier = new SoftmaxClassifier(Object.keys(corpus.intents));
    this.classifier.train(samples.map(({ intent, features }) => ({ features: Object.fromEntries(features), label: intent })));

    // TF-IDF index of the training phrases for the nearest-neighbour similarity.
    const documentFrequency = new Map<string, number>();
    for (const { features } of samples) for (const key of features.keys()) documentFrequency.set(key, (documentFrequency.get(key) ?? 0) + 1);
    for (const [key, count] of documentFrequency) this.idf.set(key, Math.log((samples.length + 1) / (count + 1)) + 1);
    this.maxIdf = Math.log(samples.length + 1) + 1;
    for (const { intent, features } of samples) this.examples.push({ intent, vector: this.vectorize(features) });

    // Coverage: IDF of the in-domain units (None phrases do not count as known vocabulary).
    const inDomain = samples.filter((sample) => sample.intent !== NONE_INTENT);
    const unitFrequency = new Map<string, number>();
    for (const { units } of inDomain) for (const unit of units) unitFrequency.set(unit, (unitFrequency.get(unit) ?? 0) + 1);
    for (const [unit, count] of unitFrequency) {
      this.unitIdf.set(unit, Math.log((inDomain.length + 1) / (count + 1)) + 1);
      if (!CHARACTER_LANGUAGES.has(language) && unit.length >= 4) {
        const bucket = this.vocabularyByLength.get(unit.length) ?? [];
        bucket.push(unit);
        this.vocabularyByLength.set(unit.length, bucket);
      }
    }
    this.unitMaxIdf = Math.log(inDomain.length + 1) + 1;
  }

  /** Coverage units: words and their stems, or character bigrams (and single characters) for no-space scripts. */
  private units(text: string): Set<string> {
    if (CHARACTER_LANGUAGES.has(this.language)) {
      const chars = [...letters(text)];
      const units = new Set<string>();
      if (chars.length === 1) units.add(chars[0]!);
      for (let i = 0; i + 1 < chars.length; i += 1) units.add(chars[i]! + chars[i + 1]!);
      return units;
    }
    const units = new Set<string>();
    for (const { word, stem } of tokenize(text, this.language)) {
      units.add(word);
      units.add(`~${stem}`);
    }
    return units;
  }

  private vectorize(features: Features): SparseVector {
    const vector: SparseVector = new Map();
    let norm = 0;
    for (const [key, value] of features) {
      const weight = value * (this.idf.get(key) ?? this.maxIdf);
      vector.set(key, weight);
      norm += weight * weight;
    }
    norm = Math.sqrt(norm) || 1;
    for (const [key, weight] of vector) vector.set(key, weight / norm);
    return vector;
  }

  private static cosine(a: SparseVector, b: SparseVector): number {
    let dot = 0;
    const [small, large] = a.size < b.size ? [a, b] : [b, a];
    for (const [key, value] of small) dot += value * (large.get(key) ?? 0);
    return dot;
  }

  /** IDF-weighted share of the message's units known to the in-domain corpus (typos tolerated). */
  coverage(text: string): number {
    if (CHARACTER_LANGUAGES.has(this.language)) {
      const units = this.units(text);
      if (units.size === 0) return 0;
      let known = 0;
      let total = 0;
      for (const unit of units) {
        const idf = this.unitIdf.get(unit);
        total += idf ?? this.unitMaxIdf;
        if (idf !== undefined) known += idf;
      }
      return known / total;
    }
    const tokens = tokenize(text, this.language);
    if (tokens.length === 0) return 0;
    let known = 0;
    let total = 0;
    for (const { word, stem } of tokens) {
      const idf = this.unitIdf.get(word) ?? this.unitIdf.get(`~${stem}`) ?? this.fuzzyIdf(word);
      total += idf ?? this.unitMaxIdf;
      if (idf !== undefined) known += idf;
    }
    return known / total;
  }

  private fuzzyIdf(word: string): number | undefined {
    if (word.length < 4) return undefined;
    const max = word.length >= 7 ? 2 : 1;
    for (let length = word.length - max; length <= word.length + max; length += 1) {
      for (const candidate of this.vocabularyByLength.get(length) ?? []) {
        if (levenshteinAtMost(word, candidate, max)) return this.unitIdf.get(candidate);
      }
    }
    return undefined;
  }

  /** Normalised classifier scores (nlp.js style: squares over their sum), best first. */
  scores(features: Features): { intent: string; score: number }[] {
    return Object.entries(this.classifier.run(Object.fromEntries(features)))
      .map(([intent, score]) => ({ intent, score }))
      .sort((a, b) => b.score - a.score);
  }

  nearest(features: Features): Map<string, number> {
    const vector = this.vectorize(features);
    const best = new Map<string, number>();
    for (const example of this.examples) {
      const similarity = LanguageModel.cosine(vector, example.vector);
      if (similarity > (best.get(example.intent) ?? 0)) best.set(example.intent, similarity);
    }
    return best;
  }

  classify(text: string): Omit<Classification, 'language' | 'entities'> {
    const features = extractFeatures(text, this.language);
    const probabilities = this.scores(features);
    const similarities = this.nearest(features);
    const coverage = this.coverage(text);
    // The decision: the classifier's probability and the nearest-phrase similarity, half and half
    // (better than either alone on cross-validation of the corpus).
    const ranked = probabilities
      .map((entry) => ({ intent: entry.intent, score: 0.5 * entry.score + 0.5 * (similarities.get(entry.intent) ?? 0) }))
      .sort((a, b) => b.score - a.score);
    const top = ranked[0] ?? { intent: NONE_INTENT, score: 0 };
    const second = ranked[1] ?? { intent: NONE_INTENT, score: 0 };
    const bestInDomain = ranked.find((entry) => entry.intent !== NONE_INTENT) ?? top;
    const chosen = top.intent === NONE_INTENT ? bestInDomain : top;
    const runnerUp = ranked.find((entry) => entry.intent !== chosen.intent) ?? second;
    const probability = (intent: string) => probabilities.find((entry) => entry.intent === intent)?.score ?? 0;
    const signals: ClassificationSignals = {
      classifier: probability(chosen.intent),
      margin: chosen.score - runnerUp.score,
      similarity: similarities.get(chosen.intent) ?? 0,
      coverage,
      none: probability(NONE_INTENT),
      characters: CHARACTER_LANGUAGES.has(this.language) ? 1 : 0,
      runnerUp: runnerUp.intent,
    };
    const confidence = calibrate(signals, top.intent === NONE_INTENT);
    return { intent: top.intent === NONE_INTENT ? NONE_INTENT : chosen.intent, confidence, signals };
  }
}

/**
 * The calibration: a logistic model of "the chosen intent is right" over the signals, fitted by
 * `npx tsx bench/assistant-eval.ts --calibrate` on 5-fold cross-validation of the training corpus
 * (never on the evaluation set), out-of-domain phrases counting as wrong. See docs/assistant.md.
 */
export const CALIBRATION = {
  bias: -2.05,
  classifier: 0.52,
  margin: 4.74,
  similarity: 1.99,
  coverage: 0.54,
  none: -2.09,
  characters: 0.28,
  charactersSimilarity: 1.3,
  charactersCoverage: -0.97,
} as const;

export type CalibrationWeights = { [K in keyof typeof CALIBRATION]: number };

/** The calibration's inputs, in the order of CALIBRATION's weights (bias first). */
export function calibrationFeatures(signals: ClassificationSignals): number[] {
  return [
    1,
    signals.classifier,
    signals.margin,
    signals.similarity,
    signals.coverage,
    signals.none,
    signals.characters,
    signals.characters * signals.similarity,
    signals.characters * signals.coverage,
  ];
}

/**
 * Calibrated confidence (0..1, three decimals): the logistic model above. When the out-of-domain class
 * wins, the answer is None and the confidence is capped below the escalation threshold.
 */
export function calibrate(signals: ClassificationSignals, noneWon: boolean, weights: CalibrationWeights = CALIBRATION): number {
  const values = Object.values(weights);
  const features = calibrationFeatures(signals);
  let z = 0;
  for (let i = 0; i < features.length; i += 1) z += features[i]! * (values[i] ?? 0);
  let confidence = 1 / (1 + Math.exp(-z));
  if (noneWon) confidence = Math.min(confidence, ESCALATION_THRESHOLD - 0.2);
  return Math.round(confidence * 1000) / 1000;
}

// ---------------------------------------------------------------------------------------------------
// The engine
// ---------------------------------------------------------------------------------------------------

export type TrainingReport = {
  /** Wall time of the whole training. */
  totalMs: number;
  /** CPU time of the process during the training (all threads: JIT and GC included). */
  cpuMs: number;
  perLanguageMs: Record<string, number>;
};

type Trained = { models: Map<string, LanguageModel>; identifier: LanguageIdentifier; training: TrainingReport };

/** Trains every corpus, one language per step (OfflineEngine.train yields to the event loop between steps). */
function* trainSteps(corpora: CorpusFile[]): Generator<void, Trained> {
  const started = performance.now();
  const cpu = process.cpuUsage();
  const perLanguageMs: Record<string, number> = {};
  const models = new Map<string, LanguageModel>();
  const identifier = new LanguageIdentifier(corpora);
  for (const corpus of corpora) {
    yield;
    const languageStarted = performance.now();
    models.set(corpus.language, new LanguageModel(corpus.language, corpus));
    perLanguageMs[corpus.language] = Math.round(performance.now() - languageStarted);
  }
  const used = process.cpuUsage(cpu);
  const training = { totalMs: Math.round(performance.now() - started), cpuMs: Math.round((used.user + used.system) / 1000), perLanguageMs };
  return { models, identifier, training };
}

export class OfflineEngine implements AssistantEngine {
  private readonly models: Map<string, LanguageModel>;
  private readonly identifier: LanguageIdentifier;
  readonly training: TrainingReport;

  /** Trains on the given corpora (by default the repository's), synchronously. */
  constructor(corpora: CorpusFile[] = Object.values(trainingCorpus), trained?: Trained) {
    let result = trained;
    if (!result) {
      const steps = trainSteps(corpora);
      let step = steps.next();
      while (!step.done) step = steps.next();
      result = step.value;
    }
    this.models = result.models;
    this.identifier = result.identifier;
    this.training = result.training;
  }

  /**
   * Trains the default engine (or the given corpora) at server start, yielding to the event loop between
   * two languages so that a process already serving requests is never blocked for more than one
   * language's training (a few hundred milliseconds at most).
   */
  static async train(corpora: CorpusFile[] = Object.values(trainingCorpus)): Promise<OfflineEngine> {
    const steps = trainSteps(corpora);
    let step = steps.next();
    while (!step.done) {
      await new Promise((resolve) => setImmediate(resolve));
      step = steps.next();
    }
    return new OfflineEngine(corpora, step.value);
  }

  get languages(): string[] {
    return [...this.models.keys()];
  }

  detectLanguage(text: string): string {
    return this.identifier.detect(text);
  }

  async classify(text: string, language?: string): Promise<Classification> {
    const entities = extractEntities(text);
    const detected = this.detectLanguage(text);
    const script = dominantScript(text);
    // The hint holds unless the script rules it out (a Japanese user may type kanji only).
    const hintFits = scriptFits(language ?? '', script) || (language === 'ja' && script === 'han');
    const hint = language && this.models.has(language) && hintFits ? language : undefined;
    const candidates = [...new Set([hint ?? detected, detected])];
    let best: Classification | undefined;
    for (const candidate of candidates) {
      const model = this.models.get(candidate);
      if (!model) continue;
      const result: Classification = { ...model.classify(text), language: candidate };
      if (!best || result.confidence > best.confidence + 0.05) best = result;
    }
    const result = best ?? { intent: NONE_INTENT, confidence: 0, language: hint ?? detected };
    return entities.length ? { ...result, entities } : result;
  }
}
