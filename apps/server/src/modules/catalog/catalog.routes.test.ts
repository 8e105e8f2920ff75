import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seed } from '../../db/seed';
import { buildTestApp, signed, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('GET api/category/list', () => {
  it('answers the seeded categories in order', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/apiHome/api/category/list', query: signed(t.config) });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.code).toBe(200);
    expect(body.data.length).toBe(11);
    expect(body.data[0]).toMatchObject({ id: 1, categoryName: '身份核验', icon: 'idcard' });
    expect(body.data.map((c: { categoryName: string }) => c.categoryName)).toContain('政务数据');
  });

  it('the seed is idempotent', async () => {
    await seed(t.database.db);
    await seed(t.database.db);
    const res = await t.app.inject({ method: 'GET', url: '/apiHome/api/category/list', query: signed(t.config) });
    expect(res.json().data.length).toBe(11);
  });

  it('needs the sign like every portal call', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/apiHome/api/category/list' });
    expect(res.json().code).toBe('ALL_0002');
  });
});
