import type { LowRatedPerson } from '@coride/domain';
import { describe, expect, it } from 'vitest';
import { sortLowRated } from './low-rated';

const person = (name: string, averageRating: number, ratings: number, role: LowRatedPerson['role'] = 'rider'): LowRatedPerson => ({
  userId: name,
  role,
  name,
  averageRating,
  ratings,
});

describe('sortLowRated', () => {
  it('puts the lowest average first, then the one rated more often, then by name, without changing its input', () => {
    const input = [person('Cy', 3.5, 4), person('Al', 2.1, 3, 'driver'), person('Bo', 3.5, 9), person('Ab', 3.5, 9)];
    expect(sortLowRated(input).map((p) => p.name)).toEqual(['Al', 'Ab', 'Bo', 'Cy']);
    expect(input.map((p) => p.name)).toEqual(['Cy', 'Al', 'Bo', 'Ab']);
  });
});
