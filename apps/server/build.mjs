// Bundles the server into dist/main.js and the operator command line into dist/cli.js.
// Workspace packages (@apimarket/*, TypeScript source) are compiled in; every npm dependency
// stays external and loads from node_modules, which keeps PGlite's .wasm/.data files beside
// their module where it looks for them. The benchmarks are bundled the same way (bench/run.mjs),
// so they measure the code production runs.
import { pathToFileURL } from 'node:url';
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

/** Bundles the entry points into outdir as production runs them. */
export function bundle(entryPoints, outdir) {
  return build({
    entryPoints,
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    plugins: [externalDependencies],
    logLevel: 'warning',
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  // main: the API server; cli: `npm run console` (operator commands).
  await bundle(['src/main.ts', 'src/cli.ts'], 'dist');
  console.log('server built: apps/server/dist/main.js, dist/cli.js');
}
