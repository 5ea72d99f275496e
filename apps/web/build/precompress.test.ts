import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { ResolvedConfig } from 'vite';
import { afterEach, describe, expect, it } from 'vitest';
import { precompress } from './precompress';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** Runs the plugin's hooks as Vite does at the end of a build, over an output folder of these files. */
async function runOn(files: Record<string, string | Buffer>): Promise<string> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'precompress-'));
  dirs.push(root);
  for (const [name, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, 'dist', name)), { recursive: true });
    fs.writeFileSync(path.join(root, 'dist', name), content);
  }
  const plugin = precompress();
  const configResolved = plugin.configResolved as (config: ResolvedConfig) => void;
  configResolved({ root, build: { outDir: 'dist' } } as ResolvedConfig);
  const closeBundle = plugin.closeBundle as { order: string; handler: () => Promise<void> };
  expect(closeBundle.order).toBe('post');
  await closeBundle.handler();
  return path.join(root, 'dist');
}

describe('precompress', () => {
  const script = `export const names = ${JSON.stringify(Array.from({ length: 300 }, (_, i) => `name-${i}`))};`;

  it('writes brotli and gzip copies that decompress to the file, in nested folders too', async () => {
    const dist = await runOn({ 'assets/index-abc.js': script, 'sw.js': script, 'index.html': `<html>${script}</html>` });
    for (const name of ['assets/index-abc.js', 'sw.js', 'index.html']) {
      const original = fs.readFileSync(path.join(dist, name));
      const br = fs.readFileSync(path.join(dist, `${name}.br`));
      const gz = fs.readFileSync(path.join(dist, `${name}.gz`));
      expect(zlib.brotliDecompressSync(br).equals(original)).toBe(true);
      expect(zlib.gunzipSync(gz).equals(original)).toBe(true);
      expect(br.length).toBeLessThan(gz.length);
    }
  });

  it('leaves small files, images and source maps alone', async () => {
    const dist = await runOn({ 'icon.svg': '<svg/>', 'icon-192.png': Buffer.alloc(4096, 7), 'assets/index-abc.js.map': script });
    const written = fs.readdirSync(dist, { recursive: true }).map(String);
    expect(written.filter((name) => name.endsWith('.br') || name.endsWith('.gz'))).toEqual([]);
  });
});
