import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_POLICIES } from '../../db/seed/data/content/policies';
import { buildTestApp, type TestApp } from '../../test/harness';
import { get } from '../../test/identity';
import { asDraft, BAD_IDS, expectNotFound, HOSTILE, ISO, newestFirst } from './content.testing';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const ALL = newestFirst(SEED_POLICIES, (p) => p.issuedAt);
const ids = (rows: Array<{ id: number }>) => rows.map((r) => r.id);
const byKeyword = (k: string) => ALL.filter((p) => p.title.includes(k) || p.summary.includes(k) || p.docNumber.includes(k));
const LIST = 'api/policyPostWeb/getPostList';
const INFO = 'api/policyPostWeb/getBaseInfo';

describe('GET api/policyPostWeb/getPostList', () => {
  it('lists policies newest issued first, without the body', async () => {
    const body = (await get(t, LIST)).json();
    expect(body).toMatchObject({ code: 200, msg: '查询成功', total: SEED_POLICIES.length });
    expect(ids(body.rows)).toEqual(ids(ALL.slice(0, 10)));
    expect(Object.keys(body.rows[0]).sort()).toEqual(['docNumber', 'id', 'issuedAt', 'issuer', 'summary', 'tags', 'title']);
    expect(body.rows[0].issuedAt).toMatch(ISO);
  });

  it('finds a keyword in the title, summary or document number', async () => {
    for (const keyword of ['个人信息', '主席令', '数据出境']) {
      const body = (await get(t, LIST, { keyword, pageSize: '100' })).json();
      expect(body.total, keyword).toBe(byKeyword(keyword).length);
      expect(ids(body.rows)).toEqual(ids(byKeyword(keyword)));
    }
    expect(byKeyword('主席令').length).toBeGreaterThan(0);
  });

  it('filters by tag, with the keyword', async () => {
    const tagged = ALL.filter((p) => p.tags.includes('部门规章'));
    const body = (await get(t, LIST, { tag: '部门规章', pageSize: '100' })).json();
    expect(body.total).toBe(tagged.length);
    expect(ids(body.rows)).toEqual(ids(tagged));
    const both = (await get(t, LIST, { tag: '部门规章', keyword: '人脸' })).json();
    expect(ids(both.rows)).toEqual(ids(tagged.filter((p) => byKeyword('人脸').includes(p))));
    // A tag matches whole, not as a substring of another tag.
    expect((await get(t, LIST, { tag: '部门' })).json().total).toBe(0);
  });

  it('pages and clamps', async () => {
    const page3 = (await get(t, LIST, { pageNum: '3', pageSize: '10' })).json();
    expect(page3.total).toBe(ALL.length);
    expect(ids(page3.rows)).toEqual(ids(ALL.slice(20, 30)));
    expect((await get(t, LIST, { pageSize: '100000' })).json().rows.length).toBe(ALL.length);
  });

  it('survives hostile keywords and tags', async () => {
    for (const value of [...HOSTILE, '"]', '[]', '{}']) {
      const k = await get(t, LIST, { keyword: value });
      expect(k.statusCode, value).toBe(200);
      expect(k.json().total, value).toBe(byKeyword(value).length);
      const g = await get(t, LIST, { tag: value });
      expect(g.statusCode, value).toBe(200);
      expect(g.json().total, value).toBe(0);
    }
  });
});

describe('GET api/policyPostWeb/getBaseInfo', () => {
  it('answers a policy with body and neighbours; same-day documents fall back to id order', async () => {
    const i = ALL.findIndex((p) => p.id === 6);
    const p = ALL[i];
    if (!p) throw new Error('seed changed');
    const { data } = (await get(t, INFO, { id: '6' })).json();
    expect(data).toMatchObject({ id: 6, title: p.title, issuer: p.issuer, docNumber: p.docNumber, body: p.body, tags: p.tags });
    // Policies 6 and 7 share an issue date: 7 is listed first, so it is 6's prev.
    expect(data.prev).toEqual({ id: 7, title: ALL[i - 1]?.title });
    expect(data.next).toEqual({ id: ALL[i + 1]?.id, title: ALL[i + 1]?.title });
    expect((await get(t, INFO, { id: String(ALL[0]?.id) })).json().data.prev).toBeNull();
    expect((await get(t, INFO, { id: String(ALL.at(-1)?.id) })).json().data.next).toBeNull();
  });

  it('a missing, unknown or malformed id is 404 ALL_0011', async () => {
    expectNotFound(await get(t, INFO), '政策解读不存在');
    expectNotFound(await get(t, INFO, { id: '999999' }), '政策解读不存在');
    for (const id of BAD_IDS) expectNotFound(await get(t, INFO, { id }), '政策解读不存在');
  });

  it('a draft is neither listed nor served nor a neighbour', async () => {
    const [a, draft, c] = ALL;
    if (!a || !draft || !c) throw new Error('seed too small');
    await asDraft(t, 'policies', draft.id, async () => {
      const listed = (await get(t, LIST, { pageSize: '100' })).json();
      expect(listed.total).toBe(ALL.length - 1);
      expect(ids(listed.rows)).not.toContain(draft.id);
      expectNotFound(await get(t, INFO, { id: String(draft.id) }), '政策解读不存在');
      expect((await get(t, INFO, { id: String(a.id) })).json().data.next.id).toBe(c.id);
    });
  });
});
