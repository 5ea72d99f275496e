import { MAX_ZIP_CODES_PER_LICENSE } from '@coride/domain/registration';

/** Why a typed zip code cannot join the list (before asking the server, which checks the licence and the other territories). */
export type ZipInputProblem = 'format' | 'duplicate' | 'tooMany';

/** The list with `typed` added, or the reason it cannot be. */
export function addZipCode(list: readonly string[], typed: string): { zipCodes: string[] } | { problem: ZipInputProblem } {
  const zip = typed.trim();
  if (!/^\d{5}$/.test(zip)) return { problem: 'format' };
  if (list.includes(zip)) return { problem: 'duplicate' };
  if (list.length >= MAX_ZIP_CODES_PER_LICENSE) return { problem: 'tooMany' };
  return { zipCodes: [...list, zip] };
}

/** The zip codes the server refused, by zip code: its `fields` are keyed `zipCodes.<zip>` (domain `zipFieldKey`). */
export function refusedZipCodes(fields: Record<string, string>): Map<string, string> {
  const refused = new Map<string, string>();
  for (const [key, message] of Object.entries(fields)) {
    const match = /^zipCodes\.(\d{5})$/.exec(key);
    if (match) refused.set(match[1]!, message);
  }
  return refused;
}
