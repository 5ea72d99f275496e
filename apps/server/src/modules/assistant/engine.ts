/**
 * The support assistant's language understanding: which language a message is in, which intent it
 * expresses and how sure the engine is (below ESCALATION_THRESHOLD the chat escalates to a person).
 *
 * This file is the public contract the rest of the server imports; the implementation lives in ./nlu, one
 * file per part of the pipeline:
 * - nlu/contract.ts: intents, languages, threshold, the AssistantEngine interface and its result types;
 * - nlu/corpus.ts: the training corpus (./corpus/<lang>.json, inlined in the bundle by esbuild);
 * - nlu/text.ts: scripts, normalisation, segmentation, nlp.js stemmers, classifier features;
 * - nlu/entities.ts: amounts, durations, times and ride ids in a message;
 * - nlu/language-id.ts: language identification (script, then character n-grams);
 * - nlu/softmax.ts: softmax regression on sparse features;
 * - nlu/language-model.ts: one language's model (softmax + TF-IDF nearest phrase + vocabulary coverage);
 * - nlu/calibration.ts: the confidence calibration (a logistic model over the model's signals);
 * - nlu/offline-engine.ts: OfflineEngine, the default engine, trained at server start with no network.
 * See docs/assistant.md and docs/decisions/011-hand-written-offline-assistant-engine.md.
 */
export {
  COMPLETE_LANGUAGES,
  CORE_INTENTS,
  ESCALATION_THRESHOLD,
  EXTENDED_INTENTS,
  INTENTS,
  NONE_INTENT,
  type AssistantEngine,
  type AssistantEntity,
  type Classification,
  type ClassificationSignals,
  type CorpusFile,
  type Intent,
} from './nlu/contract';
export { trainingCorpus } from './nlu/corpus';
export { extractEntities } from './nlu/entities';
export { CALIBRATION, calibrate, calibrationFeatures, type CalibrationWeights } from './nlu/calibration';
export { OfflineEngine, type TrainingReport } from './nlu/offline-engine';
