import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';

/** A built web app in miniature: the file kinds the real build writes, with its .br and .gz copies. */
function writeWebDist(): { dir: string; script: string; page: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'coride-web-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  const script = `export const routes = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `/route-${i}`))};\n`;
  const page = `<!doctype html><html><head><title>CoRide</title></head><body>${'<div id="root"></div>'.repeat(80)}</body></html>`;
  const files: Record<string, string> = {
    'assets/index-3f2a1b.js': script,
    'assets/index-8e1d2c.css': `.page{margin:0 auto}${'.card{padding:1rem}'.repeat(80)}`,
    'assets/logo-9c8d7e.svg': `<svg xmlns="http://www.w3.org/2000/svg">${'<path d="M0 0h24v24H0z"/>'.repeat(60)}</svg>`,
    'index.html': page,
    'sw.js': `self.addEventListener('install', () => {});${' '.repeat(2000)}`,
  };
  for (const [name, content] of Object.entries(files)) {
    const file = path.join(dir, name);
    fs.writeFileSync(file, content);
    fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(content));
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content));
  }
  fs.writeFileSync(path.join(dir, 'icon-192.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  return { dir, script, page };
}

function decoded(body: Buffer, encoding: string | undefined): string {
  if (encoding === 'br') return zlib.brotliDecompressSync(body).toString();
  if (encoding === 'gzip') return zlib.gunzipSync(body).toString();
  return body.toString();
}

describe('what the server sends the browser', () => {
  let t: TestApp;
  let web: ReturnType<typeof writeWebDist>;
  beforeAll(async () => {
    web = writeWebDist();
    t = await createTestApp('pglite', { WEB_DIST_DIR: web.dir });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(web.dir, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    t.app.inject({ method: 'GET', url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

  it.each([
    ['br, gzip, deflate', 'br'],
    ['gzip', 'gzip'],
    ['identity', undefined],
    [undefined, undefined],
  ])('sends a hashed script compressed from its build-time copy (Accept-Encoding %s -> %s), cached for a year', async (accept, expected) => {
    const response = await get('/assets/index-3f2a1b.js', accept);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe(expected);
    expect(response.headers['vary']).toMatch(/accept-encoding/i);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(decoded(response.rawPayload, expected)).toBe(web.script);
    if (expected) expect(response.rawPayload.length).toBeLessThan(web.script.length / 2);
  });

  it.each([
    ['/assets/index-8e1d2c.css', /text\/css/],
    ['/assets/logo-9c8d7e.svg', /image\/svg\+xml/],
  ])('sends the hashed %s compressed and cached for a year, like a script', async (url, contentType) => {
    const response = await get(url, 'br, gzip');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(contentType);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['vary']).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers a file the build does not have (a chunk of an older release) with 404, never the app page', async () => {
    // index.html under a script's name would break the page that asked, and the service worker keeps assets cache-first.
    for (const url of ['/assets/route-0ld0ld.js', '/assets/index-0ld0ld.css']) {
      const response = await get(url, 'br');
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).not.toMatch(/text\/html/);
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
  });

  it.each(['/', '/ride', '/driver-dashboard'])('sends index.html for %s compressed and revalidated on every load', async (url) => {
    const response = await get(url, 'gzip, br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['vary']).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(decoded(response.rawPayload, 'br')).toBe(web.page);
  });

  it('sends a hashed script without the document-only security headers or validators, and documents with them', async () => {
    const script = await get('/assets/index-3f2a1b.js', 'br');
    for (const name of ['content-security-policy', 'x-frame-options', 'cross-origin-opener-policy', 'referrer-policy', 'etag', 'last-modified']) {
      expect(script.headers[name], name).toBeUndefined();
    }
    expect(script.headers['x-content-type-options']).toBe('nosniff');
    expect(script.headers['cross-origin-resource-policy']).toBe('same-origin');

    // A page, the service worker and a hashed SVG (a document if opened on its own) keep all of them.
    for (const url of ['/', '/sw.js', '/assets/logo-9c8d7e.svg']) {
      const document = await get(url, 'br');
      expect(document.statusCode, url).toBe(200);
      expect(document.headers['content-security-policy'], url).toContain("script-src 'self'");
      expect(document.headers['x-frame-options'], url).toBe('SAMEORIGIN');
    }
    expect((await get('/', 'br')).headers['etag']).toBeDefined();
  });

  it('revalidates the service worker and the icons (their names do not change with their content)', async () => {
    const worker = await get('/sw.js', 'br');
    expect(worker.headers['cache-control']).toBe('no-cache');
    expect(worker.headers['content-encoding']).toBe('br');
    const icon = await get('/icon-192.png', 'br');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
    expect(icon.headers['content-encoding']).toBeUndefined();
  });

  it('compresses JSON answers over 1 KB unless the client says no', async () => {
    const big = await get('/api/openapi.json', 'br, gzip');
    expect(big.statusCode).toBe(200);
    expect(big.headers['content-encoding']).toBe('br');
    expect(big.headers['vary']).toMatch(/accept-encoding/i);
    const document = JSON.parse(decoded(big.rawPayload, 'br')) as { openapi: string };
    expect(document.openapi).toMatch(/^3\./);
    expect(big.rawPayload.length).toBeLessThan(Number(JSON.stringify(document).length) / 3);

    const gzipOnly = await get('/api/openapi.json', 'gzip');
    expect(gzipOnly.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(decoded(gzipOnly.rawPayload, 'gzip'))).toEqual(document);

    for (const refusal of ['identity', undefined]) {
      const plain = await get('/api/openapi.json', refusal);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(JSON.parse(plain.body)).toEqual(document);
    }
  });

  it('sends small JSON answers as they are', async () => {
    const small = await get('/api/health', 'br, gzip');
    expect(small.statusCode).toBe(200);
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body)).toMatchObject({ status: 'ok' });
  });

  it('keeps API errors plain JSON and never answers an unknown API path with the app', async () => {
    const response = await get('/api/nothing-here', 'br');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(JSON.parse(response.body)).toMatchObject({ code: 'NOT_FOUND' });
  });
});
