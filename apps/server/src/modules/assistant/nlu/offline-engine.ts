/**
 * OfflineEngine, the default AssistantEngine. It is trained at server start from the corpus kept in
 * ../corpus, with no network and no downloaded weights. See docs/assistant.md and
 * docs/decisions/011-hand-written-offline-assistant-engine.md.
 */
import { NONE_INTENT, type AssistantEngine, type Classification, type CorpusFile } from './contract';
import { trainingCorpus } from './corpus';
import { extractEntities } from './entities';
import { LanguageIdentifier } from './language-id';
import { LanguageModel } from './language-model';
import { dominantScript, scriptFits } from './text';

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
