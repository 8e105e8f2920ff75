// buildTestApp(): a real server on a fresh, migrated, seeded database per test file — in-memory
// PGlite by default, or a throwaway database on the PostgreSQL named by TEST_DATABASE_URL
// (npm run test:postgres). Nothing is mocked.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { computeSign } from '@apimarket/contracts';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import type { DestinationStream } from 'pino';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { type Database, openDatabase } from '../db/client';
import { seed } from '../db/seed';
import { createLogger } from '../http/logging';
import type { BatchRunner } from '../modules/online/batch.runner';
import type { Notifier } from '../notify';
import type { FileStore } from '../storage';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  notifier: Notifier;
  /** The batch job runner of this server (null for a gateway-role app). */
  batchRunner: BatchRunner | null;
  config: ReturnType<typeof loadConfig>;
  /** Uploaded files of this server (the database, like every API process's). */
  files: FileStore;
  /** The throwaway PostgreSQL database's URL, or null on in-memory PGlite. */
  databaseUrl: string | null;
  /** Every route of the app: method and path as registered. */
  routes: Array<{ method: string; url: string; declared: boolean }>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  /** Receives every log line, for tests that read the logs. */
  logStream?: DestinationStream;
  /** Extra routes registered under /apiHome before the app is ready. */
  routes?: (api: FastifyInstance) => void | Promise<void>;
  /** Extra routes registered at the root, outside the portal API. */
  rootRoutes?: (app: FastifyInstance) => void | Promise<void>;
  /**
   * Be a second API process over another test app's database: its own DATA_DIR, the same data.
   * In-memory PGlite admits one connection, so its Database object is shared; on PostgreSQL this
   * app opens its own pool. The first app drops the database, so close this one first.
   */
  sharedWith?: Pick<TestApp, 'database' | 'databaseUrl'>;
}

async function sameDatabase(other: Pick<TestApp, 'database' | 'databaseUrl'>): Promise<{ database: Database; drop(): Promise<void>; url: string | null }> {
  if (other.databaseUrl) return { database: await openDatabase({ url: other.databaseUrl }), drop: async () => {}, url: other.databaseUrl };
  return { database: { ...other.database, close: async () => {} }, drop: async () => {}, url: null };
}

/** The PostgreSQL server the tests run on (the PostgreSQL pass), or undefined for PGlite. */
export const TEST_POSTGRES_URL = process.env.TEST_DATABASE_URL;

/** The seeded tarball of the run's global setup, read once per worker. */
let snapshot: Blob | undefined;
function seededSnapshot(): Blob | undefined {
  const file = inject('pgliteSnapshot');
  if (!file) return undefined;
  snapshot ??= new Blob([readFileSync(file)]);
  return snapshot;
}

/** A database of its own for one test app: a copy of the run's migrated, seeded one (test/global-setup.ts). */
async function freshDatabase(): Promise<{ database: Database; drop(): Promise<void>; url: string | null; seeded: boolean }> {
  const adminUrl = TEST_POSTGRES_URL;
  if (!adminUrl) {
    const from = seededSnapshot();
    return { database: await openDatabase({ memory: true, from }), drop: async () => {}, url: null, seeded: Boolean(from) };
  }
  const template = inject('templateDatabase');
  const name = `t_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  return {
    database,
    url: url.toString(),
    seeded: Boolean(template),
    drop: async () => {
      const a = new pg.Client({ connectionString: adminUrl });
      await a.connect();
      // pool.end() resolves before its sockets have closed; dropping with force while they are
      // still closing makes the server send them a FATAL that surfaces as an uncaught error.
      // Wait (briefly) for the test's own connections to leave first.
      for (let i = 0; i < 50; i++) {
        const { rows } = await a.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
        if (rows[0].n === 0) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  };
}

export async function buildTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  // Files (uploads) go to a throwaway folder, never into the checkout.
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'apimarket-test-'));
  const config = loadConfig({ DEV_TOOLS: '1', DATA_DIR: dataDir, LOG_LEVEL: options.logStream ? 'info' : 'silent', ...options.env });
  const { database, drop, url, seeded } = options.sharedWith ? { ...(await sameDatabase(options.sharedWith)), seeded: true } : await freshDatabase();
  if (!seeded) {
    await database.migrate();
    await seed(database.db);
  }
  const logger = createLogger(config.logLevel, options.logStream);
  const routes: TestApp['routes'] = [];
  const onRoute = (r: { method: string | string[]; url: string; declared: boolean }) => {
    for (const method of [r.method].flat()) routes.push({ method, url: r.url, declared: r.declared });
  };
  const { app, notifier, batchRunner, files } = await buildApp({ config, database, logger, onRoute, checkAnswers: true });
  if (options.routes) await app.register(options.routes, { prefix: '/apiHome' });
  if (options.rootRoutes) await app.register(options.rootRoutes);
  await app.ready();
  return {
    app,
    database,
    notifier,
    batchRunner,
    config,
    files,
    databaseUrl: url,
    routes,
    close: async () => {
      await app.close();
      await database.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The test app of a whole file, built before its tests and closed after them. The object answered
 * now is filled in then, so module-level helpers can hold it; `options` may be a function for
 * settings known only once another server of the file listens.
 */
export function fileTestApp(options: TestAppOptions | (() => TestAppOptions) = {}): TestApp {
  const t = {} as TestApp;
  beforeAll(async () => {
    Object.assign(t, await buildTestApp(typeof options === 'function' ? options() : options));
  });
  afterAll(async () => {
    // Nothing to close when building failed (its error is the one to read).
    if (t.close) await t.close();
  });
  return t;
}

/** A log destination keeping every line the server writes, for tests that read the logs (TestAppOptions.logStream). */
export function logCapture(): { lines: string[]; stream: Writable } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { lines, stream };
}

/** The convention fields of spec 01 §7.1 for a request signed now (or at `at`). */
export function signed(
  config: TestApp['config'],
  fields: Record<string, string> = {},
  { token = '', at = Date.now() }: { token?: string; at?: number } = {},
): Record<string, string> {
  const cdpDate = String(at);
  return {
    token,
    cdpDate,
    tourisToken: '',
    isLogin: token ? '1' : '0',
    sign: computeSign(token, cdpDate, config.wire.signSecret),
    ...fields,
  };
}

/** A form-urlencoded body. */
export function form(fields: Record<string, string>): string {
  return new URLSearchParams(fields).toString();
}

export const FORM = { 'content-type': 'application/x-www-form-urlencoded' } as const;

export interface UploadFile {
  name: string;
  content: Buffer;
  type: string;
}

/** A multipart body as a browser sends it: the fields first, then the file (field "file"). */
export function multipartBody(fields: Record<string, string>, file?: UploadFile) {
  const boundary = `----apimarket${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
