/**
 * The public contract of the support assistant's language understanding: the intents, the languages, the
 * escalation threshold and the engine interface. Re-exported by ../engine.ts, which is what the rest of the
 * server imports.
 */

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
