import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['source'] },
  test: {
    projects: [
      { extends: true, test: { name: 'domain', include: ['packages/domain/test/**/*.test.ts'] } },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['apps/server/test/**/*.test.ts'],
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: { name: 'web', include: ['apps/web/src/**/*.test.{ts,tsx}', 'apps/web/build/**/*.test.ts'], environment: 'node' },
      },
    ],
  },
});
