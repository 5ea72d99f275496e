import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * The icon modules the first screen (the landing page and the site shell) draws. Each lucide icon
 * that several pages share becomes its own tiny chunk, and a dozen of them cost the landing page more
 * in per-file overhead than the icons weigh; vite.config.ts puts these in one chunk instead.
 * Derived from the sources, so an icon added to the landing page joins the group by itself.
 */
export function firstScreenIconModules(webRoot: string): Set<string> {
  const cjsEntry = createRequire(import.meta.url).resolve('lucide-react');
  const barrelPath = path.join(path.dirname(cjsEntry), '../esm/lucide-react.mjs');
  const fileOfName = new Map<string, string>();
  for (const line of fs.readFileSync(barrelPath, 'utf8').split('\n')) {
    const match = /^export \{ (.+) \} from '\.\/icons\/([\w-]+\.mjs)';$/.exec(line);
    if (!match) continue;
    for (const name of match[1]!.matchAll(/default as (\w+)/g)) fileOfName.set(name[1]!, match[2]!);
  }
  const files = new Set<string>();
  for (const dir of ['src/features/landing', 'src/components/layout']) {
    for (const entry of fs.readdirSync(path.join(webRoot, dir), { recursive: true, encoding: 'utf8' })) {
      if (!/\.tsx?$/.test(entry)) continue;
      const source = fs.readFileSync(path.join(webRoot, dir, entry), 'utf8');
      for (const [, names] of source.matchAll(/import \{([^}]+)\} from 'lucide-react'/g)) {
        for (const name of names!.split(',').map((n) => n.trim())) {
          const file = fileOfName.get(name);
          if (file) files.add(file);
        }
      }
    }
  }
  return files;
}
