/** The confidence calibration: how sure the engine is that the chosen intent is right. */
import { ESCALATION_THRESHOLD, type ClassificationSignals } from './contract';

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
