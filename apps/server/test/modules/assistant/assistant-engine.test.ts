import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { languageCodes } from '@coride/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  COMPLETE_LANGUAGES,
  CORE_INTENTS,
  ESCALATION_THRESHOLD,
  INTENTS,
  NONE_INTENT,
  OfflineEngine,
  extractEntities,
  trainingCorpus,
} from '../../../src/modules/assistant/engine';

type EvalFile = { language: string; intents: Record<string, string[]>; outOfDomain?: string[] };
const evalDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../../src/modules/assistant/eval');
const evalSets: EvalFile[] = fs
  .readdirSync(evalDir)
  .filter((name) => name.endsWith('.json'))
  .map((name) => JSON.parse(fs.readFileSync(path.join(evalDir, name), 'utf8')) as EvalFile);

/** What counts as "the same phrase": case, accents, punctuation and spacing ignored. */
const normalize = (phrase: string) =>
  phrase
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[\u0300-\u036f]/gu, '')
    .replace(/[\s\p{P}\p{S}]+/gu, '');

// Training takes a second or two: once for the whole file.
let engine: OfflineEngine;
beforeAll(async () => {
  engine = await OfflineEngine.train();
});

describe('corpus and evaluation set', () => {
  it('has a training corpus and an evaluation set for each of the 17 UI languages', () => {
    expect(Object.keys(trainingCorpus).sort()).toEqual([...languageCodes].sort());
    expect(evalSets.map((set) => set.language).sort()).toEqual([...languageCodes].sort());
  });

  it('covers every intent in the complete languages (15+ phrases) and the core intents everywhere (10+)', () => {
    for (const corpus of Object.values(trainingCorpus)) {
      const complete = (COMPLETE_LANGUAGES as readonly string[]).includes(corpus.language);
      for (const intent of complete ? INTENTS : CORE_INTENTS) {
        expect(corpus.intents[intent]?.length ?? 0, `${corpus.language} ${intent}`).toBeGreaterThanOrEqual(complete ? 15 : 10);
      }
      expect(corpus.intents[NONE_INTENT]?.length ?? 0, `${corpus.language} None`).toBeGreaterThanOrEqual(20);
      for (const intent of Object.keys(corpus.intents)) expect([...INTENTS, NONE_INTENT]).toContain(intent);
    }
  });

  it('evaluates 20 phrases per core intent in en and es, 10 elsewhere, and 30 out-of-domain phrases per complete language', () => {
    for (const set of evalSets) {
      const perIntent = set.language === 'en' || set.language === 'es' ? 20 : 10;
      for (const intent of CORE_INTENTS) expect(set.intents[intent]?.length ?? 0, `${set.language} ${intent}`).toBeGreaterThanOrEqual(perIntent);
      const complete = (COMPLETE_LANGUAGES as readonly string[]).includes(set.language);
      expect(set.outOfDomain?.length ?? 0, `${set.language} out-of-domain`).toBeGreaterThanOrEqual(complete ? 30 : 10);
    }
  });

  it('keeps the evaluation phrases out of the training corpus (case, accents and punctuation ignored)', () => {
    const training = new Set(Object.values(trainingCorpus).flatMap((corpus) => Object.values(corpus.intents).flat().map(normalize)));
    const overlap = evalSets.flatMap((set) =>
      [...Object.values(set.intents).flat(), ...(set.outOfDomain ?? [])].filter((phrase) => training.has(normalize(phrase))),
    );
    expect(overlap).toEqual([]);
  });

  it('has no phrase under two intents of the same language, nor twice in the evaluation set', () => {
    for (const corpus of Object.values(trainingCorpus)) {
      const seen = new Map<string, string>();
      for (const [intent, phrases] of Object.entries(corpus.intents)) {
        for (const phrase of phrases) {
          const key = normalize(phrase);
          const other = seen.get(key);
          expect(other === undefined || other === intent, `${corpus.language} "${phrase}" in ${other} and ${intent}`).toBe(true);
          seen.set(key, intent);
        }
      }
    }
    for (const set of evalSets) {
      const phrases = [...Object.values(set.intents).flat(), ...(set.outOfDomain ?? [])].map(normalize);
      expect(new Set(phrases).size, set.language).toBe(phrases.length);
    }
  });
});

