// Bundles the server into dist/main.js and the operator command line into dist/cli.js.
// Workspace packages (@apimarket/*, TypeScript source) are compiled in; every npm dependency
// stays external and loads from node_modules, which keeps PGlite's .wasm/.data files beside
// their module where it looks for them.
import { build } from 'esbuild';

/** @type {import('esbuild').Plugin} */
const externalDependencies = {
  name: 'external-dependencies',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@apimarket/')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

await build({
  // main: the API server; cli: `npm run console` (operator commands).
  entryPoints: ['src/main.ts', 'src/cli.ts'],
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  plugins: [externalDependencies],
  logLevel: 'warning',
});
console.log('server built: apps/server/dist/main.js, dist/cli.js');
