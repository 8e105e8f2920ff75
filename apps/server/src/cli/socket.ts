// The running API server's door for `npm run console`: a Unix socket in DATA_DIR, readable by
// the server's own OS user only (mode 0600). It is not on the network, so it needs no password:
// whoever can open it could read the database files anyway. One JSON line in (the command's
// arguments), one JSON line out.
import { chmodSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { CommandError, type CommandDeps, runCommand } from './commands';

export function consoleSocketPath(dataDir: string): string {
  return path.join(dataDir, 'console.sock');
}

export interface ConsoleAnswer {
  ok: boolean;
  output: string;
}

export async function startConsoleSocket(dataDir: string, deps: CommandDeps, logger: FastifyBaseLogger): Promise<() => Promise<void>> {
  const file = consoleSocketPath(dataDir);
  rmSync(file, { force: true }); // left over from a process that did not close cleanly
  const server = net.createServer((socket) => {
    let input = '';
    socket.setEncoding('utf8');
    socket.on('data', async (chunk: string) => {
      input += chunk;
      if (input.length > 64 * 1024) socket.destroy();
      if (!input.includes('\n')) return;
      let answer: ConsoleAnswer;
      try {
        const argv = JSON.parse(input.slice(0, input.indexOf('\n'))) as unknown;
        if (!Array.isArray(argv) || !argv.every((a) => typeof a === 'string')) throw new CommandError('bad request');
        logger.info({ command: argv.slice(0, 2).join(' ') }, 'console command');
        answer = { ok: true, output: await runCommand(deps, argv) };
      } catch (err) {
        answer = { ok: false, output: err instanceof CommandError ? err.message : '命令执行失败，详见服务器日志' };
        if (!(err instanceof CommandError)) logger.error({ err }, 'console command failed');
      }
      socket.end(`${JSON.stringify(answer)}\n`);
    });
    socket.on('error', () => socket.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(file, () => resolve());
  });
  chmodSync(file, 0o600);
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      rmSync(file, { force: true });
    });
}

/** Send a command to a running server; null when none is listening in this DATA_DIR. */
export function sendToRunningServer(dataDir: string, argv: string[]): Promise<ConsoleAnswer | null> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(consoleSocketPath(dataDir));
    let output = '';
    socket.setEncoding('utf8');
    socket.on('connect', () => socket.write(`${JSON.stringify(argv)}\n`));
    socket.on('data', (chunk: string) => {
      output += chunk;
    });
    socket.on('end', () => {
      try {
        resolve(JSON.parse(output) as ConsoleAnswer);
      } catch (err) {
        reject(err);
      }
    });
    socket.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT' || err.code === 'ECONNREFUSED') resolve(null);
      else reject(err);
    });
  });
}
