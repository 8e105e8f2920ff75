import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { CONTENT_KINDS, CONTENT_MSG, type ContentKind, pagesShowing, REVALIDATE_HEADER } from '@apimarket/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { news } from '../../db/schema';
import { consolePost, consoleTestApp, expectRoleMatrix, type TestOperator } from '../../test/console';
import { get } from '../../test/identity';
import { refreshPublicPages } from './content.service';

// A stand-in for the web: records every refresh request and answers as told.
interface Refresh {
  secret: string | undefined;
  body: unknown;
}
const refreshes: Refresh[] = [];
let webAnswers = 200;
const web = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    if (req.method === 'POST' && req.url === '/__revalidate') {
      const header = req.headers[REVALIDATE_HEADER];
      refreshes.push({ secret: Array.isArray(header) ? header[0] : header, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
    }
    res.writeHead(webAnswers, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ ok: webAnswers === 200 }));
  });
});

const SECRET = 'content-test-revalidate-secret';
beforeAll(() => new Promise<void>((resolve) => web.listen(0, '127.0.0.1', resolve)));
// Registered first, so it runs after the app below has closed.
afterAll(() => new Promise((resolve) => web.close(resolve)));
const { t, ops, auditOf } = consoleTestApp(() => ({
  env: { WEB_ORIGIN: `http://127.0.0.1:${(web.address() as AddressInfo).port}`, REVALIDATE_SECRET: SECRET },
}));
beforeEach(() => {
  refreshes.length = 0;
  webAnswers = 200;
});

const call = (path: string, fields: Record<string, string> = {}, op: TestOperator = ops.editor) => consolePost(t, `content/${path}`, op, fields);
const json = async (path: string, fields: Record<string, string> = {}, op?: TestOperator) => (await call(path, fields, op)).json();

const today = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);

const NEWS = {
  type: '2',
  title: '平台上线运营后台内容编辑功能',
  summary: '编辑可以在后台撰写、预览并发布新闻、案例、政策解读与知识库文章。',
  source: '数据API市场',
  publishedAt: '2026-01-15',
  body: '第一段：内容编辑上线。\n\n第二段：发布后公开页面立即刷新。',
};

describe('the role matrix', () => {
  it('opens every content call to editors and admins only', async () => {
    for (const kind of CONTENT_KINDS) {
      for (const verb of ['list', 'detail', 'save', 'publish', 'unpublish']) {
        // Fields that fail after the guard (or find nothing): the matrix writes no content.
        await expectRoleMatrix(t, `content/${kind}/${verb}`, 'content', verb === 'list' ? {} : { id: '999999' }, ops);
      }
    }
    await expectRoleMatrix(t, 'content/knowledge/types', 'content', {}, ops);
  });
});

