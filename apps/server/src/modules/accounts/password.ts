import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * scrypt, memory-hard. OWASP's floor is N=2^17, r=8, p=1, the production default (PASSWORD_COST=17);
 * tests lower the cost. The parameters are stored with each hash, so raising the cost later keeps
 * old hashes verifiable.
 */
const blockSize = 8;
const parallelism = 1;
const keyLength = 32;

function derive(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, keyLength, { N: n, r, p, maxmem: 256 * n * r + 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export async function hashPassword(password: string, logCost: number): Promise<string> {
  const n = 2 ** logCost;
  const salt = randomBytes(16);
  const key = await derive(password, salt, n, blockSize, parallelism);
  return `scrypt$${n}$${blockSize}$${parallelism}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await derive(password, Buffer.from(salt, 'base64'), Number(n), Number(r), Number(p));
  return key.length === expected.length && timingSafeEqual(key, expected);
}
