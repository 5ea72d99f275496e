// Bundles the server (and the domain package it imports as TypeScript) into dist/.
// Third-party packages stay external and load from node_modules at run time.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/server.ts', 'src/cli/create-admin.ts', 'src/cli/simulate.ts'],
  outdir: 'dist',
  outbase: 'src',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  // Third-party packages load from node_modules; the domain workspace package is TypeScript source,
  // so it is bundled in.
  plugins: [
    {
      name: 'external-third-party',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@coride/') ? undefined : { external: true }));
      },
    },
  ],
  logLevel: 'warning',
});
