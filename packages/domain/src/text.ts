import { z } from 'zod';

/*
 * Every free text a request carries goes through `text()`. PostgreSQL refuses a NUL in `text` and
 * invalid UTF-8 (a lone UTF-16 surrogate cannot be encoded), so such input used to reach the database
 * and fail there as a 500. Other control characters are stored fine but have no business in a name or
 * an address: they hide text in the admin's screens and logs. Refusing them all in the shared schema
 * gives the form and the API the same 400 with a field message.
 */

export const CONTROL_CHARACTERS_MESSAGE = 'Remove control characters';
export const INVALID_CHARACTERS_MESSAGE = 'Remove invalid characters';

export type TextOptions = {
  /** The message when the value is missing or not a string. */
  error?: string;
  /** Multi-line text (descriptions, messages, notes): tab, line feed and carriage return are allowed. */
  multiline?: boolean;
};

const isLineBreakOrTab = (code: number) => code === 0x09 || code === 0x0a || code === 0x0d;
const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/** The first thing wrong with a text: a C0/C1 control character, or a UTF-16 surrogate without its pair. */
export function unsafeTextProblem(value: string, { multiline = false }: { multiline?: boolean } = {}): 'control' | 'surrogate' | undefined {
  for (let i = 0; i < value.length; i += 1) {
    const code = value.charCodeAt(i);
    if (code < 0x20) {
      if (multiline && isLineBreakOrTab(code)) continue;
      return 'control';
    }
    // DEL and the C1 block (U+0080-U+009F).
    if (code >= 0x7f && code <= 0x9f) return 'control';
    if (isHighSurrogate(code)) {
      if (isLowSurrogate(value.charCodeAt(i + 1))) {
        i += 1;
        continue;
      }
      return 'surrogate';
    }
    if (isLowSurrogate(code)) return 'surrogate';
  }
  return undefined;
}

/**
 * A trimmed string without control characters (except \t, \n and \r when `multiline`) or lone
 * surrogates; chain `.min()`/`.max()` after it. The check runs first so its message is the field's.
 */
export function text({ error, multiline = false }: TextOptions = {}) {
  return z
    .string(error === undefined ? undefined : { error })
    .trim()
    .check((ctx) => {
      const problem = unsafeTextProblem(ctx.value, { multiline });
      if (!problem) return;
      ctx.issues.push({
        code: 'custom',
        input: ctx.value,
        message: problem === 'control' ? CONTROL_CHARACTERS_MESSAGE : INVALID_CHARACTERS_MESSAGE,
      });
    });
}
