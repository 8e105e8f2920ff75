import { REVALIDATE_HEADER } from '@apimarket/contracts';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const SECRET = 'test-revalidate-secret-0123';
const config = vi.hoisted(() => ({ webConfig: { revalidateSecret: 'test-revalidate-secret-0123' as string | null } }));
const calls = vi.hoisted(() => ({ revalidatePath: vi.fn(), forgetAnswers: vi.fn(), after: vi.fn() }));

vi.mock('server-only', () => ({}));
vi.mock('next/cache', () => ({ revalidatePath: calls.revalidatePath }));
vi.mock('next/server', () => ({ after: calls.after }));
vi.mock('@/config', () => config);
vi.mock('@/lib/api/server', () => ({ forgetAnswers: calls.forgetAnswers }));

const { POST } = await import('./route');

const ask = (body: unknown, secret: string | null = SECRET) =>
  POST(
    new Request('http://127.0.0.1:3000/__revalidate', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(secret === null ? {} : { [REVALIDATE_HEADER]: secret }) },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    }),
  );

beforeEach(() => {
  calls.revalidatePath.mockClear();
  calls.forgetAnswers.mockClear();
  calls.after.mockClear();
  config.webConfig.revalidateSecret = SECRET;
});

describe('POST /__revalidate', () => {
  it('refuses a caller without the secret, or with another one, and touches nothing', async () => {
    for (const secret of [null, '', 'wrong-secret-0123456789', `${SECRET}x`]) {
      const res = await ask({ paths: ['/'] }, secret);
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ ok: false, msg: '刷新请求未授权' });
    }
    expect(calls.revalidatePath).not.toHaveBeenCalled();
    expect(calls.forgetAnswers).not.toHaveBeenCalled();
  });

  it('refuses every caller while the web has no secret of its own (the development value with DEV_TOOLS off)', async () => {
    config.webConfig.revalidateSecret = null;
    const res = await ask({ paths: ['/'] });
    expect(res.status).toBe(503);
    expect(calls.revalidatePath).not.toHaveBeenCalled();
  });

  it('refreshes literal paths and detail patterns by their route folder, after forgetting the remembered answers', async () => {
    const res = await ask({ paths: ['/', '/news', '/news/1001', '/news/[id]'] });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, revalidated: ['/', '/news', '/news/1001', '/news/[id]'] });
    expect(calls.forgetAnswers).toHaveBeenCalledTimes(1);
    expect(calls.revalidatePath.mock.calls).toEqual([['/'], ['/news'], ['/news/1001'], ['/(site)/news/[id]', 'page']]);
  });

  it('visits each named page itself after answering, so the next reader gets the new one', async () => {
    const visited: string[] = [];
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (url) => {
      visited.push(String(url));
      return new Response('<html></html>');
    });
    try {
      await ask({ paths: ['/news', '/news/1001', '/news/[id]'] });
      expect(calls.after).toHaveBeenCalledTimes(1);
      expect(visited).toEqual([]); // nothing before the answer has gone
      await calls.after.mock.calls[0]?.[0]();
      // A pattern names no page to visit.
      expect(visited).toEqual(['http://127.0.0.1:3000/news', 'http://127.0.0.1:3000/news/1001']);
    } finally {
      fetchMock.mockRestore();
    }
  });

  it('expands the cases section to every content page that shows live cases', async () => {
    const res = await ask({ paths: ['/case'], sections: ['cases'] });
    const { revalidated } = await res.json();
    expect(revalidated[0]).toBe('/case');
    expect(revalidated).toContain('/faceRecgnition');
    expect(revalidated).toContain('/solutionPlan/logistics1');
    expect(revalidated.length).toBeGreaterThan(5);
    expect(calls.revalidatePath).toHaveBeenCalledTimes(revalidated.length);
  });

  it('answers 400 for a body it cannot read, and refreshes nothing', async () => {
    const bad: Array<[unknown, string]> = [
      ['not json', '刷新请求应为 JSON'],
      [{ paths: ['news'] }, '页面路径无效'],
      [{ paths: ['//evil.example'] }, '页面路径无效'],
      [{ paths: ['/news/[slug]'] }, '未知的页面模式：/news/[slug]'],
    ];
    for (const [body, msg] of bad) {
      const res = await ask(body);
      expect(res.status, msg).toBe(400);
      expect((await res.json()).msg).toBe(msg);
    }
    expect(calls.revalidatePath).not.toHaveBeenCalled();
    expect(calls.forgetAnswers).not.toHaveBeenCalled();
  });
});

describe('the web setting', () => {
  it('opens the route with the development secret only while DEV_TOOLS is on', async () => {
    const { loadWebConfig } = await import('../../../web-config.mjs');
    expect(loadWebConfig({}).revalidateSecret).toBeNull();
    expect(loadWebConfig({ DEV_TOOLS: '1' }).revalidateSecret).toBe('apimarket-dev-revalidate-secret');
    expect(loadWebConfig({ REVALIDATE_SECRET: 'a-real-shared-secret-0123' }).revalidateSecret).toBe('a-real-shared-secret-0123');
    expect(() => loadWebConfig({ REVALIDATE_SECRET: 'short' })).toThrow(/REVALIDATE_SECRET 至少 16 个字符/);
  });
});
