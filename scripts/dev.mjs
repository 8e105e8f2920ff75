// npm run dev: the API server under tsx watch and Next in development mode, both reloading on
// change, with the same settings npm start uses.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { loadDotEnv, root, stackEnv } from './lib.mjs';

loadDotEnv();
const env = stackEnv();

const children = [
  spawn('npx', ['tsx', 'watch', 'src/main.ts'], { cwd: path.join(root, 'apps/server'), env, stdio: 'inherit' }),
  spawn(process.execPath, ['server.mjs', '--dev'], { cwd: path.join(root, 'apps/web'), env, stdio: 'inherit' }),
];
console.log(`\n  development: http://localhost:${env.PORT}\n`);

const stop = () => {
  for (const c of children) c.kill('SIGTERM');
  setTimeout(() => process.exit(0), 3000).unref();
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children) c.on('exit', () => stop());
