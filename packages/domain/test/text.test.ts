import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  chatRequestSchema,
  CONTROL_CHARACTERS_MESSAGE,
  createFavoriteRequestSchema,
  customerRegistrationSchema,
  fieldErrors,
  INVALID_CHARACTERS_MESSAGE,
  NOTHING_TO_CHANGE_MESSAGE,
  openDisputeSchema,
  quoteRequestSchema,
  text,
  unsafeTextProblem,
  updateFavoriteRequestSchema,
  updatePaymentMethodSchema,
} from '../src';

const codes = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => String.fromCharCode(from + i));
/** Every C0 and C1 control character, DEL included. */
const CONTROLS = [...codes(0x00, 0x1f), ...codes(0x7f, 0x9f)];
const LINE_BREAKS_AND_TAB = ['\t', '\n', '\r'];
const LONE_SURROGATES = ['\ud800', '\udbff', '\udc00', '\udfff'];

/** Text with no control character and no surrogate half: what people type in any language. */
const printable = fc.string({ unit: 'grapheme', maxLength: 40 }).filter((value) => unsafeTextProblem(value) === undefined);

describe('text(): the one schema for free text', () => {
  it('refuses every C0 and C1 control character in single-line text, wherever it stands', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 10 }), fc.constantFrom(...CONTROLS), fc.string({ maxLength: 10 }), (before, control, after) => {
        const value = `x${before}${control}${after}x`;
        const result = text().safeParse(value);
        expect(result.success).toBe(false);
        expect(result.error?.issues[0]?.message).toBe(CONTROL_CHARACTERS_MESSAGE);
      }),
    );
  });

  it('lets multi-line text keep tabs and line breaks, and nothing else below U+0020 or in U+007F-U+009F', () => {
    expect(text({ multiline: true }).safeParse('Line one\r\n\tLine two\nLine three').success).toBe(true);
    for (const control of CONTROLS.filter((c) => !LINE_BREAKS_AND_TAB.includes(c))) {
      const result = text({ multiline: true }).safeParse(`a${control}b`);
      expect(result.error?.issues[0]?.message, `U+${control.charCodeAt(0).toString(16)}`).toBe(CONTROL_CHARACTERS_MESSAGE);
    }
  });

  it('refuses a tab or line break inside single-line text', () => {
    for (const control of LINE_BREAKS_AND_TAB) expect(text().safeParse(`first${control}last`).success).toBe(false);
  });

  it('trims before it checks, so a pasted trailing newline in a single-line field is no error', () => {
    expect(text().parse('  Ada Lovelace\n')).toBe('Ada Lovelace');
  });

  it('refuses a lone surrogate (PostgreSQL cannot store it as UTF-8) and accepts a surrogate pair', () => {
    for (const half of LONE_SURROGATES) {
      const result = text().safeParse(`a${half}b`);
      expect(result.error?.issues[0]?.message).toBe(INVALID_CHARACTERS_MESSAGE);
    }
    expect(text().safeParse('\udc00\ud800').success).toBe(false);
    expect(text().parse('Café 😀 東京 שלום')).toBe('Café 😀 東京 שלום');
  });

  it('accepts any text without control characters or surrogate halves, unchanged but for trimming', () => {
    fc.assert(
      fc.property(printable, (value) => {
        expect(text({ multiline: true }).parse(value)).toBe(value.trim());
        if (!/[\t\n\r]/.test(value.trim())) expect(text().parse(value)).toBe(value.trim());
      }),
    );
  });

  it('puts its message first, ahead of the length rules, so the field shows why', () => {
    const result = text()
      .min(5, 'Too short')
      .max(10, 'Too long')
      .safeParse(`${'x'.repeat(20)}\u0000`);
    expect(result.error && fieldErrors(result.error)).toEqual({ _: CONTROL_CHARACTERS_MESSAGE });
  });

  it('checks 10,000 characters quickly', () => {
    const started = performance.now();
    for (let i = 0; i < 100; i += 1) text().safeParse(`${'x'.repeat(9_999)}\u0000`);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe('the request schemas use it', () => {
  const NUL = 'Ada\u0000';

  it('refuses a NUL in a sign-up first name on that field', () => {
    const form = {
      firstName: NUL,
      lastName: 'Lovelace',
      email: 'ada@example.com',
      phone: '2125550100',
      password: 'correct horse battery',
      confirmPassword: 'correct horse battery',
      terms: true,
      homeAddress: '350 5th Ave, New York, NY',
    };
    const result = customerRegistrationSchema.safeParse(form);
    expect(result.error && fieldErrors(result.error)).toEqual({ firstName: CONTROL_CHARACTERS_MESSAGE });
  });

  it('refuses a NUL in a favorite place, a chat message, a dispute description and an address to quote', () => {
    const place = { name: NUL, address: 'Times Square', lat: 40.759, lng: -73.991 };
    expect(fieldErrors(createFavoriteRequestSchema.safeParse(place).error!)).toEqual({ name: CONTROL_CHARACTERS_MESSAGE });
    expect(fieldErrors(chatRequestSchema.safeParse({ message: NUL }).error!)).toEqual({ message: CONTROL_CHARACTERS_MESSAGE });
    expect(fieldErrors(openDisputeSchema.safeParse({ reason: 'other', description: `The driver ${NUL} was late` }).error!)).toEqual({
      description: CONTROL_CHARACTERS_MESSAGE,
    });
    const quote = { pickupLocation: { ...place, address: NUL }, dropoffLocation: place };
    expect(fieldErrors(quoteRequestSchema.safeParse(quote).error!)).toEqual({ 'pickupLocation.address': CONTROL_CHARACTERS_MESSAGE });
  });

  it('keeps the line breaks of a multi-line chat message', () => {
    expect(chatRequestSchema.parse({ message: 'Hello\nwhere is my driver?' }).message).toBe('Hello\nwhere is my driver?');
  });
});

describe('an empty PATCH body', () => {
  it('is refused by every update schema with "Nothing to change"', () => {
    for (const schema of [updateFavoriteRequestSchema, updatePaymentMethodSchema]) {
      const result = schema.safeParse({});
      expect(result.error?.issues.map((issue) => issue.message)).toEqual([NOTHING_TO_CHANGE_MESSAGE]);
    }
  });

  it('is not refused when one field is there', () => {
    expect(updateFavoriteRequestSchema.parse({ name: 'Home' })).toEqual({ name: 'Home' });
  });
});
