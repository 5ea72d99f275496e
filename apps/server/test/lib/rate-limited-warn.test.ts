import { describe, expect, it } from 'vitest';
import { rateLimitedWarn } from '../../src/lib/rate-limited-warn';

describe('rateLimitedWarn', () => {
  it('logs each message at most once per interval, then says how many it left out', () => {
    const lines: Array<{ fields: Record<string, unknown>; message: string }> = [];
    let now = 0;
    const warn = rateLimitedWarn({ warn: (fields, message) => void lines.push({ fields, message }) }, 1000, () => now);
    const failure = new Error('Redis down');

    for (let i = 0; i < 5; i += 1) warn(failure, 'index read from the database');
    warn(failure, 'write dropped');
    expect(lines.map((l) => l.message)).toEqual(['index read from the database', 'write dropped']);
    expect(lines[0]!.fields).toEqual({ err: failure });

    now = 999;
    warn(failure, 'index read from the database');
    expect(lines).toHaveLength(2);
    now = 1000;
    warn(failure, 'index read from the database');
    expect(lines[2]).toEqual({ fields: { err: failure, skipped: 5 }, message: 'index read from the database' });
  });
});
