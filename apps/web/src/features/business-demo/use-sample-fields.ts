import { useMemo, useState } from 'react';

export type SampleFields<F extends string> = {
  texts: Record<F, string>;
  set: (field: F, text: string) => void;
  isValid: (field: F) => boolean;
  /** Every field parsed, or null while one is invalid. */
  values: Record<F, number> | null;
};

/** The texts of a group of number fields and their parsed values. */
export function useSampleFields<F extends string>(defaults: Record<F, number>, parse: (field: F, text: string) => number | null): SampleFields<F> {
  const [texts, setTexts] = useState(() => Object.fromEntries(Object.entries(defaults).map(([field, value]) => [field, String(value)])) as Record<F, string>);
  const values = useMemo(() => {
    const parsed = Object.fromEntries(Object.entries(texts).map(([field, text]) => [field, parse(field as F, text as string)]));
    return Object.values(parsed).some((value) => value === null) ? null : (parsed as Record<F, number>);
  }, [texts, parse]);
  return {
    texts,
    set: (field, text) => setTexts((current) => ({ ...current, [field]: text })),
    isValid: (field) => parse(field, texts[field]) !== null,
    values,
  };
}
