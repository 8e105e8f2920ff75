// Once per test run, before any server test file: one database migrated and seeded, which every
// file's buildTestApp copies instead of migrating and seeding its own (a PGlite tarball in memory;
// on the PostgreSQL pass, a template database). Copying takes a fraction of the time: see
// docs/performance.md "Test run".
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';
import { seed } from '../db/seed';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A tarball of a migrated, seeded PGlite data directory ('' on the PostgreSQL pass). */
    pgliteSnapshot: string;
    /** A migrated, seeded database on TEST_DATABASE_URL's server to create test databases from ('' on PGlite). */
    templateDatabase: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const name = `t_template_${Date.now().toString(36)}`;
    await adminQuery(adminUrl, `create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ url: url.toString() });
    await database.migrate();
    await seed(database.db);
    await database.close();
    project.provide('pgliteSnapshot', '');
    project.provide('templateDatabase', name);
    return () => adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
  }
  const database = await openDatabase({ memory: true });
  await database.migrate();
  await seed(database.db);
  const tarball = await database.dump?.();
  await database.close();
  if (!tarball) throw new Error('PGlite gave no data directory to copy');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'apimarket-snapshot-'));
  const file = path.join(dir, 'seeded.tar');
  writeFileSync(file, Buffer.from(await tarball.arrayBuffer()));
  project.provide('pgliteSnapshot', file);
  project.provide('templateDatabase', '');
  return async () => rmSync(dir, { recursive: true, force: true });
}

async function adminQuery(adminUrl: string, text: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}
