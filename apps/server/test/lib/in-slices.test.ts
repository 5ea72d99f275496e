import { describe, expect, it } from 'vitest';
import { inSlices } from '../../src/lib/in-slices';

describe('inSlices', () => {
  it('handles every item, letting other callbacks run between slices', async () => {
    const seen: Array<number | string> = [];
    const done = inSlices([0, 1, 2, 3, 4, 5], 2, (item) => seen.push(item));
    setImmediate(() => seen.push('other work'));
    await done;
    expect(seen.filter((x) => typeof x === 'number')).toEqual([0, 1, 2, 3, 4, 5]);
    // A synchronous loop would have handled all six before the other callback could run.
    expect(seen.indexOf('other work')).toBeGreaterThan(0);
    expect(seen.indexOf('other work')).toBeLessThan(seen.length - 1);
  });

  it('stops between slices once told to', async () => {
    const seen: number[] = [];
    let isStopped = false;
    const done = inSlices(
      [0, 1, 2, 3, 4, 5],
      2,
      (item) => seen.push(item),
      () => isStopped,
    );
    isStopped = true;
    await done;
    expect(seen).toEqual([0, 1]);
  });
});
