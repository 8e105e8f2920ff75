import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_BANNERS, SEED_COURSES, SEED_MATRIX } from '../../db/seed/data/content/home';
import { SEED_INTERFACES } from '../../db/seed/data/interfaces';
import { buildTestApp, type TestApp } from '../../test/harness';
import { get, post } from '../../test/identity';
import { asDraft } from './content.testing';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const bySort = <T extends { sort: number; id: number }>(rows: readonly T[]) => [...rows].sort((a, b) => a.sort - b.sort || a.id - b.id);
const nameOf = (id: number) => SEED_INTERFACES.find((i) => i.id === id)?.interfaceName;

describe('POST api/banner/list', () => {
  it('answers the published banners in their sort order', async () => {
    const res = await post(t, 'api/banner/list', {});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 200, msg: '操作成功', data: bySort(SEED_BANNERS) });
  });

  it('follows an operator’s new order and leaves drafts out', async () => {
    const [first, second] = bySort(SEED_BANNERS);
    if (!first || !second) throw new Error('seed too small');
    await t.database.db.execute(sql`update banners set sort = 999 where id = ${first.id}`);
    try {
      await asDraft(t, 'banners', second.id, async () => {
        const { data } = (await post(t, 'api/banner/list', {})).json();
        expect(data.map((b: { id: number }) => b.id)).toEqual([
          ...bySort(SEED_BANNERS)
            .slice(2)
            .map((b) => b.id),
          first.id,
        ]);
      });
    } finally {
      await t.database.db.execute(sql`update banners set sort = ${first.sort} where id = ${first.id}`);
    }
  });
});

describe('GET api/matrix/list', () => {
  it('answers the matrix with each item’s interfaces named', async () => {
    const { data } = (await get(t, 'api/matrix/list')).json();
    expect(data).toEqual(
      bySort(SEED_MATRIX).map(({ interfaceIds, ...item }) => ({ ...item, interfaces: interfaceIds.map((id) => ({ id, interfaceName: nameOf(id) })) })),
    );
  });

  it('never names an interface that does not exist or is off sale', async () => {
    const item = bySort(SEED_MATRIX)[0];
    if (!item) throw new Error('seed too small');
    await t.database.db.execute(sql`update matrix_items set interface_ids = '[123456, 1882, 1979, 1882]'::jsonb where id = ${item.id}`);
    await t.database.db.execute(sql`update interfaces set status = 'off_sale' where id = 1979`);
    try {
      const { data } = (await get(t, 'api/matrix/list')).json();
      expect(data[0].interfaces).toEqual([{ id: 1882, interfaceName: nameOf(1882) }]);
    } finally {
      await t.database.db.execute(sql`update matrix_items set interface_ids = ${JSON.stringify(item.interfaceIds)}::jsonb where id = ${item.id}`);
      await t.database.db.execute(sql`update interfaces set status = 'on_sale' where id = 1979`);
    }
  });
});

describe('GET api/course/list', () => {
  it('answers the courses in their sort order', async () => {
    const res = await get(t, 'api/course/list');
    expect(res.json()).toEqual({ code: 200, msg: '操作成功', data: bySort(SEED_COURSES) });
    expect(res.json().data.length).toBe(11);
  });
});