describe('news: draft, publish, edit, unpublish', () => {
  it('keeps a draft off the public site until it is published, and refreshes the pages that show it', async () => {
    const created = await json('news/save', NEWS);
    expect(created).toMatchObject({ code: 200, msg: CONTENT_MSG.created, data: { status: 'draft', pages: null } });
    const id: number = created.data.id;
    expect(refreshes).toEqual([]); // a draft changes no public page

    // The draft: in the console, not on the public API the web reads.
    const listed = await json('news/list', { status: 'draft', keyword: NEWS.title });
    expect(listed.rows.map((r: { id: number }) => r.id)).toEqual([id]);
    expect(listed.rows[0]).toMatchObject({ title: NEWS.title, type: 2, status: 'draft' });
    expect((await get(t, `api/news/${id}`)).statusCode).toBe(404);
    expect((await get(t, 'api/news/list', { keyword: NEWS.title })).json().total).toBe(0);

    const detail = (await json('news/detail', { id: String(id) })).data;
    expect(detail).toMatchObject({ id, type: 2, title: NEWS.title, body: ['第一段：内容编辑上线。', '第二段：发布后公开页面立即刷新。'], status: 'draft' });

    const published = await json('news/publish', { id: String(id) });
    expect(published).toMatchObject({
      code: 200,
      msg: `${CONTENT_MSG.published}，${CONTENT_MSG.pagesRefreshed}`,
      data: { id, status: 'published', pages: 'refreshed' },
    });
    expect(refreshes).toEqual([{ secret: SECRET, body: { paths: ['/', '/news', `/news/${id}`, '/news/[id]'], sections: [] } }]);
    const article = (await get(t, `api/news/${id}`)).json().data;
    expect(article).toMatchObject({ id, title: NEWS.title, typeName: '公司新闻', body: detail.body });
    expect((await get(t, 'api/news/list', { keyword: NEWS.title })).json().rows[0]).toMatchObject({ id, title: NEWS.title });

    // Edit the title of the published article: the public answer changes, the pages refresh.
    refreshes.length = 0;
    const edited = await json('news/save', { ...NEWS, id: String(id), version: published.data.updatedAt, title: '运营后台内容编辑功能正式上线' });
    expect(edited).toMatchObject({ msg: `${CONTENT_MSG.saved}，${CONTENT_MSG.pagesRefreshed}`, data: { id, status: 'published', pages: 'refreshed' } });
    expect(refreshes).toHaveLength(1);
    expect((await get(t, `api/news/${id}`)).json().data.title).toBe('运营后台内容编辑功能正式上线');

    refreshes.length = 0;
    const down = await json('news/unpublish', { id: String(id) });
    expect(down).toMatchObject({ msg: `${CONTENT_MSG.unpublished}，${CONTENT_MSG.pagesRefreshed}`, data: { id, status: 'draft' } });
    expect(refreshes).toHaveLength(1);
    expect((await get(t, `api/news/${id}`)).statusCode).toBe(404);

    // Every write is in the audit trail with what changed.
    const audit = await auditOf('news', id);
    expect(audit.map((a) => a.action)).toEqual(['content.create', 'content.publish', 'content.update', 'content.unpublish']);
    expect(audit.every((a) => a.actor === ops.editor.username && a.operatorId === ops.editor.id)).toBe(true);
    expect(audit[0]?.after).toMatchObject({ title: NEWS.title, type: 2, status: 'draft' });
    expect(audit[1]).toMatchObject({ before: { status: 'draft' }, after: { status: 'published' } });
    expect(audit[2]).toMatchObject({ before: { title: NEWS.title }, after: { title: '运营后台内容编辑功能正式上线' } });
    expect(Object.keys(audit[2]?.after as object)).toEqual(['title']); // only what changed
    expect(audit[3]).toMatchObject({ before: { status: 'published' }, after: { status: 'draft' } });
  });

  it('is idempotent: publishing, unpublishing or saving the same thing twice changes once', async () => {
    const { id } = (await json('news/save', { ...NEWS, title: '幂等测试新闻' })).data;
    expect((await json('news/publish', { id: String(id) })).msg).toBe(`${CONTENT_MSG.published}，${CONTENT_MSG.pagesRefreshed}`);
    const again = await json('news/publish', { id: String(id) }, ops.admin);
    expect(again).toMatchObject({ code: 200, msg: CONTENT_MSG.alreadyPublished, data: { status: 'published', pages: null } });

    const detail = (await json('news/detail', { id: String(id) })).data;
    const same = await json('news/save', { ...NEWS, title: '幂等测试新闻', id: String(id), version: detail.updatedAt });
    expect(same).toMatchObject({ msg: CONTENT_MSG.unchanged, data: { pages: null } });

    expect((await json('news/unpublish', { id: String(id) })).data.status).toBe('draft');
    expect((await json('news/unpublish', { id: String(id) })).msg).toBe(CONTENT_MSG.alreadyDraft);

    expect((await auditOf('news', id)).map((a) => a.action)).toEqual(['content.create', 'content.publish', 'content.unpublish']);
    expect(refreshes).toHaveLength(2); // the publish and the unpublish, nothing for the repeats
  });

  it('refuses a save over someone else’s newer edit', async () => {
    const { id, updatedAt } = (await json('news/save', { ...NEWS, title: '并发编辑测试' })).data;
    expect((await json('news/save', { ...NEWS, id: String(id), version: updatedAt, title: '编辑甲的修改' })).msg).toBe(CONTENT_MSG.saved);
    const late = await call('news/save', { ...NEWS, id: String(id), version: updatedAt, title: '编辑乙的修改' });
    expect([late.statusCode, late.json()]).toEqual([409, { code: 'ALL_0013', msg: CONTENT_MSG.stale }]);
    expect((await json('news/detail', { id: String(id) })).data.title).toBe('编辑甲的修改');
  });

  it('keeps the stored time when the day is unchanged, and today’s item leads its list', async () => {
    const { id } = (await json('news/save', { ...NEWS, title: '今天发布的新闻', publishedAt: today() })).data;
    const [row] = await t.database.db.select({ at: news.publishedAt }).from(news).where(eq(news.id, id));
    expect(Date.now() - (row?.at.getTime() ?? 0)).toBeLessThan(60_000);
    await json('news/save', { ...NEWS, title: '今天发布的新闻（改）', publishedAt: today(), id: String(id) });
    const [after] = await t.database.db.select({ at: news.publishedAt }).from(news).where(eq(news.id, id));
    expect(after?.at.toISOString()).toBe(row?.at.toISOString());
    await json('news/publish', { id: String(id) });
    expect((await get(t, 'api/news/list', { type: '2' })).json().rows[0].id).toBe(id);
  });

  it('answers each bad field with its own message and writes nothing', async () => {
    const bad: Array<[Record<string, string>, string]> = [
      [{ title: '' }, CONTENT_MSG.titleRequired],
      [{ title: '   ' }, CONTENT_MSG.titleRequired],
      [{ title: '标'.repeat(101) }, '标题最多 100 字'],
      [{ type: '9' }, CONTENT_MSG.newsType],
      [{ type: 'abc' }, CONTENT_MSG.newsType],
      [{ summary: '' }, CONTENT_MSG.summaryRequired],
      [{ summary: '摘'.repeat(301) }, '摘要最多 300 字'],
      [{ source: '' }, CONTENT_MSG.sourceRequired],
      [{ publishedAt: '' }, CONTENT_MSG.dateRequired],
      [{ publishedAt: '2026-02-30' }, CONTENT_MSG.date],
      [{ publishedAt: '2026/01/15' }, CONTENT_MSG.date],
      [{ body: '' }, '请填写正文'],
      [{ body: '\n\n   \n\n' }, '请填写正文'],
      [{ body: '段'.repeat(2001) }, '正文每段最多 2000 字'],
      [{ body: Array.from({ length: 101 }, (_, i) => `第${i}段`).join('\n\n') }, '正文最多 100 段'],
      [{ body: Array.from({ length: 11 }, () => '字'.repeat(1900)).join('\n\n') }, '正文总共最多 20000 字'],
    ];
    const before = (await json('news/list', { pageSize: '1' })).total;
    for (const [change, msg] of bad) {
      const res = await call('news/save', { ...NEWS, ...change });
      expect([res.statusCode, res.json()], JSON.stringify(change).slice(0, 60)).toEqual([400, { code: 'ALL_0001', msg }]);
    }
    expect((await json('news/list', { pageSize: '1' })).total).toBe(before);

    const missing = await call('news/save', { ...NEWS, id: '999999' });
    expect([missing.statusCode, missing.json()]).toEqual([404, { code: 'ALL_0011', msg: CONTENT_MSG.missing }]);
    for (const path of ['news/detail', 'news/publish', 'news/unpublish']) {
      expect((await call(path, { id: '999999' })).json(), path).toEqual({ code: 'ALL_0011', msg: CONTENT_MSG.missing });
      expect((await call(path, { id: 'abc' })).json(), path).toEqual({ code: 'ALL_0001', msg: CONTENT_MSG.missing });
    }
  });
});

