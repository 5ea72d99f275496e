/**
 * The loaders of the public pages' namespaces (sign-in, onboarding, booking, legal, showcase, the
 * landing page's lower sections) in every language. Kept out of the first bundle: an English visit of
 * the landing page draws from the texts bundled with it, and this map (one entry per language and
 * namespace) was about 2 KB of the first screen's script. i18n.ts starts loading it at once when the
 * visit needs it (another page, another language). The exclusions must match CONSOLE_NAMESPACES in i18n.ts.
 */
export const publicBundles = import.meta.glob<{ default: Record<string, unknown> }>([
  '../locales/*/*.json',
  '!../locales/*/{active-rides,admin,analytics,assistant,customer,demo,disputes,driver,licensee,performance,pricing,review,rewards,support,voice}.json',
]);
