import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

// A stand-in API that counts how often it was asked, so a remembered answer can be told apart.
const api = vi.hoisted(() => ({ origin: '', calls: 0, session: '', last: { url: '', cookie: '', body: '' } }));

vi.mock('server-only', () => ({}));
vi.mock('next/headers', () => ({ cookies: async () => ({ get: (name: string) => (name === 'myToken' && api.session ? { value: api.session } : undefined) }) }));
vi.mock('next/navigation', () => ({ notFound: () => undefined }));
vi.mock('@/config', () => ({
  webConfig: {
    get apiOrigin() {
      return api.origin;
    },
    wire: { signSecret: 'test-sign-secret', aesSecret: 'test-aes-secret-0123456789abcdef' },
  },
}));

let server: http.Server;
beforeAll(async () => {
  server = http.createServer((req, res) => {
    api.calls += 1;
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      api.last = { url: req.url ?? '', cookie: req.headers.cookie ?? '', body: Buffer.concat(chunks).toString('utf8') };
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ code: 200, msg: '操作成功', data: { asked: api.calls } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  api.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('the remembered API answers of server components', () => {
  it('are one memo per process, so /__revalidate (bundled apart from the pages) forgets what pages read', async () => {
    // Two instances of the module, as Next makes for a page and for a route handler.
    const page = await import('./server');
    vi.resetModules();
    const routeHandler = await import('./server');
    expect(routeHandler).not.toBe(page);

    expect(await page.serverData('api/news/39', { ttl: 300 })).toEqual({ asked: 1 });
    expect(await page.serverData('api/news/39', { ttl: 300 })).toEqual({ asked: 1 });
    expect(await routeHandler.serverData('api/news/39', { ttl: 300 })).toEqual({ asked: 1 });

    routeHandler.forgetAnswers();
    expect(await page.serverData('api/news/39', { ttl: 300 })).toEqual({ asked: 2 });
  });
});

describe("a server component call with the visitor's session", () => {
  it("sends the session as the browser does: the myToken cookie, an empty token field, the sign made over ''", async () => {
    const { computeSign } = await import('@apimarket/contracts');
    const { serverData } = await import('./server');
    api.session = 'session-token-123';
    try {
      await serverData('myAccount/info', { method: 'POST', withSession: true });
      expect(api.last.cookie).toBe('myToken=session-token-123');
      const sent = new URLSearchParams(api.last.body);
      expect(sent.get('token')).toBe('');
      expect(sent.get('isLogin')).toBe('1');
      expect(sent.get('sign')).toBe(computeSign('', sent.get('cdpDate') ?? '', 'test-sign-secret'));

      await serverData('myAccount/menu', { withSession: true });
      expect(api.last.cookie).toBe('myToken=session-token-123');
      expect(new URL(api.last.url, 'http://x').searchParams.get('token')).toBe('');
    } finally {
      api.session = '';
    }
  });

  it('sends no cookie without a session', async () => {
    const { serverData } = await import('./server');
    await serverData('api/news/40');
    expect(api.last.cookie).toBe('');
  });
});