describe('cases, policies, knowledge and banners', () => {
  const CASE = {
    industry: '保险',
    title: '某财险公司：理赔核身从两天缩短到十分钟',
    customer: '某全国性财产保险公司',
    summary: '以实名认证与人脸核身替代人工审核理赔人身份。',
    challenge: '理赔人身份依赖人工审核。\n\n冒名理赔时有发生。',
    solution: '调用实名认证接口核验身份。',
    results: '理赔核身时长由两天缩短至十分钟。',
    interfaceIds: '1882，1882 1979',
    publishedAt: '2026-01-10',
  };
  const POLICY = {
    title: '《测试用数据管理办法》',
    issuer: '某部委',
    docNumber: '测试〔2026〕1号',
    issuedAt: '2026-01-05',
    summary: '一份用于测试的政策解读。',
    body: '第一段解读。\n\n第二段解读。',
    tags: '数据安全、测试标签, 数据安全',
  };
  const KNOWLEDGE = {
    type: '运营测试分类',
    title: '如何在后台发布知识库文章',
    summary: '从新建草稿到发布的完整步骤。',
    body: '先保存草稿。\n\n预览无误后发布。',
    interfaceIds: '1882',
    publishedAt: '2026-01-08',
  };
  const BANNER = { title: '运营后台测试横幅', subtitle: '横幅说明文字', href: '/news', buttonText: '查看详情', theme: 'teal', sort: '5' };

  /** Each kind's public read of one item, as the web makes it: the item or null. */
  const publicRead: Record<Exclude<ContentKind, 'news'>, (id: number) => Promise<{ title: string } | null>> = {
    cases: async (id) => (await get(t, `api/case/${id}`)).json().data ?? null,
    policies: async (id) => (await get(t, 'api/policyPostWeb/getBaseInfo', { id: String(id) })).json().data ?? null,
    knowledge: async (id) => (await get(t, 'api/knowledgeBase/getBaseInfo', { id: String(id) })).json().data ?? null,
    banners: async (id) => ((await get(t, 'api/banner/list')).json().data as Array<{ id: number; title: string }>).find((b) => b.id === id) ?? null,
  };
  const inputs = { cases: CASE, policies: POLICY, knowledge: KNOWLEDGE, banners: BANNER };

  for (const kind of ['cases', 'policies', 'knowledge', 'banners'] as const) {
    it(`${kind}: a draft is not public; publish shows it, an edit changes it, unpublish hides it`, async () => {
      const { id } = (await json(`${kind}/save`, inputs[kind])).data;
      expect(await publicRead[kind](id)).toBeNull();

      const published = await json(`${kind}/publish`, { id: String(id) });
      expect(published.msg).toBe(`${CONTENT_MSG.published}，${CONTENT_MSG.pagesRefreshed}`);
      expect(refreshes.map((r) => r.body)).toEqual([pagesShowing(kind, id)]);
      expect((await publicRead[kind](id))?.title).toBe(inputs[kind].title);

      await json(`${kind}/save`, { ...inputs[kind], id: String(id), title: `${inputs[kind].title}（修订）` });
      expect((await publicRead[kind](id))?.title).toBe(`${inputs[kind].title}（修订）`);

      await json(`${kind}/unpublish`, { id: String(id) });
      expect(await publicRead[kind](id)).toBeNull();
      expect(refreshes).toHaveLength(3);
      const target = { cases: 'case', policies: 'policy', knowledge: 'knowledge', banners: 'banner' }[kind];
      expect((await auditOf(target, id)).map((a) => a.action)).toEqual(['content.create', 'content.publish', 'content.update', 'content.unpublish']);
    });
  }

  it('stores paragraphs, interfaces and tags as the public pages read them', async () => {
    const c = (await json('cases/detail', { id: String((await json('cases/save', { ...CASE, title: '字段存储测试案例' })).data.id) })).data;
    expect(c).toMatchObject({
      challenge: ['理赔人身份依赖人工审核。', '冒名理赔时有发生。'],
      solution: ['调用实名认证接口核验身份。'],
      interfaceIds: [1882, 1979],
    });
    const p = (await json('policies/detail', { id: String((await json('policies/save', { ...POLICY, title: '《标签存储测试》' })).data.id) })).data;
    expect(p).toMatchObject({ tags: ['数据安全', '测试标签'], docNumber: '测试〔2026〕1号', body: ['第一段解读。', '第二段解读。'] });
  });

  it('names what is wrong with a case, a knowledge article, a policy or a banner', async () => {
    const bad: Array<[ContentKind, Record<string, string>, Record<string, string>, string]> = [
      ['cases', CASE, { industry: '餐饮' }, CONTENT_MSG.industry],
      ['cases', CASE, { customer: '' }, CONTENT_MSG.customerRequired],
      ['cases', CASE, { challenge: '' }, '请填写业务挑战'],
      ['cases', CASE, { results: '' }, '请填写实施成效'],
      ['cases', CASE, { interfaceIds: '1882, abc' }, CONTENT_MSG.interfaces],
      ['cases', CASE, { interfaceIds: '1882, 99999999' }, '接口编号 99999999 不存在，请核对后再保存'],
      ['cases', CASE, { interfaceIds: Array.from({ length: 21 }, (_, i) => String(i + 1)).join(',') }, CONTENT_MSG.interfacesMax],
      ['knowledge', KNOWLEDGE, { type: '' }, CONTENT_MSG.knowledgeTypeRequired],
      ['knowledge', KNOWLEDGE, { type: '类'.repeat(21) }, CONTENT_MSG.knowledgeType],
      ['policies', POLICY, { issuer: '' }, CONTENT_MSG.issuerRequired],
      ['policies', POLICY, { tags: Array.from({ length: 11 }, (_, i) => `标签${i}`).join(',') }, CONTENT_MSG.tagsMax],
      ['policies', POLICY, { tags: '标'.repeat(21) }, CONTENT_MSG.tag],
      ['policies', POLICY, { issuedAt: '' }, CONTENT_MSG.dateRequired],
      ['banners', BANNER, { href: '//evil.example' }, CONTENT_MSG.href],
      ['banners', BANNER, { href: 'javascript:alert(1)' }, CONTENT_MSG.href],
      ['banners', BANNER, { theme: 'red' }, CONTENT_MSG.theme],
      ['banners', BANNER, { sort: '-1' }, CONTENT_MSG.sort],
      ['banners', BANNER, { buttonText: '按'.repeat(11) }, CONTENT_MSG.buttonText],
    ];
    for (const [kind, base, change, msg] of bad) {
      const res = await call(`${kind}/save`, { ...base, ...change });
      expect([res.statusCode, res.json()], `${kind} ${JSON.stringify(change).slice(0, 60)}`).toEqual([400, { code: 'ALL_0001', msg }]);
    }
  });

  it('filters lists by status, keyword, type and industry, and offers the knowledge types in use', async () => {
    const { id } = (await json('cases/save', { ...CASE, industry: '数字政府', title: '筛选测试案例' })).data;
    const byIndustry = await json('cases/list', { industry: '数字政府', status: 'draft', keyword: '筛选测试' });
    expect(byIndustry.rows.map((r: { id: number }) => r.id)).toEqual([id]);
    expect(byIndustry.rows[0].challenge).toBeUndefined(); // long texts stay in the detail
    expect((await json('cases/list', { industry: '互联网', keyword: '筛选测试' })).total).toBe(0);
    expect((await json('cases/list', { keyword: String(id) })).rows.map((r: { id: number }) => r.id)).toContain(id);

    const seeded = await json('news/list', { type: '3', status: 'published', pageSize: '100' });
    expect(seeded.total).toBeGreaterThan(0);
    expect(seeded.rows.every((r: { type: number; status: string }) => r.type === 3 && r.status === 'published')).toBe(true);
    expect((await json('news/list', { type: 'x' })).total).toBe(0);
    expect((await call('news/list', { status: 'deleted' })).json()).toEqual({ code: 'ALL_0001', msg: CONTENT_MSG.status });

    await json('knowledge/save', { ...KNOWLEDGE, type: '只在草稿里的分类', title: '分类建议测试' });
    const types: string[] = (await json('knowledge/types')).data;
    expect(types).toContain('只在草稿里的分类');
    expect(types).toContain('接入指南');
    expect((await json('knowledge/list', { type: '只在草稿里的分类' })).total).toBe(1);

    const bannerRows = (await json('banners/list')).rows as Array<{ sort: number }>;
    expect(bannerRows.map((b) => b.sort)).toEqual([...bannerRows.map((b) => b.sort)].sort((a, b) => a - b));
  });
});

