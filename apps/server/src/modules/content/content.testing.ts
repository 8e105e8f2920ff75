// Test helpers of the content module: hostile filter values every list must survive, draft
// toggling on the test database, and the newest-first order the lists promise.
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { TestApp } from '../../test/harness';

/**
 * Filter values that must answer 200 with nothing or literal matches, never a 500. (A control
 * character is the input guard's: 400 naming the field, Decision 123.)
 */
export const HOSTILE = ['x'.repeat(1000), "' or 1=1 --", '<script>alert(1)</script>', '"; drop table news; --', '%', '_', '\\', '{"$ne":null}'];

/** Path ids that are not a positive integer: each is a page that does not exist. */
export const BAD_IDS = ['abc', '1 or 1=1', "1'", '0', '-1', '1.5', '1e3', '9999999999', '<script>'];

export type ContentTable = 'news' | 'cases' | 'policies' | 'knowledge' | 'banners';

export async function setStatus(t: TestApp, table: ContentTable, id: number, status: 'draft' | 'published'): Promise<void> {
  await t.database.db.execute(sql`update ${sql.identifier(table)} set status = ${status} where id = ${id}`);
}

/** Runs body with the row as a draft, then publishes it again whatever happened. */
export async function asDraft(t: TestApp, table: ContentTable, id: number, body: () => Promise<void>): Promise<void> {
  await setStatus(t, table, id, 'draft');
  try {
    await body();
  } finally {
    await setStatus(t, table, id, 'published');
  }
}

export function expectNotFound(res: LightMyRequestResponse, msg: string): void {
  expect(res.statusCode).toBe(404);
  expect(res.json()).toEqual({ code: 'ALL_0011', msg });
}

/** Seed rows ordered the way the lists promise: newest first, then the higher id. */
export function newestFirst<T extends { id: number }>(rows: readonly T[], at: (r: T) => string): T[] {
  return [...rows].sort((a, b) => at(b).localeCompare(at(a)) || b.id - a.id);
}

export const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
