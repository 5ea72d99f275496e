import type { SignupRole } from '@coride/domain/roles';

/** Where a hero call-to-action goes: the sign-up page on the role's tab, with the email only when one was typed. */
export function onboardingHref(role: SignupRole, email: string): string {
  const trimmed = email.trim();
  return `/onboarding?tab=${role}${trimmed ? `&email=${encodeURIComponent(trimmed)}` : ''}`;
}
