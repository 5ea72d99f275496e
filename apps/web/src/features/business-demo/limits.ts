/** A number field's range, step and whether it must be whole. */
export type FieldLimit = { min: number; max: number; integer: boolean; step: string };

/** A field's text as a number within `limit` (a whole number when required), or null when empty or out of range. */
export function parseLimited(limit: FieldLimit, text: string): number | null {
  if (text.trim() === '') return null;
  const value = Number(text);
  if (!Number.isFinite(value) || value < limit.min || value > limit.max) return null;
  return limit.integer && !Number.isInteger(value) ? null : value;
}
