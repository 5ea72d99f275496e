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
