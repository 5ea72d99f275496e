import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPglite } from '../src/db/client';

/**
 * Migrates one embedded database once per run; each test file copies it (about 0.4 s) instead of
 * migrating a fresh one (3-5 s).
 */
export default async function setup(project: TestProject) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'coride-test-'));
  const template = path.join(root, 'template');
  const handle = await openPglite(template);
  await handle.close();
  project.provide('pgliteTemplate', template);
  return () => fs.rmSync(root, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}
