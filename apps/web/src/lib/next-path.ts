/**
 * "Come back here after signing in" (contract §10): a signed-out visitor sent away from a page that
 * needs an account carries it as `?next=/ride`, and is taken there once signed in. The address comes
 * from the query string, which anyone can write in a link, so only a path on this site is followed:
 * one leading "/", not "//" or "/\" (which browsers read as another host), no scheme, no control
 * characters (which the URL parser drops, turning "/\t/evil.example" into "//evil.example").
 */
export function safeNextPath(value: string | null | undefined): string | undefined {
  if (!value?.startsWith('/') || value.length > 2048) return undefined;
  if (value[1] === '/' || value.includes('\\')) return undefined;
  for (let i = 0; i < value.length; i += 1) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return undefined;
  }
  return value;
}

/** The `next` the query string carries, if it is safe to follow. */
export function nextPathFrom(search: string): string | undefined {
  return safeNextPath(new URLSearchParams(search).get('next'));
}

/** An address with `next` added: `withNext('/sign-in', '/ride?schedule=1')` -> /sign-in?next=%2Fride%3Fschedule%3D1. */
export function withNext(path: string, next: string | undefined): string {
  return next ? `${path}?next=${encodeURIComponent(next)}` : path;
}
