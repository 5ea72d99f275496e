import { promises as fs } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** What is worth compressing: text the browser fetches (source maps are fetched by developers only). */
const compressible = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;
/** Below this a compressed copy saves less than a packet; the server sends the file as it is. */
const minimumBytes = 1024;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

/**
 * Writes `<file>.br` (quality 11) and `<file>.gz` (level 9) beside every compressible output file, so
 * the server sends the smallest copy the browser accepts without compressing on each request
 * (@fastify/static `preCompressed`). Runs after every other plugin's closeBundle: the service worker
 * and its precache manifest are written by then.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'coride:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const files = (await filesUnder(outDir)).filter((file) => compressible.test(file));
        await Promise.all(
          files.map(async (file) => {
            const content = await fs.readFile(file);
            if (content.length < minimumBytes) return;
            const [br, gz] = await Promise.all([
              brotli(content, {
                params: {
                  [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                  [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
                  [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
                },
              }),
              gzip(content, { level: zlib.constants.Z_BEST_COMPRESSION }),
            ]);
            // A copy that is not smaller is not worth a second file; the server falls back to the original.
            if (br.length < content.length) await fs.writeFile(`${file}.br`, br);
            if (gz.length < content.length) await fs.writeFile(`${file}.gz`, gz);
          }),
        );
      },
    },
  };
}
