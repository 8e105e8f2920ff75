import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

// A stand-in API that counts how often it was asked, so a remembered answer can be told apart.
const api = vi.hoisted(() => ({ origin: '', calls: 0 }));

vi.mock('server-only', () => ({}));
vi.mock('next/headers', () => ({ cookies: async () => ({ get: () => undefined }) }));
vi.mock('next/navigation', () => ({ notFound: () => undefined }));
vi.mock('../../config', () => ({
  webConfig: {
    get apiOrigin() {
      return api.origin;
    },
    wire: { signSecret: 'test-sign-secret', aesSecret: 'test-aes-secret-0123456789abcdef' },
  },
}));

let server: http.Server;
beforeAll(async () => {
  server = http.createServer((_req, res) => {
    api.calls += 1;
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ code: 200, msg: '操作成功', data: { asked: api.calls } }));
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
