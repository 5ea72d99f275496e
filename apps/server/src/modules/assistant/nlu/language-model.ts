/** One language's model: softmax classifier + TF-IDF nearest neighbour + vocabulary coverage. */
import { calibrate } from './calibration';
import { NONE_INTENT, type Classification, type ClassificationSignals, type CorpusFile } from './contract';
import { SoftmaxClassifier } from './softmax';
import { CHARACTER_LANGUAGES, extractFeatures, letters, tokenize, type Features } from './text';

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

export class LanguageModel {
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
