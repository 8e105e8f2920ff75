// npm run console -- <command>: operator commands (apps/server/src/cli.ts) against the stack
// that `npm start` runs here — same .env, same DATA_DIR — built first if the build is stale.
import { spawn } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { loadDotEnv, newestMtime, root, run, stackEnv } from './lib.mjs';

loadDotEnv();
const env = stackEnv({ NODE_ENV: 'production' });
const cli = path.join(root, 'apps/server/dist/cli.js');
const sources = [path.join(root, 'apps/server/src'), path.join(root, 'apps/server/drizzle'), path.join(root, 'packages/contracts/src')];
if (!existsSync(cli) || statSync(cli).mtimeMs < newestMtime(sources)) {
  const code = await run('npm', ['run', 'build', '-w', '@apimarket/server'], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  if (code !== 0) process.exit(code);
}
const child = spawn(process.execPath, [cli, ...process.argv.slice(2)], { env, stdio: 'inherit' });
child.on('exit', (code) => process.exit(code ?? 1));
