import { describe, expect, it } from 'vitest';
import { dashboardHref, dashboardTabFrom, dashboardTabs } from './dashboard-href';

describe('dashboardHref', () => {
  it('links the overview to the plain dashboard address', () => {
    expect(dashboardHref()).toBe('/dashboard');
    expect(dashboardHref('overview')).toBe('/dashboard');
  });

  it('links any other section with its tab', () => {
    expect(dashboardHref('payments')).toBe('/dashboard?tab=payments');
  });

  it('reads back every section it writes', () => {
    for (const tab of dashboardTabs) expect(dashboardTabFrom(dashboardHref(tab).split('?')[1] ?? '')).toBe(tab);
  });
});

describe('dashboardTabFrom', () => {
  it('accepts a leading question mark and other parameters', () => {
    expect(dashboardTabFrom('?tab=rides&x=1')).toBe('rides');
  });

  it('falls back to the overview for a missing or unknown tab', () => {
    expect(dashboardTabFrom('')).toBe('overview');
    expect(dashboardTabFrom('tab=wallet')).toBe('overview');
    expect(dashboardTabFrom('tab=constructor')).toBe('overview');
  });
});
