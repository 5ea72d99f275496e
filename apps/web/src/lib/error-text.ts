import i18n from 'i18next';

/**
 * Codes that stand for many different rules: only the server's text says which one (a limit, a
 * window, a refused bank account), so it is shown as the server wrote it, in English.
 */
const SERVER_WORDED_CODES: ReadonlySet<string> = new Set(['BUSINESS_RULE']);

/**
 * The text of an API error a reader sees. The server writes its messages in English; a reader of
 * another language gets the text of the error's code from the `errors` namespace (`translated`), which
 * says the same thing less specifically. English readers keep the server's own, more specific text.
 */
export function errorText(code: string, english: string, language: string, translated: string | undefined): string {
  if (language === 'en' || SERVER_WORDED_CODES.has(code)) return english;
  return translated ?? english;
}

/**
 * An API error's text in the reader's language (errorText says which), from i18next as lib/i18n.ts set
 * it up: the `errors` namespace is loaded on the first error a reader of another language meets; if it
 * cannot be, the server's text stays. Before i18next starts (or in tests) the language is English.
 */
export async function errorInReadersLanguage(code: string, english: string): Promise<string> {
  const language = i18n.resolvedLanguage ?? 'en';
  if (language === 'en') return english;
  await i18n.loadNamespaces('errors').catch(() => undefined);
  const translated: unknown = i18n.getResource(language, 'errors', code);
  return errorText(code, english, language, typeof translated === 'string' ? translated : undefined);
}
