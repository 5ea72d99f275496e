import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * "Only the owning module writes its tables" (ADR 010), checked on the source: every insert, update
 * and delete a module makes (drizzle's `.insert(t)`, `.update(t)`, `.delete(t)` and raw SQL) must
 * name a table of its own modules/<module>/*tables.ts. Another module's rows change through that
 * module's repository or service, which take the caller's transaction. Lint keeps the imports (only
 * repositories, tables files and reporting may import another module's tables); this keeps the writes.
 * Outside modules/ only the demo loader writes, filling an empty database once.
 */

const modulesDir = path.resolve(import.meta.dirname, '../../src/modules');

type Table = { owner: string; constName: string; sqlName: string };
type Write = { file: string; module: string; table: Table; how: string };

function filesOf(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesOf(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

function tablesOf(moduleName: string, source: string): Table[] {
  return [...source.matchAll(/export const (\w+)\s*=\s*pgTable\(\s*'([a-z_]+)'/g)].map((m) => ({ owner: moduleName, constName: m[1]!, sqlName: m[2]! }));
}

/** The tables a file imports from any tables file, by the local name it uses. */
function importedTables(source: string, byConst: Map<string, Table>): Map<string, Table> {
  const local = new Map<string, Table>();
  for (const m of source.matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'[^']*(?:tables|-tables|db\/schema)'/g)) {
    for (const item of m[1]!
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean)) {
      const [name, alias] = item.split(/\s+as\s+/).map((part) => part.trim());
      const table = byConst.get(name!);
      if (table) local.set(alias ?? name!, table);
    }
  }
  return local;
}

export function writesIn(file: string, moduleName: string, source: string, all: Table[]): Write[] {
  const byConst = new Map(all.map((table) => [table.constName, table]));
  const bySql = new Map(all.map((table) => [table.sqlName, table]));
  const local = importedTables(source, byConst);
  if (path.basename(file).match(/tables\.ts$/)) for (const table of all.filter((t) => t.owner === moduleName)) local.set(table.constName, table);
  const writes: Write[] = [];
  for (const m of source.matchAll(/\.(insert|update|delete)\(\s*(\w+)\s*\)/g)) {
    const table = local.get(m[2]!);
    if (table) writes.push({ file, module: moduleName, table, how: `.${m[1]}(${m[2]})` });
  }
  for (const m of source.matchAll(/\b(insert\s+into|update|delete\s+from)\s+"?([a-z_]+)"?/gi)) {
    const table = bySql.get(m[2]!);
    if (table) writes.push({ file, module: moduleName, table, how: `${m[1]!.toLowerCase()} ${m[2]}` });
  }
  return writes;
}

function scan() {
  const modules = readdirSync(modulesDir, { withFileTypes: true }).filter((entry) => entry.isDirectory());
  const files = modules.flatMap((entry) =>
    filesOf(path.join(modulesDir, entry.name)).map((file) => ({ file, module: entry.name, source: readFileSync(file, 'utf8') })),
  );
  const tables = files.filter(({ file }) => /tables\.ts$/.test(file)).flatMap(({ module, source }) => tablesOf(module, source));
  const writes = files.flatMap(({ file, module, source }) => writesIn(file, module, source, tables));
  return { tables, writes };
}

describe('table ownership', () => {
  const { tables, writes } = scan();

  it('finds the tables and the writes it is checking (a broken scan must not pass)', () => {
    expect(tables.length).toBeGreaterThanOrEqual(30);
    expect(new Set(tables.map((t) => t.sqlName)).size).toBe(tables.length);
    expect(writes.length).toBeGreaterThanOrEqual(60);
    // Writes of every kind are seen, through drizzle and raw SQL alike.
    expect(writes.some((w) => w.table.constName === 'rides' && w.how.startsWith('.update'))).toBe(true);
    expect(writes.some((w) => w.table.constName === 'sessions' && w.how.startsWith('.delete'))).toBe(true);
  });

  it('has every write made by the module that owns the table', () => {
    const foreign = writes
      .filter((write) => write.table.owner !== write.module)
      .map((write) => `${path.relative(modulesDir, write.file)}: ${write.how} writes ${write.table.owner}'s ${write.table.sqlName}`);
    expect(foreign).toEqual([]);
  });

  it('reports a planted foreign write, aliased or in raw SQL', () => {
    const planted = [
      "import { users as people } from '../accounts/tables';",
      'await tx.update(people).set({ referralCode: code });',
      'await tx.execute(sql`delete from "sessions" where user_id = ${id}`);',
    ].join('\n');
    const found = writesIn('modules/rewards/planted.ts', 'rewards', planted, tables);
    expect(found.map((write) => `${write.table.owner}.${write.table.sqlName}`)).toEqual(['accounts.users', 'accounts.sessions']);
  });
});
