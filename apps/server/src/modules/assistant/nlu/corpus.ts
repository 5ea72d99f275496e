/** The training corpus kept in ../corpus (one JSON file per language, inlined in the bundle by esbuild). */
import type { CorpusFile } from './contract';
import ar from '../corpus/ar.json';
import de from '../corpus/de.json';
import en from '../corpus/en.json';
import es from '../corpus/es.json';
import fr from '../corpus/fr.json';
import hi from '../corpus/hi.json';
import it from '../corpus/it.json';
import ja from '../corpus/ja.json';
import ko from '../corpus/ko.json';
import my from '../corpus/my.json';
import pt from '../corpus/pt.json';
import ru from '../corpus/ru.json';
import sw from '../corpus/sw.json';
import th from '../corpus/th.json';
import tr from '../corpus/tr.json';
import vi from '../corpus/vi.json';
import zh from '../corpus/zh.json';

/** The training corpus, one file per language, keyed by language code. */
export const trainingCorpus: Record<string, CorpusFile> = Object.fromEntries(
  [en, es, fr, zh, hi, ar, pt, ru, ja, de, ko, it, tr, vi, th, sw, my].map((file) => {
    const corpus = file as CorpusFile;
    return [corpus.language, corpus];
  }),
);
