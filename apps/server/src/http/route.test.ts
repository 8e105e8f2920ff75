// One declaration per call (Decision 150): the server's /apiHome routes are exactly the calls
// declared in packages/contracts, each registered from its declaration; and an answer that
// breaks its declared schema is caught where the tests run.
import { type Call, defineCall } from '@apimarket/contracts';
import { allCalls } from '@apimarket/contracts/calls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp, type TestApp } from '../test/harness';
import { answerDrift } from './route';

let t: TestApp;
beforeAll(async () => {
  // The development tools are declared calls too; switch them on so they are registered.
  t = await buildTestApp({ env: { DEV_TOOLS: '1' } });
});
afterAll(async () => t.close());

const key = (method: string, url: string) => `${method} ${url}`;

describe('the routes and the declarations', () => {
  it('registers every declared call, and no /apiHome route that is not declared', () => {
    const portal = t.routes.filter((r) => r.url.startsWith('/apiHome/') && r.method !== 'HEAD');
    const registered = new Set(portal.map((r) => key(r.method, r.url)));
    const declared = new Set(allCalls().map((c) => key(c.method, `/apiHome${c.path}`)));
    expect([...declared].filter((k) => !registered.has(k)).sort()).toEqual([]);
    expect([...registered].filter((k) => !declared.has(k)).sort()).toEqual([]);
    // …and each was registered by the declaration's registrar, not by hand at the same path.
    expect(portal.filter((r) => !r.declared).map((r) => key(r.method, r.url))).toEqual([]);
  });

  it('declares each method and path once', () => {
    const keys = allCalls().map((c) => key(c.method, c.path));
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
  });
});

describe('an answer held to its declaration', () => {
  const call: Call = defineCall({
    method: 'POST',
    path: '/x',
    body: 'form',
    access: 'anyone',
    summary: 'x',
    input: z.object({}),
    answer: { data: z.object({ id: z.number().int(), name: z.string(), when: z.string(), tags: z.array(z.object({ k: z.string() })) }) },
  });
  const rows: Call = { ...call, answer: { rows: z.object({ id: z.number().int() }) } };
  const ok = (data: unknown) => ({ code: 200, msg: '操作成功', data });

  it('passes an answer that matches, with a Date written as text', () => {
    expect(answerDrift(call, ok({ id: 1, name: 'a', when: new Date(0), tags: [{ k: 'v' }] }))).toBeNull();
    expect(answerDrift(rows, { code: 200, msg: '查询成功', rows: [{ id: 1 }], total: 1 })).toBeNull();
  });

  it('finds a field of the wrong type, a missing one, and one the declaration does not name', () => {
    expect(answerDrift(call, ok({ id: '1', name: 'a', when: '', tags: [] }))).toMatch(/^data: id /);
    expect(answerDrift(call, ok({ id: 1, when: '', tags: [] }))).toMatch(/^data: name /);
    expect(answerDrift(call, ok({ id: 1, name: 'a', when: '', tags: [{ k: 'v', secret: 'x' }] }))).toBe('data.tags[0].secret is not declared');
    expect(answerDrift(rows, { code: 200, msg: '查询成功', rows: [{ id: 1 }, { id: 2, extra: true }], total: 2 })).toBe('rows[1].extra is not declared');
  });

  it('holds the keys a page carries beside its rows to their declaration', () => {
    const queue: Call = { ...call, answer: { rows: z.object({ id: z.number().int() }), extra: { counts: z.object({ all: z.number().int() }) } } };
    const page = (extra: Record<string, unknown>) => ({ code: 200, msg: '查询成功', rows: [{ id: 1 }], total: 1, ...extra });
    expect(answerDrift(queue, page({ counts: { all: 1 } }))).toBeNull();
    expect(answerDrift(queue, page({}))).toMatch(/^counts: /);
    expect(answerDrift(queue, page({ counts: { all: 1, pending: 1 } }))).toBe('counts.pending is not declared');
    expect(answerDrift(queue, page({ counts: { all: 1 }, unread: 2 }))).toBe('unread is not declared');
    expect(answerDrift(rows, page({ counts: { all: 1 } }))).toBe('counts is not declared');
  });

  it('leaves failures to the error table', () => {
    expect(answerDrift(call, { code: 'ALL_0011', msg: '数据不存在' })).toBeNull();
  });
});
