import { isLanguageCode, languages, type LanguageCode } from '@coride/domain/languages';
import i18n, { type BackendModule, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';

export const LANGUAGE_KEY = 'language';

type Bundle = { default: Record<string, unknown> };

/**
 * The English texts of the first screen ship in the first bundle: the shell every page shows (header,
 * common words) and the landing page's hero and sign-up card, since a first visit is always in English
 * (docs/decisions/015). The footer and the landing page's lower sections bring theirs (footer.tsx,
 * landing-sections.tsx).
 * Every other namespace, in every language, is its own small file loaded when a page needs it.
 */
const shell = import.meta.glob<Bundle>(['../locales/en/{common,nav}.json', '../locales/en/{hero,tab}.json'], { eager: true });
/** Namespaces of signed-in consoles and the demo page: their loaders live in console-locales.ts. */
const CONSOLE_NAMESPACES = new Set([
  'active-rides',
  'admin',
  'analytics',
  'assistant',
  'customer',
  'demo',
  'disputes',
  'driver',
  'licensee',
  'notifications',
  'performance',
  'payouts',
  'preferences',
  'pricing',
  'privacy',
  'review',
  'rewards',
  'safety',
  'support',
  'voice',
]);
/** The public pages' loaders (public-locales.ts): fetched once, when a namespace outside the shell is first needed. */
let publicLoaders: Promise<{ publicBundles: Record<string, () => Promise<Bundle>> }> | undefined;
const loadPublicLoaders = () =>
  (publicLoaders ??= import('./public-locales').catch((error: unknown) => {
    publicLoaders = undefined; // try again on the next need
    throw error;
  }));

async function loaderOf(language: string, namespace: string): Promise<(() => Promise<Bundle>) | undefined> {
  const key = `../locales/${language}/${namespace}.json`;
  if (!CONSOLE_NAMESPACES.has(namespace)) return (await loadPublicLoaders()).publicBundles[key];
  const { consoleBundles } = await import('./console-locales');
  return consoleBundles[key];
}

function namespaceOf(file: string): string {
  return file
    .split('/')
    .pop()!
    .replace(/\.json$/, '');
}

export const shellNamespaces = Object.keys(shell).map(namespaceOf);

/**
 * English texts a lazily loaded part of a page brings with it (`import.meta.glob` of its namespaces,
 * eager), so that it draws in English without another round trip. Other languages still load theirs
 * through the backend; English stays their fallback.
 */
export function addEnglishTexts(bundles: Record<string, Bundle>): void {
  for (const [file, module] of Object.entries(bundles)) i18n.addResourceBundle('en', namespaceOf(file), module.default, true, false);
}

const lazyBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, namespace, callback) {
    loaderOf(language, namespace)
      // A language without this file falls back to English, then to the key itself.
      .then((load) => (load ? load().then((bundle) => bundle.default) : {}))
      .then(
        (bundle) => callback(null, bundle),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
      );
  },
};

/** Keys the UI asked for that no translation file has, exposed for the browser tests. */
const missingKeys = new Set<string>();
declare global {
  interface Window {
    __missingTranslationKeys?: () => string[];
  }
}
window.__missingTranslationKeys = () => [...missingKeys];

function applyDocumentLanguage(code: LanguageCode): void {
  const language = languages.find((l) => l.code === code);
  document.documentElement.lang = code;
  document.documentElement.dir = language?.dir ?? 'ltr';
}

/**
 * Starts loading `namespaces` (in the current language and English) without waiting for a component to
 * ask: a page's code calls it when it is evaluated, so its texts download while it waits for the
 * session check instead of after it.
 */
export function preloadNamespaces(namespaces: string[]): void {
  const load = () => void i18n.loadNamespaces(namespaces).catch(() => undefined);
  if (i18n.isInitialized) load();
  else i18n.on('initialized', load);
}

/** Switches language; i18next loads the namespaces in use for it through the lazy backend first. */
export async function changeLanguage(code: LanguageCode): Promise<void> {
  await i18n.changeLanguage(code);
  try {
    localStorage.setItem(LANGUAGE_KEY, code);
  } catch {
    // Private mode: the choice lasts for this visit only.
  }
}

function savedLanguage(): LanguageCode {
  try {
    const saved = localStorage.getItem(LANGUAGE_KEY);
    return isLanguageCode(saved) ? saved : 'en';
  } catch {
    return 'en';
  }
}

export async function initI18n(): Promise<typeof i18n> {
  const resources: Resource = { en: {} };
  for (const [file, module] of Object.entries(shell)) resources.en![namespaceOf(file)] = module.default;
  i18n.on('languageChanged', (code) => applyDocumentLanguage(isLanguageCode(code) ? code : 'en'));
  const initial = savedLanguage();
  // Any page but the landing page, and any language but English, needs a file the map names: fetch the
  // map now, in parallel with the first screen, rather than after the page asks for its texts.
  if (initial !== 'en' || window.location.pathname !== '/') void loadPublicLoaders().catch(() => undefined);
  await i18n
    .use(lazyBackend)
    .use(initReactI18next)
    .init({
      resources,
      partialBundledLanguages: true,
      lng: initial,
      fallbackLng: 'en',
      ns: shellNamespaces,
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      returnNull: false,
      // A key found in no language (not even English) is a bug: record it for the browser tests.
      saveMissing: true,
      missingKeyHandler: (_languages, namespace, key, _fallback, _update, options) => {
        if ((options as { defaultValue?: unknown } | undefined)?.defaultValue !== undefined) return;
        missingKeys.add(`${namespace}:${key}`);
      },
    });
  applyDocumentLanguage(initial);
  return i18n;
}
