import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { rows } from './ledger';
import type { TestApp } from './test-app';

/**
 * Every column of every table that can hold text, and which of `needles` it holds (case-insensitive):
 * the erasure tests' proof that nothing personal is left anywhere, a table added later included.
 */
export async function findEverywhere(t: TestApp, needles: string[]): Promise<string[]> {
  const columns = await rows<{ table_name: string; column_name: string }>(
    t.database.db,
    sql`select c.table_name, c.column_name from information_schema.columns c
        join information_schema.tables tb on tb.table_schema = c.table_schema and tb.table_name = c.table_name
        where c.table_schema = 'public' and tb.table_type = 'BASE TABLE'
          and c.data_type in ('text', 'character varying', 'character', 'json', 'jsonb', 'ARRAY')`,
  );
  expect(columns.length, 'the search reads the schema (a broken search must not pass)').toBeGreaterThan(60);
  const patterns = needles.map((needle) => `%${needle.toLowerCase()}%`);
  const found: string[] = [];
  for (const { table_name: table, column_name: column } of columns) {
    const hits = await rows<{ value: string }>(
      t.database.db,
      sql`select ${sql.identifier(column)}::text as value from ${sql.identifier(table)}
          where lower(${sql.identifier(column)}::text) like any (${`{${patterns.map((p) => `"${p}"`).join(',')}}`}::text[]) limit 3`,
    );
    for (const hit of hits) found.push(`${table}.${column}: ${hit.value.slice(0, 120)}`);
  }
  return found;
}