describe('refreshing the public pages', () => {
  it('still publishes when the web refuses, and says the pages will follow', async () => {
    const { id } = (await json('news/save', { ...NEWS, title: '网站刷新失败测试' })).data;
    webAnswers = 500;
    const res = await json('news/publish', { id: String(id) });
    expect(res).toMatchObject({ code: 200, msg: `${CONTENT_MSG.published}，${CONTENT_MSG.pagesFailed}`, data: { status: 'published', pages: 'failed' } });
    expect((await get(t, `api/news/${id}`)).statusCode).toBe(200);
  });

  it('reports an unreachable web as failed and no web at all as later', async () => {
    const log = t.app.log;
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    expect(await refreshPublicPages({ origins: [`http://127.0.0.1:${port}`], revalidateSecret: SECRET, publicOrigin: '' }, log, pagesShowing('news', 1))).toBe(
      'failed',
    );
    expect(await refreshPublicPages({ origins: [], revalidateSecret: SECRET, publicOrigin: '' }, log, pagesShowing('news', 1))).toBe('later');
  });
});

describe('catalogue changes refresh the public pages too', () => {
  it('asks for the home, the catalogue and the interface page, and tells the editor only when the web refused', async () => {
    const catalogue = async (path: string, fields: Record<string, string>) => (await consolePost(t, `catalogue/${path}`, ops.editor, fields)).json();
    webAnswers = 200;
    const before = refreshes.length;
    const off = await catalogue('interfaceStatus', { id: '1887', status: 'off_sale' });
    expect(off.data).toMatchObject({ id: 1887, changed: true });
    expect(off.msg).not.toContain(CONTENT_MSG.pagesFailed);
    expect(refreshes.slice(before)).toEqual([{ secret: SECRET, body: { paths: ['/', '/api', '/api/1887'], sections: [] } }]);

    // The same status again changes nothing and asks nothing.
    await catalogue('interfaceStatus', { id: '1887', status: 'off_sale' });
    expect(refreshes.length).toBe(before + 1);

    webAnswers = 500;
    const on = await catalogue('interfaceStatus', { id: '1887', status: 'on_sale' });
    expect(on.msg).toMatch(new RegExp(`${CONTENT_MSG.pagesFailed}$`));
    webAnswers = 200;
  });
});

