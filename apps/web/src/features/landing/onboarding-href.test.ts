import { describe, expect, it } from 'vitest';
import { onboardingHref } from './onboarding-href';

describe('onboardingHref', () => {
  it('opens the role tab without an email when none was typed', () => {
    expect(onboardingHref('customer', '')).toBe('/onboarding?tab=customer');
    expect(onboardingHref('driver', '   ')).toBe('/onboarding?tab=driver');
  });

  it('adds the trimmed, URL-encoded email', () => {
    expect(onboardingHref('licensee', ' ana+rides@example.com ')).toBe('/onboarding?tab=licensee&email=ana%2Brides%40example.com');
  });
});
