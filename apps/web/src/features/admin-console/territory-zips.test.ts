import { describe, expect, it } from 'vitest';
import { addZipCode, refusedZipCodes } from './territory-zips';

describe('editing a territory’s zip codes', () => {
  it('adds a 5-digit zip code once, up to the licence’s ten', () => {
    expect(addZipCode(['10001'], ' 10018 ')).toEqual({ zipCodes: ['10001', '10018'] });
    expect(addZipCode(['10001'], '1001')).toEqual({ problem: 'format' });
    expect(addZipCode(['10001'], '10001a')).toEqual({ problem: 'format' });
    expect(addZipCode(['10001'], '10001')).toEqual({ problem: 'duplicate' });
    const ten = Array.from({ length: 10 }, (_, i) => String(10001 + i));
    expect(addZipCode(ten, '10099')).toEqual({ problem: 'tooMany' });
  });

  it('reads the server’s refusals per zip code and ignores other fields', () => {
    const refused = refusedZipCodes({
      'zipCodes.10022': 'Not covered by the licence',
      'zipCodes.10019': 'Already in Hells Kitchen',
      zipCodes: 'x',
      reason: 'y',
    });
    expect([...refused]).toEqual([
      ['10022', 'Not covered by the licence'],
      ['10019', 'Already in Hells Kitchen'],
    ]);
  });
});
