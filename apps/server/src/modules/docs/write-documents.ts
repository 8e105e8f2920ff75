// Writes the portal and open data API documents as the server answers them, without listening:
// a test app (fresh PGlite, seeded catalogue, DEV_TOOLS on so every declared call is in) answers
// the three document calls through inject(). `npm run openapi:lint` lints what this writes.
//   tsx src/modules/docs/write-documents.ts [folder (default: a new temporary one)] [--no-lint]
//     → portal.json, gateway.json, interface-<id>.json, then Redocly CLI over them
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildTestApp, type TestApp } from '../../test/harness';

/**
 * The environment the documents are written in: every declared call (DEV_TOOLS on), and a public
 * gateway address (the lint refuses a localhost server, which only a development set-up has).
 */
export const DOCUMENT_ENV = { DEV_TOOLS: '1', GATEWAY_URL: 'https://gateway.apimarket.test' } as const;

/** Writes the documents `t` serves into `folder`; returns the files. */
export async function writeDocuments(folder: string, given?: TestApp): Promise<string[]> {
  const t = given ?? (await buildTestApp({ env: DOCUMENT_ENV }));
  try {
    const get = async (url: string) => {
      const res = await t.app.inject({ method: 'GET', url });
      if (res.statusCode !== 200) throw new Error(`GET ${url} answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
      return res.body;
    };
    const gateway = await get('/apiHome/api/openapi/gateway.json');
    // One interface's document too (the first on sale): the page's download is linted like the whole.
    const first = Object.values(JSON.parse(gateway).paths as Record<string, { post: { 'x-apimarket-interface-id': number } }>)[0]?.post[
      'x-apimarket-interface-id'
    ];
    const files: Array<[string, string]> = [
      ['portal.json', await get('/apiHome/openapi.json')],
      ['gateway.json', gateway],
      ...(first ? [[`interface-${first}.json`, await get(`/apiHome/api/openapi/${first}`)] as [string, string]] : []),
    ];
    mkdirSync(folder, { recursive: true });
    return files.map(([name, body]) => {
      const file = path.join(folder, name);
      writeFileSync(file, `${JSON.stringify(JSON.parse(body), null, 2)}\n`);
      return file;
    });
  } finally {
    if (!given) await t.close();
  }
}

/** Redocly CLI over the files with the repository's redocly.yaml: its exit status and report. */
export function lintDocuments(files: string[]): { status: number | null; output: string } {
  const root = fileURLToPath(new URL('../../../../../', import.meta.url));
  const run = spawnSync(path.join(root, 'node_modules/.bin/redocly'), ['lint', '--config', path.join(root, 'redocly.yaml'), '--format=stylish', ...files], {
    cwd: root,
    encoding: 'utf8',
    // No telemetry or update check: the lint must work offline and quietly.
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

// As a script: write the documents, then lint them unless --no-lint (npm run openapi:lint).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const folder = process.argv.slice(2).find((a) => !a.startsWith('--')) ?? mkdtempSync(path.join(os.tmpdir(), 'apimarket-openapi-'));
  const files = await writeDocuments(path.resolve(folder));
  for (const file of files) console.log(file);
  if (!process.argv.includes('--no-lint')) {
    const { status, output } = lintDocuments(files);
    console.log(output);
    process.exit(status ?? 1);
  }
}
