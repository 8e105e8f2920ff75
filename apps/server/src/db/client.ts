// Opens the database the config names: PostgreSQL through `pg` when DATABASE_URL is set,
// otherwise embedded PGlite under DATA_DIR (or in memory for tests). Both speak the same
// drizzle API, so no service code knows which one it has.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { migrationsFolder } from './migrations-folder';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** The handle a db.transaction callback receives. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
  /** PGlite only: the whole data directory as a tarball, for an in-memory database to start from. */
  dump?(): Promise<Blob>;
}

/**
 * `memory` starts empty, or from a tarball `dump()` made: the tests migrate and seed one database
 * and give every test file a copy, which skips PostgreSQL's initdb, the migrations and the seed.
 */
export type DatabaseTarget = { url: string } | { dataDir: string } | { memory: true; from?: Blob };

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if ('url' in target) {
    const pool = new pg.Pool({ connectionString: target.url, max: 10 });
    const db = drizzlePg(pool, { schema });
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePg(db, { migrationsFolder: migrationsFolder() }),
      ping: () => ping(db),
      close: () => pool.end(),
    };
  }
  // pg_trgm backs the catalogue's substring search (a real PostgreSQL ships it in contrib).
  const options = { extensions: { pg_trgm } };
  let client: PGlite;
  if ('dataDir' in target) {
    const dir = path.join(target.dataDir, 'pgdata');
    mkdirSync(dir, { recursive: true });
    client = await PGlite.create(dir, options);
  } else {
    client = await PGlite.create(target.from ? { ...options, loadDataDir: target.from } : options);
  }
  const db = drizzlePglite(client, { schema });
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder: migrationsFolder() }),
    ping: () => ping(db),
    close: () => client.close(),
    dump: () => client.dumpDataDir('none'),
  };
}

async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
