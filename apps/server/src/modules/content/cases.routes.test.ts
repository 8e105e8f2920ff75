import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_CASES } from '../../db/seed/data/content/cases';
import { SEED_INTERFACES } from '../../db/seed/data/interfaces';
import { buildTestApp, type TestApp } from '../../test/harness';
import { get, post } from '../../test/identity';
import { asDraft, BAD_IDS, expectNotFound, HOSTILE, ISO, newestFirst } from './content.testing';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const ALL = newestFirst(SEED_CASES, (c) => c.publishedAt);
const ids = (rows: Array<{ id: number }>) => rows.map((r) => r.id);
const nameOf = (id: number) => SEED_INTERFACES.find((i) => i.id === id)?.interfaceName;
const INDUSTRIES = ['互联网', '保险', '交通物流', '金融科技', '数字政府'];

describe('POST api/case/list', () => {
  it('lists published cases newest first, without the long fields', async () => {
    const res = await post(t, 'api/case/list', {});
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ code: 200, msg: '查询成功', total: 15 });
    expect(ids(body.rows)).toEqual(ids(ALL.slice(0, 10)));
    expect(Object.keys(body.rows[0]).sort()).toEqual(['customer', 'id', 'industry', 'publishedAt', 'summary', 'title']);
    expect(body.rows[0].publishedAt).toMatch(ISO);
  });

  it('filters by industry; an unknown or hostile industry lists nothing', async () => {
    for (const industry of INDUSTRIES) {
      const body = (await post(t, 'api/case/list', { industry })).json();
      expect(ids(body.rows)).toEqual(ids(ALL.filter((c) => c.industry === industry)));
      expect(body.total).toBe(3);
    }
    for (const industry of ['餐饮', ...HOSTILE]) {
      const res = await post(t, 'api/case/list', { industry });
      expect(res.statusCode, industry).toBe(200);
      expect(res.json(), industry).toMatchObject({ rows: [], total: 0 });
    }
  });

  it('pages: page 2, pageSize clamped, fields from the query string too', async () => {
    const page2 = (await post(t, 'api/case/list', { pageNum: '2', pageSize: '10' })).json();
    expect(page2.total).toBe(15);
    expect(ids(page2.rows)).toEqual(ids(ALL.slice(10)));
    const huge = (await post(t, 'api/case/list', { pageSize: '100000' })).json();
    expect(huge.rows.length).toBe(15);
  });
});

describe('GET api/case/industry', () => {
  it('answers the five industries in order with counts', async () => {
    const res = await get(t, 'api/case/industry');
    expect(res.json()).toEqual({ code: 200, msg: '操作成功', data: INDUSTRIES.map((industry) => ({ industry, count: 3 })) });
  });
});

describe('GET api/case/:id', () => {
  it('answers a case with its interfaces and its neighbours in the full list', async () => {
    const i = 4;
    const c = ALL[i];
    if (!c) throw new Error('seed too small');
    const res = await get(t, `api/case/${c.id}`);
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data).toMatchObject({
      id: c.id,
      industry: c.industry,
      title: c.title,
      customer: c.customer,
      challenge: c.challenge,
      solution: c.solution,
      results: c.results,
    });
    expect(data.interfaceIds).toBeUndefined();
    expect(data.interfaces).toEqual(c.interfaceIds.map((id) => ({ id, interfaceName: nameOf(id) })));
    expect(data.prev).toEqual({ id: ALL[i - 1]?.id, title: ALL[i - 1]?.title });
    expect(data.next).toEqual({ id: ALL[i + 1]?.id, title: ALL[i + 1]?.title });
    expect((await get(t, `api/case/${ALL[0]?.id}`)).json().data.prev).toBeNull();
    expect((await get(t, `api/case/${ALL.at(-1)?.id}`)).json().data.next).toBeNull();
  });

  it('links only interfaces that exist and are on sale, in the given order', async () => {
    const c = ALL[0];
    if (!c) throw new Error('seed too small');
    await t.database.db.execute(sql`update cases set interface_ids = '[424242, 2130, 1882, 2130, 9739]'::jsonb where id = ${c.id}`);
    await t.database.db.execute(sql`update interfaces set status = 'off_sale' where id = 9739`);
    try {
      const { data } = (await get(t, `api/case/${c.id}`)).json();
      expect(data.interfaces).toEqual([
        { id: 2130, interfaceName: nameOf(2130) },
        { id: 1882, interfaceName: nameOf(1882) },
      ]);
    } finally {
      await t.database.db.execute(sql`update cases set interface_ids = ${JSON.stringify(c.interfaceIds)}::jsonb where id = ${c.id}`);
      await t.database.db.execute(sql`update interfaces set status = 'on_sale' where id = 9739`);
    }
  });

  it('an unknown, non-numeric or malformed id is 404 ALL_0011', async () => {
    expectNotFound(await get(t, 'api/case/999999'), '案例不存在');
    for (const bad of BAD_IDS) expectNotFound(await get(t, `api/case/${encodeURIComponent(bad)}`), '案例不存在');
  });
});