describe('the refresh settings', () => {
  const PROD = { WIRE_SIGN_SECRET: 'prod-sign-123', WIRE_AES_SECRET: 'prod-aes-456', SECRETS_KEY: 'prod-secrets-key-0123' };

  it('are optional: without WEB_ORIGIN nobody is asked, with DEV_TOOLS on or off', () => {
    expect(loadConfig(PROD).web.origins).toEqual([]);
    expect(loadConfig({ DEV_TOOLS: '1' }).web.origins).toEqual([]);
  });

  it('refuse the development secret with DEV_TOOLS off once a web is named', () => {
    const web = { ...PROD, WEB_ORIGIN: 'http://10.0.0.5:3000' };
    expect(() => loadConfig(web)).toThrow(ConfigError);
    expect(() => loadConfig(web)).toThrow(/REVALIDATE_SECRET/);
    const ok = loadConfig({ ...web, REVALIDATE_SECRET: 'a-real-shared-secret-0123' });
    expect(ok.web).toEqual({ origins: ['http://10.0.0.5:3000'], revalidateSecret: 'a-real-shared-secret-0123', publicOrigin: '' });
    expect(loadConfig({ DEV_TOOLS: '1', WEB_ORIGIN: 'http://127.0.0.1:3000' }).web.origins).toEqual(['http://127.0.0.1:3000']);
  });

  it('take several web processes, and name a bad address or a short secret', () => {
    const c = loadConfig({ DEV_TOOLS: '1', WEB_ORIGIN: ' http://10.0.0.5:3000/, http://10.0.0.6:3000 ' });
    expect(c.web.origins).toEqual(['http://10.0.0.5:3000', 'http://10.0.0.6:3000']);
    expect(() => loadConfig({ DEV_TOOLS: '1', WEB_ORIGIN: 'ftp://web' })).toThrow(/WEB_ORIGIN 必须是 http\(s\):\/\/ 地址/);
    expect(() => loadConfig({ DEV_TOOLS: '1', REVALIDATE_SECRET: 'short' })).toThrow(/REVALIDATE_SECRET 至少 16 个字符/);
  });

  it('take the public site address for links sent by SMS, without its trailing slash', () => {
    expect(loadConfig({ DEV_TOOLS: '1', PUBLIC_ORIGIN: 'https://www.example.com/' }).web.publicOrigin).toBe('https://www.example.com');
    expect(() => loadConfig({ DEV_TOOLS: '1', PUBLIC_ORIGIN: 'www.example.com' })).toThrow(/PUBLIC_ORIGIN 必须是 http\(s\):\/\/ 地址/);
  });
});
