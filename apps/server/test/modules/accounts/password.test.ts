import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '../../../src/modules/accounts/password';

// The cost the test configuration uses (PASSWORD_COST=10): N = 2^10.
const cost = 10;

describe('password hashing', () => {
  it('verifies the password a hash was made from', async () => {
    const stored = await hashPassword('correct horse battery', cost);
    expect(await verifyPassword('correct horse battery', stored)).toBe(true);
  });

  it('rejects any other password, including one differing only in letter case or a trailing space', async () => {
    const stored = await hashPassword('correct horse battery', cost);
    expect(await verifyPassword('wrong horse battery', stored)).toBe(false);
    expect(await verifyPassword('Correct horse battery', stored)).toBe(false);
    expect(await verifyPassword('correct horse battery ', stored)).toBe(false);
    expect(await verifyPassword('', stored)).toBe(false);
  });

  it('stores the scheme, cost parameters, salt and key in the hash', async () => {
    const stored = await hashPassword('correct horse battery', cost);
    const parts = stored.split('$');
    expect(parts).toHaveLength(6);
    const [scheme, n, r, p, salt, key] = parts;
    expect(scheme).toBe('scrypt');
    expect(Number(n)).toBe(2 ** cost);
    expect(Number(r)).toBe(8);
    expect(Number(p)).toBe(1);
    expect(Buffer.from(salt!, 'base64')).toHaveLength(16);
    expect(Buffer.from(key!, 'base64')).toHaveLength(32);
    expect(stored).not.toContain('correct horse battery');
  });

  it('salts every hash, so two hashes of one password differ and both verify', async () => {
    const first = await hashPassword('correct horse battery', cost);
    const second = await hashPassword('correct horse battery', cost);
    expect(first).not.toBe(second);
    expect(await verifyPassword('correct horse battery', first)).toBe(true);
    expect(await verifyPassword('correct horse battery', second)).toBe(true);
  });

  it('verifies a hash made with another cost, because the parameters travel with it', async () => {
    const stored = await hashPassword('correct horse battery', cost + 1);
    expect(stored.split('$')[1]).toBe(String(2 ** (cost + 1)));
    expect(await verifyPassword('correct horse battery', stored)).toBe(true);
    expect(await verifyPassword('correct horse batterY', stored)).toBe(false);
  });

  it('treats composed and decomposed forms of an accented password as the same password', async () => {
    const composed = 'caf\u00e9 au lait 2024';
    const decomposed = 'cafe\u0301 au lait 2024';
    const stored = await hashPassword(composed, cost);
    expect(await verifyPassword(decomposed, stored)).toBe(true);
  });

  it('answers false rather than throwing for a malformed or foreign stored hash', async () => {
    const stored = await hashPassword('correct horse battery', cost);
    const [, n, r, p, salt] = stored.split('$');
    for (const bad of ['', 'plain-text-password', `bcrypt$${n}$${r}$${p}$${salt}$abc`, `scrypt$${n}$${r}$${p}$${salt}`, 'scrypt$$$$$']) {
      expect(await verifyPassword('correct horse battery', bad)).toBe(false);
    }
  });

  it('rejects a hash whose key was tampered with', async () => {
    const stored = await hashPassword('correct horse battery', cost);
    const parts = stored.split('$');
    const key = Buffer.from(parts[5]!, 'base64');
    key[0] = key[0]! ^ 0xff;
    parts[5] = key.toString('base64');
    expect(await verifyPassword('correct horse battery', parts.join('$'))).toBe(false);
  });
});
