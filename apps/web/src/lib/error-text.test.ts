import { describe, expect, it } from 'vitest';
import { errorText } from './error-text';

describe('the text of an API error', () => {
  it("gives a reader of another language the code's text in that language", () => {
    expect(errorText('OFFER_TAKEN', 'This ride request is no longer open', 'es', 'Otro conductor tomó este viaje.')).toBe('Otro conductor tomó este viaje.');
  });

  it("keeps the server's own, more specific text for English readers", () => {
    expect(errorText('OFFER_TAKEN', 'This ride request is no longer open', 'en', 'Another driver took this ride.')).toBe('This ride request is no longer open');
  });

  it("keeps the server's text where the code alone does not say which rule, or the language has no text for it", () => {
    expect(errorText('BUSINESS_RULE', 'You can keep up to 10 payment methods', 'fr', 'Règle')).toBe('You can keep up to 10 payment methods');
    expect(errorText('NEW_CODE', 'Something new', 'ja', undefined)).toBe('Something new');
  });
});