describe('OfflineEngine', () => {
  it('trains every corpus language', () => {
    expect(engine.languages.sort()).toEqual([...languageCodes].sort());
    expect(engine.training.totalMs).toBeGreaterThan(0);
  });

  const cases: [string, string, string][] = [
    ['en', 'yo where is my driver, i cant see him', 'ride.where_is_driver'],
    ['en', 'how many minutes until my driver gets here', 'ride.eta'],
    ['en', 'i left my phone in your car yesterday', 'lost_item'],
    ['en', 'please connect me with a real human', 'support.human'],
    ['en', 'the driver took a huge detour and overcharged me', 'dispute.open'],
    ['es', 'dónde está mi conductor ahora mismo', 'ride.where_is_driver'],
    ['es', 'quiero cancelar el viaje ya', 'ride.cancel'],
    ['es', 'el conductor maneja muy peligroso, tengo miedo', 'safety.concern'],
    ['es', 'por qué me cobran una tarifa de plataforma', 'fare.explain'],
    ['fr', "j'ai oublié mon sac dans la voiture", 'lost_item'],
    ['fr', 'je veux parler à un humain', 'support.human'],
    ['fr', 'bonjour', 'greeting'],
    ['fr', 'pourquoi mon paiement est-il bloqué trois jours', 'payment.escrow'],
    ['zh', '司机在哪里啊', 'ride.where_is_driver'],
    ['zh', '我要取消这个订单', 'ride.cancel'],
    ['zh', '我的手机落在出租车上了', 'lost_item'],
    ['zh', '你好', 'greeting'],
  ];
  it.each(cases)('[%s] "%s" -> %s', async (language, text, intent) => {
    const result = await engine.classify(text, language);
    expect(result.intent).toBe(intent);
    expect(result.language).toBe(language);
    expect(result.confidence).toBeGreaterThanOrEqual(0);
    expect(result.confidence).toBeLessThanOrEqual(1);
  });

  it('is confident (>= 0.7) on plain in-domain requests', async () => {
    for (const [text, language] of [
      ['where is my driver', 'en'],
      ['cancelar mi viaje', 'es'],
      ['je veux parler à un humain', 'fr'],
      ['我的司机在哪里', 'zh'],
    ] as const) {
      expect((await engine.classify(text, language)).confidence, text).toBeGreaterThanOrEqual(ESCALATION_THRESHOLD);
    }
  });

  it('scores out-of-domain questions below 0.7 (escalation)', async () => {
    for (const text of ["what's the capital of France", 'write me a poem', 'stock price of Apple']) {
      const result = await engine.classify(text, 'en');
      expect(result.confidence, text).toBeLessThan(ESCALATION_THRESHOLD);
    }
    for (const language of COMPLETE_LANGUAGES) {
      const phrases = evalSets.find((set) => set.language === language)!.outOfDomain!;
      const results = await Promise.all(phrases.map((phrase) => engine.classify(phrase, language)));
      const escalated = results.filter((result) => result.confidence < ESCALATION_THRESHOLD).length;
      expect(escalated / phrases.length, language).toBeGreaterThanOrEqual(0.8);
    }
  });

  it('answers None below the threshold when the out-of-domain class wins', async () => {
    const result = await engine.classify('tell me a joke about cats', 'en');
    if (result.intent === NONE_INTENT) expect(result.confidence).toBeLessThan(ESCALATION_THRESHOLD);
    expect(result.confidence).toBeLessThan(ESCALATION_THRESHOLD);
  });

  const detection: [string, string][] = [
    ['en', 'where is my driver'],
    ['es', 'dónde está mi conductor'],
    ['fr', 'où est mon chauffeur'],
    ['zh', '我的司机在哪里'],
    ['hi', 'मेरा ड्राइवर कहाँ है'],
    ['ar', 'أين السائق الخاص بي'],
    ['pt', 'cadê o meu motorista'],
    ['ru', 'где мой водитель'],
    ['ja', '運転手はどこにいますか'],
    ['de', 'wo ist mein Fahrer'],
    ['ko', '기사님 어디 계세요?'],
    ['it', "dov'è il mio autista"],
    ['tr', 'şoförüm nerede'],
    ['vi', 'tài xế của tôi ở đâu'],
    ['th', 'คนขับอยู่ที่ไหนครับ'],
    ['sw', 'dereva wangu yuko wapi'],
    ['my', 'ယာဉ်မောင်း ဘယ်မှာလဲ'],
  ];
  it.each(detection)('detects %s in "%s"', (language, text) => {
    expect(engine.detectLanguage(text)).toBe(language);
  });

  it('detects the language of at least 95% of the evaluation phrases', () => {
    let right = 0;
    let total = 0;
    for (const set of evalSets) {
      for (const phrase of Object.values(set.intents).flat()) {
        total += 1;
        if (engine.detectLanguage(phrase) === set.language) right += 1;
      }
    }
    expect(right / total).toBeGreaterThanOrEqual(0.95);
  });

  it('classifies without a language, and overrides a hint the message is clearly not in', async () => {
    const detected = await engine.classify('necesito hablar con una persona real');
    expect(detected).toMatchObject({ language: 'es', intent: 'support.human' });
    const wrongHint = await engine.classify('我要取消订单', 'en');
    expect(wrongHint).toMatchObject({ language: 'zh', intent: 'ride.cancel' });
  });

  it('extracts amounts, durations, times and ride ids', async () => {
    expect(extractEntities('why was I charged $23.50 for 12 min?')).toEqual([
      { type: 'money', text: '$23.50', cents: 2350 },
      { type: 'duration', text: '12 min', minutes: 12 },
    ]);
    expect(extractEntities('will I be there by 6pm')).toEqual([{ type: 'time', text: '6pm', value: '18:00' }]);
    const result = await engine.classify('dispute ride 3f1c2a9e-1b2c-4d5e-8f90-123456789abc please', 'en');
    expect(result.entities).toEqual([{ type: 'ride_id', text: '3f1c2a9e-1b2c-4d5e-8f90-123456789abc', value: '3f1c2a9e-1b2c-4d5e-8f90-123456789abc' }]);
  });
});
