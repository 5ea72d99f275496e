import type { LowRatedPerson } from '@coride/domain';

/** Lowest average first; among equals, the one rated more often (the surer signal), then by name. */
export function sortLowRated(people: readonly LowRatedPerson[]): LowRatedPerson[] {
  return [...people].sort((a, b) => a.averageRating - b.averageRating || b.ratings - a.ratings || a.name.localeCompare(b.name));
}
