import { isLanguageCode, languages, type LanguageCode } from '@coride/domain/languages';
import i18n, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';

export const LANGUAGE_KEY = 'language';

/** English ships in the main bundle as the fallback; other languages load when chosen. */
const english = import.meta.glob<{ default: Record<string, unknown> }>('../locales/en/*.json', { eager: true });
const otherLanguages = import.meta.glob<{ default: Record<string, unknown> }>(['../locales/*/*.json', '!../locales/en/*.json']);

function namespaceOf(file: string): string {
  return file.split('/').pop()!.replace(/\.json$/, '');
}

export const namespaces = Object.keys(english).map(namespaceOf);

async function loadLanguage(code: LanguageCode): Promise<void> {
  if (code === 'en' || i18n.hasResourceBundle(code, 'common')) return;
  const files = Object.entries(otherLanguages).filter(([file]) => file.includes(`/locales/${code}/`));
  await Promise.all(
    files.map(async ([file, load]) => {
      i18n.addResourceBundle(code, namespaceOf(file), (await load()).default, true, true);
    }),
  );
}

function applyDocumentLanguage(code: LanguageCode): void {
  const language = languages.find((l) => l.code === code);
  document.documentElement.lang = code;
  document.documentElement.dir = language?.dir ?? 'ltr';
}

export async function changeLanguage(code: LanguageCode): Promise<void> {
  await loadLanguage(code);
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
  for (const [file, module] of Object.entries(english)) resources.en![namespaceOf(file)] = module.default;
  i18n.on('languageChanged', (code) => applyDocumentLanguage(isLanguageCode(code) ? code : 'en'));
  await i18n.use(initReactI18next).init({
    resources,
    lng: 'en',
    fallbackLng: 'en',
    ns: namespaces,
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  const initial = savedLanguage();
  if (initial !== 'en') await changeLanguage(initial);
  else applyDocumentLanguage('en');
  return i18n;
}
