// The supplier stub itself: its latencies follow the distribution asked for, and each failure mode
// reaches a caller the way a real supplier's would.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drawLatency, type SupplierStub, startSupplierStub } from './supplier-stub';

let stub: SupplierStub;
beforeAll(async () => {
  stub = await startSupplierStub();
});
afterAll(() => stub.close());

const post = (signal?: AbortSignal) =>
  fetch(`${stub.url}/v1/check`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":"张三"}', signal });

describe('drawLatency', () => {
  it('draws a log-normal latency with the median and 99th percentile asked for', () => {
    let s = 1;
    const random = () => {
      s = (s * 16807) % 2147483647;
      return s / 2147483647;
    };
    const draws = Array.from({ length: 40_000 }, () => drawLatency(random, { medianMs: 80, p99Ms: 400 })).sort((a, b) => a - b);
    const at = (q: number) => draws[Math.floor(q * draws.length)] ?? 0;
    expect(at(0.5)).toBeGreaterThan(72);
    expect(at(0.5)).toBeLessThan(88);
    expect(at(0.99)).toBeGreaterThan(340);
    expect(at(0.99)).toBeLessThan(460);
  });
});

describe('the stub', () => {
  it('answers {code, message, data} and keeps what it received', async () => {
    stub.setMode({ latency: { medianMs: 0, p99Ms: 0 } });
    const res = await post();
    expect(await res.json()).toEqual({ code: '10000', message: '成功', data: { result: '1', desc: '一致' } });
    expect(stub.received.at(-1)).toMatchObject({ path: '/v1/check', body: '{"name":"张三"}' });
  });

  it('fails as asked: 5xx, malformed JSON, a reset connection, a hang, a body that stalls', async () => {
    stub.setMode({ latency: { medianMs: 0, p99Ms: 0 }, failure: { kind: 'status500', share: 1 } });
    expect((await post()).status).toBe(502);
    stub.setMode({ latency: { medianMs: 0, p99Ms: 0 }, failure: { kind: 'malformed', share: 1 } });
    await expect((await post()).json()).rejects.toThrow();
    stub.setMode({ latency: { medianMs: 0, p99Ms: 0 }, failure: { kind: 'reset', share: 1 } });
    await expect(post()).rejects.toThrow();
    stub.setMode({ latency: { medianMs: 0, p99Ms: 0 }, failure: { kind: 'hang', share: 1 } });
    await expect(post(AbortSignal.timeout(200))).rejects.toThrow();
    stub.setMode({ latency: { medianMs: 0, p99Ms: 0 }, failure: { kind: 'slowBody', share: 1 } });
    await expect(post(AbortSignal.timeout(200)).then((r) => r.text())).rejects.toThrow();
    expect(stub.stats.failed).toMatchObject({ status500: 1, malformed: 1, reset: 1, hang: 1, slowBody: 1 });
  });

  it('refuses connections while down, and answers again on the same port when up', async () => {
    stub.setMode({ latency: { medianMs: 0, p99Ms: 0 } });
    await stub.down();
    await expect(post()).rejects.toThrow();
    await stub.up();
    expect((await post()).status).toBe(200);
  });
});
