import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { bearerToken } from '../../src/plugins/auth';

const withAuthorization = (authorization: string | undefined) => ({ headers: { authorization } }) as unknown as FastifyRequest;

describe('bearerToken', () => {
  it('reads the token after the Bearer scheme, in any case', () => {
    expect(bearerToken(withAuthorization('Bearer abc.DEF-123'))).toBe('abc.DEF-123');
    expect(bearerToken(withAuthorization('bearer abc'))).toBe('abc');
    expect(bearerToken(withAuthorization('BEARER abc '))).toBe('abc');
  });

  it('finds none without a header, with another scheme or with an empty token', () => {
    expect(bearerToken(withAuthorization(undefined))).toBeUndefined();
    expect(bearerToken(withAuthorization('Basic YTpi'))).toBeUndefined();
    expect(bearerToken(withAuthorization('Bearer'))).toBeUndefined();
    expect(bearerToken(withAuthorization('Bearer '))).toBeUndefined();
    expect(bearerToken(withAuthorization('Bearer    '))).toBeUndefined();
    expect(bearerToken(withAuthorization('Bearerabc'))).toBeUndefined();
  });
});