describe('home page and detail side calls', () => {
  it('succeed: the six newest cases', async () => {
    const { data } = (await get(t, 'api/case/succeed')).json();
    expect(ids(data)).toEqual(ids(ALL.slice(0, 6)));
    expect(data[0].challenge).toBeUndefined();
  });

  it('recommend: the same industry first, never the excluded case, at most three', async () => {
    const c = ALL.find((x) => x.industry === '保险');
    if (!c) throw new Error('seed too small');
    const others = ALL.filter((x) => x.industry === '保险' && x.id !== c.id);
    const rest = ALL.filter((x) => x.industry !== '保险');
    const { data } = (await get(t, 'api/case/recommend', { industry: '保险', excludeId: String(c.id) })).json();
    expect(ids(data)).toEqual([...ids(others), ...ids(rest)].slice(0, 3));
    // Without an industry: the newest; a junk excludeId excludes nothing.
    expect(ids((await get(t, 'api/case/recommend')).json().data)).toEqual(ids(ALL.slice(0, 3)));
    const junk = await get(t, 'api/case/recommend', { excludeId: '1 or 1=1', industry: "' or 1=1 --" });
    expect(ids(junk.json().data)).toEqual(ids(ALL.slice(0, 3)));
  });

  it('comment: a voice from each of the six newest cases, quoting its first result', async () => {
    const { data } = (await get(t, 'api/case/comment')).json();
    expect(data).toEqual(ALL.slice(0, 6).map((c) => ({ caseId: c.id, customer: c.customer, industry: c.industry, quote: c.results[0] })));
  });
});

describe('drafts', () => {
  it('a draft case is not listed, counted, served, recommended or quoted', async () => {
    const draft = ALL[0];
    if (!draft) throw new Error('seed too small');
    await asDraft(t, 'cases', draft.id, async () => {
      const listed = (await post(t, 'api/case/list', { pageSize: '100' })).json();
      expect(listed.total).toBe(14);
      expect(ids(listed.rows)).not.toContain(draft.id);
      const industries = (await get(t, 'api/case/industry')).json().data;
      expect(industries.find((x: { industry: string }) => x.industry === draft.industry).count).toBe(2);
      expectNotFound(await get(t, `api/case/${draft.id}`), '案例不存在');
      expect((await get(t, `api/case/${ALL[1]?.id}`)).json().data.prev).toBeNull();
      expect(ids((await get(t, 'api/case/succeed')).json().data)).toEqual(ids(ALL.slice(1, 7)));
      expect(ids((await get(t, 'api/case/recommend', { industry: draft.industry })).json().data)).not.toContain(draft.id);
      const voices = (await get(t, 'api/case/comment')).json().data;
      expect(voices.map((v: { caseId: number }) => v.caseId)).toEqual(ids(ALL.slice(1, 7)));
    });
  });

  it('a case without results is no customer voice', async () => {
    const c = ALL[0];
    if (!c) throw new Error('seed too small');
    await t.database.db.execute(sql`update cases set results = '[]'::jsonb where id = ${c.id}`);
    try {
      const voices = (await get(t, 'api/case/comment')).json().data;
      expect(voices.map((v: { caseId: number }) => v.caseId)).toEqual(ids(ALL.slice(1, 7)));
    } finally {
      await t.database.db.execute(sql`update cases set results = ${JSON.stringify(c.results)}::jsonb where id = ${c.id}`);
    }
  });
});
