/** Language identification: script, then a character n-gram model of each corpus. */
import type { CorpusFile } from './contract';
import { dominantScript, scriptFits } from './text';

type NgramModel = { counts: Map<string, number>; total: number; words: Set<string> };

function languageGrams(text: string): string[] {
  const clean = ` ${text
    .normalize('NFC')
    .toLowerCase()
    .replace(/[\p{P}\p{S}\d]+/gu, ' ')
    .replace(/\s+/gu, ' ')
    .trim()} `;
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

export class LanguageIdentifier {
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
        for (const word of phrase
          .normalize('NFC')
          .toLowerCase()
          .split(/[\s\p{P}]+/u))
          if (word) model.words.add(word);
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
    const tokens = text
      .normalize('NFC')
      .toLowerCase()
      .split(/[\s\p{P}]+/u)
      .filter(Boolean);
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
