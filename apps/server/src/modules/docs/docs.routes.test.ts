// The API documents as served: the portal document holds every declared call once; the gateway
// document holds every interface on sale once, with its parameters, and nothing else; one
// interface's document answers like its page; and all of them pass Redocly's lint (OpenAPI 3.1,
// the repository's redocly.yaml).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openApiPath } from '@apimarket/contracts';
import { allCalls } from '@apimarket/contracts/calls';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { interfaceDocs, interfaces } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/harness';
import { DOCUMENT_ENV, lintDocuments, writeDocuments } from './write-documents';

type Json = Record<string, unknown>;
interface Doc {
  openapi: string;
  servers: Array<{ url: string }>;
  paths: Record<string, Record<string, Json>>;
}

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: DOCUMENT_ENV });
});
afterAll(async () => t.close());

async function get(url: string) {
  const res = await t.app.inject({ method: 'GET', url });
  return { status: res.statusCode, type: String(res.headers['content-type']), body: res.json() as Doc & { code?: string; msg?: string } };
}

async function onSale() {
  return t.database.db
    .select({ id: interfaces.id, path: interfaces.path, params: interfaceDocs.params })
    .from(interfaces)
    .innerJoin(interfaceDocs, eq(interfaceDocs.interfaceId, interfaces.id))
    .where(eq(interfaces.status, 'on_sale'));
}

describe('GET /apiHome/openapi.json', () => {
  it('is an OpenAPI 3.1 document with every declared call exactly once, unsigned', async () => {
    const res = await get('/apiHome/openapi.json');
    expect(res.status).toBe(200);
    expect(res.type).toMatch(/^application\/json/);
    expect(res.body.openapi).toBe('3.1.0');
    expect(res.body.servers).toEqual([expect.objectContaining({ url: '/apiHome' })]);
    const served = Object.entries(res.body.paths).flatMap(([p, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${p}`));
    const declared = allCalls().map((c) => `${c.method} ${openApiPath(c.path)}`);
    expect(served.sort()).toEqual(declared.sort());
    expect(new Set(served).size).toBe(served.length);
  });
});

describe('GET /apiHome/api/openapi/gateway.json', () => {
  it('has one path per interface on sale, with its parameters, at the gateway’s address', async () => {
    const res = await get('/apiHome/api/openapi/gateway.json');
    expect(res.status).toBe(200);
    expect(res.body.servers[0]?.url).toBe(t.config.gatewayUrl);
    const catalogue = await onSale();
    expect(catalogue.length).toBeGreaterThan(100);
    expect(Object.keys(res.body.paths).sort()).toEqual(catalogue.map((i) => i.path).sort());
    for (const i of catalogue) {
      const methods = res.body.paths[i.path] ?? {};
      expect(Object.keys(methods), i.path).toEqual(['post']);
      const op = methods.post as { operationId: string; requestBody: { content: Record<string, { schema: Json }> } };
      expect(op.operationId).toBe(`interface${i.id}`);
      for (const type of ['application/x-www-form-urlencoded', 'application/json']) {
        const schema = op.requestBody.content[type]?.schema as { properties: Record<string, Json>; required: string[]; anyOf?: Array<{ required: string[] }> };
        const names = Object.keys(schema.properties);
        expect(names.slice(0, i.params.length + 1), i.path).toEqual(['key', ...i.params.map((p) => p.name)]);
        expect(schema.required).toEqual(['key']);
        const required = i.params.filter((p) => p.required).map((p) => p.name);
        expect(schema.anyOf?.[0]?.required ?? [], i.path).toEqual(required);
        for (const p of i.params) {
          const type = schema.properties[p.name]?.type;
          const expected = { int: 'integer', number: 'number', boolean: ['boolean', 'string'] }[p.type as string] ?? 'string';
          expect(type, `${i.path} ${p.name}`).toEqual(expected);
        }
      }
    }
  });

  it('drops an interface taken off sale, whose own document is then a 404', async () => {
    const [first] = await onSale();
    if (!first) throw new Error('no interface on sale');
    await t.database.db.execute(sql`update interfaces set status = 'off_sale' where id = ${first.id}`);
    try {
      const all = await get('/apiHome/api/openapi/gateway.json');
      expect(all.body.paths[first.path]).toBeUndefined();
      const one = await get(`/apiHome/api/openapi/${first.id}`);
      expect(one.status).toBe(404);
      expect(one.body).toMatchObject({ code: 'ALL_0011', msg: '接口不存在或已下架' });
    } finally {
      await t.database.db.execute(sql`update interfaces set status = 'on_sale' where id = ${first.id}`);
    }
  });
});

describe('GET /apiHome/api/openapi/{id}', () => {
  it('is the one interface’s document', async () => {
    const res = await get('/apiHome/api/openapi/1882');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.paths)).toEqual(['/communication/personal/1882']);
    expect((res.body as unknown as { info: { title: string } }).info.title).toContain('（开放数据 API）');
  });

  it('answers an unknown or malformed id like the interface page: 404', async () => {
    for (const id of ['999999', 'abc', '0']) {
      const res = await get(`/apiHome/api/openapi/${id}`);
      expect(res.status, id).toBe(404);
      expect(res.body.code).toBe('ALL_0011');
    }
  });
});

describe('Redocly lint', () => {
  it('passes the portal, gateway and one interface’s document with no problem', async () => {
    const folder = mkdtempSync(path.join(os.tmpdir(), 'apimarket-openapi-'));
    try {
      const files = await writeDocuments(folder, t);
      expect(files.map((f) => path.basename(f))).toEqual(['portal.json', 'gateway.json', 'interface-1882.json']);
      const { status, output } = lintDocuments(files);
      // Every rule is an error (recommended-strict), and no line of the report names a problem.
      expect(output).not.toMatch(/^\s*\d+:\d+\s+(warning|error)\s/m);
      expect(status, output).toBe(0);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  }, 180_000);
});
