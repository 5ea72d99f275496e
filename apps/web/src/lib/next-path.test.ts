import { describe, expect, it } from 'vitest';
import { nextPathFrom, safeNextPath, withNext } from './next-path';

describe('safeNextPath', () => {
  it('follows a path on this site, with its query', () => {
    expect(safeNextPath('/ride')).toBe('/ride');
    expect(safeNextPath('/dashboard?tab=payments')).toBe('/dashboard?tab=payments');
  });

  it('refuses anything that could leave the site', () => {
    for (const value of [
      'https://evil.example/',
      'javascript:alert(1)',
      '//evil.example',
      '/\\evil.example',
      '\\\\evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      ' /ride',
      'ride',
      '',
      null,
      undefined,
    ]) {
      expect(safeNextPath(value), String(value)).toBeUndefined();
    }
  });
});

describe('withNext and nextPathFrom', () => {
  it('read back the path they write, query included', () => {
    const href = withNext('/sign-in', '/ride?schedule=1');
    expect(href).toBe('/sign-in?next=%2Fride%3Fschedule%3D1');
    expect(nextPathFrom(href.split('?')[1] ?? '')).toBe('/ride?schedule=1');
  });

  it('leave the address alone when there is nothing to come back to', () => {
    expect(withNext('/sign-in', undefined)).toBe('/sign-in');
    expect(nextPathFrom('')).toBeUndefined();
    expect(nextPathFrom('?next=https%3A%2F%2Fevil.example')).toBeUndefined();
  });
});
