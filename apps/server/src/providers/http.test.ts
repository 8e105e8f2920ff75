import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_INTERFACES } from '../db/seed/data/interfaces';
import { httpProvider, parseAnswer } from './http';
import { providerFor } from './index';
import { UpstreamRefused, UpstreamTimeout } from './types';

const spec = SEED_INTERFACES.find((s) => s.id === 1882) ?? SEED_INTERFACES[0];
if (!spec) throw new Error('empty catalogue');
const signal = () => new AbortController().signal;

/** What the upstream received, per path. */
const received: Array<{ path: string; headers: IncomingMessage['headers']; body: string }> = [];

const routes: Record<string, (res: ServerResponse) => void> = {
  '/ok': (res) => json(res, 200, { code: '10000', message: '成功', data: { result: '1', description: '一致' } }),
  '/numeric': (res) => json(res, 200, { code: 10001, message: '查询无结果', data: null }),
  '/garbage': (res) => res.writeHead(200, { 'content-type': 'application/json' }).end('<html>oops'),
  '/shape': (res) => json(res, 200, { status: 'ok', result: '1' }),
  '/array': (res) => json(res, 200, [{ code: '10000' }]),
  '/fail': (res) => json(res, 503, { code: '10000', message: '成功', data: {} }),
  '/forbidden': (res) => json(res, 403, { error: 'bad credentials' }),
  '/hang': () => {}, // never answers
};

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

let server: Server;
let base = '';

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body });
      const route = routes[req.url ?? ''];
      if (route) route(res);
      else json(res, 404, {});
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  server.close();
  await once(server, 'close');
});

describe('httpProvider', () => {
  it('forwards the parameters as JSON with the configured headers and passes the answer through', async () => {
    const provider = httpProvider({ url: `${base}/ok`, timeoutMs: 2000, headers: { authorization: 'Bearer upstream-secret' } });
    const answer = await provider.call(spec, { name: '张三', idcard: '110101199003074514' }, { signal: signal() });
    expect(answer).toEqual({ code: '10000', message: '成功', data: { result: '1', description: '一致' } });
    expect(provider.name).toBe('http');
    const hit = received.find((r) => r.path === '/ok');
    expect(JSON.parse(hit?.body ?? '')).toEqual({ name: '张三', idcard: '110101199003074514' });
    expect(hit?.headers['content-type']).toBe('application/json');
    expect(hit?.headers.authorization).toBe('Bearer upstream-secret');
  });

  it('reads a numeric code as its string', async () => {
    const answer = await httpProvider({ url: `${base}/numeric`, timeoutMs: 2000 }).call(spec, {}, { signal: signal() });
    expect(answer).toEqual({ code: '10001', message: '查询无结果', data: null });
  });

  it('times out when the upstream never answers', async () => {
    const started = Date.now();
    const call = httpProvider({ url: `${base}/hang`, timeoutMs: 200 }).call(spec, {}, { signal: signal() });
    await expect(call).rejects.toBeInstanceOf(UpstreamTimeout);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it("treats the gateway's own deadline as a timeout", async () => {
    const call = httpProvider({ url: `${base}/hang`, timeoutMs: 5000 }).call(spec, {}, { signal: AbortSignal.timeout(150) });
    await expect(call).rejects.toBeInstanceOf(UpstreamTimeout);
  });

  it('is refused when nothing listens on the port', async () => {
    const closed = createServer();
    closed.listen(0, '127.0.0.1');
    await once(closed, 'listening');
    const { port } = closed.address() as AddressInfo;
    closed.close();
    await once(closed, 'close');
    const call = httpProvider({ url: `http://127.0.0.1:${port}/`, timeoutMs: 2000 }).call(spec, {}, { signal: signal() });
    await expect(call).rejects.toBeInstanceOf(UpstreamRefused);
  });

  it.each(['/garbage', '/shape', '/array', '/fail', '/forbidden'])('is refused when the upstream answers %s', async (path) => {
    const call = httpProvider({ url: `${base}${path}`, timeoutMs: 2000 }).call(spec, {}, { signal: signal() });
    await expect(call).rejects.toBeInstanceOf(UpstreamRefused);
  });
});

describe('providerFor', () => {
  it('answers the sandbox by default and the HTTP adapter when configured', async () => {
    expect(providerFor({ kind: 'sandbox' }).name).toBe('sandbox');
    const http = providerFor({ kind: 'http', url: `${base}/ok`, timeoutMs: 1000 });
    expect(http.name).toBe('http');
    await expect(http.call(spec, {}, { signal: signal() })).resolves.toMatchObject({ code: '10000' });
  });
});

describe('parseAnswer', () => {
  it('makes a supplier text storable: no NUL, no unpaired surrogate, in values or field names', () => {
    const text = '{"code":"10000","message":"ok\\u0000","data":{"name\\u0000":"A\\u0000B","list":["\\ud800x","好\\udc00"],"emoji":"\\ud83d\\ude00"}}';
    expect(parseAnswer(text)).toEqual({ code: '10000', message: 'ok', data: { name: 'AB', list: ['\ufffdx', '好\ufffd'], emoji: '😀' } });
  });
});
