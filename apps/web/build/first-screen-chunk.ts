import type { Plugin } from 'vite';

/**
 * Packages imported through one index that re-exports every component or icon. The module graph
 * says the index imports all of them; only the names a module imports are followed.
 */
const barrels: Record<string, RegExp> = {
  'radix-ui': /[\\/]node_modules[\\/]radix-ui[\\/]dist[\\/]index\.mjs$/,
  'lucide-react': /[\\/]node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]lucide-react\.mjs$/,
  'react-i18next': /[\\/]node_modules[\\/]react-i18next[\\/]dist[\\/]es[\\/]index\.js$/,
};

/** Name -> the specifier a barrel takes it from (`import * as Slot from "…"`, `export { default as X } from '…'`). */
function exportsOfBarrel(code: string): Map<string, string> {
  const specifierOf = new Map<string, string>();
  for (const [, name, specifier] of code.matchAll(/import \* as (\w+) from ["']([^"']+)["']/g)) specifierOf.set(name!, specifier!);
  for (const [, names, specifier] of code.matchAll(/export \{([^}]+)\} from ["']([^"']+)["']/g)) {
    for (const part of names!.split(',')) {
      const [name, alias] = part.trim().split(/\s+as\s+/);
      if (name) specifierOf.set(alias ?? name, specifier!);
    }
  }
  return specifierOf;
}

/** The names `code` imports from `specifier` (`import { A, B as C } from 'specifier'` -> A, B). */
function namesImportedFrom(code: string, specifier: string): string[] {
  const names: string[] = [];
  for (const [, list, from] of code.matchAll(/import\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g)) {
    if (from !== specifier) continue;
    for (const part of list!.split(',')) {
      const name = part
        .trim()
        .split(/\s+as\s+/)[0]!
        .replace(/^type\s+/, '');
      if (name) names.push(name);
    }
  }
  return names;
}

/**
 * Everything the first screen needs before it can paint (the entry's and the landing page's static
 * imports, transitively) in one chunk. Left to itself the bundler splits what lazy pages share into
 * dozens of small chunks, and on a phone each costs a request with ~1 KB of headers and, over HTTP/1.1's
 * six connections, a round trip in the queue: the landing page used to load 33 files before its first
 * paint (docs/decisions/015). Derived from the module graph, so whatever the landing page imports joins
 * the chunk by itself; what only lazy pages import stays with them.
 */
export function firstScreenChunk(rootSuffixes: string[]) {
  const members = new Set<string>();
  const plugin: Plugin = {
    name: 'coride:first-screen-chunk',
    apply: 'build',
    async buildEnd() {
      members.clear();
      const roots = [...this.getModuleIds()].filter((id) => rootSuffixes.some((suffix) => id.endsWith(suffix)));
      if (roots.length !== rootSuffixes.length) this.error(`first-screen roots not all found: ${rootSuffixes.join(', ')}`);
      const barrelExports = new Map<string, Map<string, string>>();
      const pending = [...roots];
      while (pending.length > 0) {
        const id = pending.pop()!;
        if (members.has(id)) continue;
        members.add(id);
        const info = this.getModuleInfo(id);
        for (const imported of info?.importedIds ?? []) {
          const barrel = Object.entries(barrels).find(([, pattern]) => pattern.test(imported));
          if (!barrel) {
            pending.push(imported);
            continue;
          }
          const [specifier] = barrel;
          if (!barrelExports.has(imported)) barrelExports.set(imported, exportsOfBarrel(this.getModuleInfo(imported)?.code ?? ''));
          for (const name of namesImportedFrom(info?.code ?? '', specifier)) {
            const target = barrelExports.get(imported)!.get(name);
            const resolved = target ? await this.resolve(target, imported) : null;
            if (resolved) pending.push(resolved.id);
          }
        }
      }
    },
  };
  // The bundler's runtime (the lazy-import helper) would otherwise be one more tiny file on the first screen.
  return { plugin, isFirstScreen: (id: string) => members.has(id) || /rolldown[\\/]runtime/.test(id) };
}
