/**
 * The loaders of the namespaces only signed-in consoles and the demo page use. Kept out of the first
 * bundle: a landing visitor never needs them, and their map (one entry per language and namespace)
 * grows with every console feature. The list must match CONSOLE_NAMESPACES in i18n.ts.
 */
export const consoleBundles = import.meta.glob<{ default: Record<string, unknown> }>(
  '../locales/*/{active-rides,admin,analytics,assistant,customer,demo,disputes,driver,licensee,notifications,payouts,performance,preferences,pricing,privacy,review,rewards,safety,support,voice}.json',
);
