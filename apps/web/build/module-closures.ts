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
 * Groups of modules by what a page needs before it can paint: the static imports, transitively, of
 * some root modules (`closures`: name -> root path suffixes), read from the module graph once it is
 * complete and before the bundler makes its chunks. vite.config.ts turns them into chunks.
 *
 * Left to itself the bundler splits what lazy pages share into dozens of small chunks, and on a phone
 * each costs a request with ~1 KB of headers and, over HTTP/1.1's six connections, a place in the
 * queue: the landing page used to load 33 files before its first paint (docs/decisions/015). Derived
 * from the graph, so whatever a page imports joins its group by itself.
 */
export function moduleClosures<Name extends string>(closures: Record<Name, string[]>) {
  const members = new Map<Name, Set<string>>();
  const plugin: Plugin = {
    name: 'coride:module-closures',
    apply: 'build',
    async buildEnd() {
      members.clear();
      const ids = [...this.getModuleIds()];
      const barrelExports = new Map<string, Map<string, string>>();
      for (const [name, rootSuffixes] of Object.entries(closures) as [Name, string[]][]) {
        const roots = ids.filter((id) => rootSuffixes.some((suffix) => id.endsWith(suffix)));
        if (roots.length !== rootSuffixes.length) this.error(`${name}: roots not all found: ${rootSuffixes.join(', ')}`);
        const closure = new Set<string>();
        members.set(name, closure);
        const pending = [...roots];
        while (pending.length > 0) {
          const id = pending.pop()!;
          if (closure.has(id)) continue;
          closure.add(id);
          const info = this.getModuleInfo(id);
          for (const imported of info?.importedIds ?? []) {
            const barrel = Object.entries(barrels).find(([, pattern]) => pattern.test(imported));
            if (!barrel) {
              pending.push(imported);
              continue;
            }
            const [specifier] = barrel;
            if (!barrelExports.has(imported)) barrelExports.set(imported, exportsOfBarrel(this.getModuleInfo(imported)?.code ?? ''));
            for (const importedName of namesImportedFrom(info?.code ?? '', specifier)) {
              const target = barrelExports.get(imported)!.get(importedName);
              const resolved = target ? await this.resolve(target, imported) : null;
              if (resolved) pending.push(resolved.id);
            }
          }
        }
      }
    },
  };
  return { plugin, isIn: (name: Name, id: string) => members.get(name)?.has(id) ?? false };
}
