// Runs a benchmark on the code production runs: bench/<name>.ts and what it imports bundled by
// esbuild as build.mjs bundles the server (tsx, which `npm run dev` uses, wraps every function in
// a naming helper that costs CPU on the hot path). Also builds dist/ first, for benchmarks that
// start the server as its own processes (dist/main.js).
//
//   node bench/run.mjs gateway
//   BENCH_POSTGRES=1 node bench/run.mjs gateway   on a throwaway PostgreSQL cluster started here
//                                                 with its durable defaults (fsync, synchronous
//                                                 commit): BENCH_DATABASE_URL and
//                                                 BENCH_POSTMASTER_PID are set for the benchmark
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { withCluster } from '../../../scripts/lib.mjs';
import { bundle } from '../build.mjs';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const name = process.argv[2];
if (!name || !/^[a-z0-9-]+$/.test(name)) {
  console.error('usage: node bench/run.mjs <benchmark name, e.g. gateway>');
  process.exit(2);
}
process.chdir(serverDir);
await bundle(['src/main.ts', 'src/cli.ts'], 'dist');
// Beside the sources, so node_modules resolve as they do for dist/main.js.
const outdir = path.join(serverDir, '.bench-build');
await bundle([`bench/${name}.ts`], outdir);

/** The bundled benchmark, with extra environment; resolves with its exit code. */
const runBench = (env) =>
  new Promise((resolve) => {
    const child = spawn(process.execPath, [...process.execArgv, path.join(outdir, `${name}.js`), ...process.argv.slice(3)], {
      stdio: 'inherit',
      env: { ...process.env, ...env },
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });

const code =
  process.env.BENCH_POSTGRES === '1'
    ? await withCluster((url, { postmasterPid }) => runBench({ BENCH_DATABASE_URL: url, BENCH_POSTMASTER_PID: String(postmasterPid) }))
    : await runBench({});
process.exit(code);
