import { hash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe. The client keeps it; the server keeps only its hash. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/** SHA-256, hex. One call, no Hash object: it runs on every signed-in request. */
export function hashToken(token: string): string {
  return hash('sha256', token, 'hex');
}
