// The parse boundary under generated input (issue #16 §2): every /apiHome route and the open
// data API's paths get control characters, out-of-range numbers, arrays, nested JSON, bodies
// without a boundary and strings of every kind. Whatever arrives, no answer is a 5xx, a portal
// refusal is the portal's envelope, and every open data API answer is the gateway's envelope
// with a seqNo and HTTP 200.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { allCalls } from '@apimarket/contracts/calls';
import type { LightMyRequestResponse } from 'fastify';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { interfaces } from '../db/schema';
import { newAccount } from '../test/account';
import { newOperator } from '../test/console';
import { buildTestApp, logCapture, signed, type TestApp } from '../test/harness';

// Every field name the contracts declare: what the routes actually read.
const contractsDir = path.resolve(import.meta.dirname, '../../../../packages/contracts/src');
const FIELD_NAMES = [
  ...new Set(
    readdirSync(contractsDir)
      .filter((f) => f.endsWith('.ts') && !f.includes('.test.'))
      .flatMap((f) => [...readFileSync(path.join(contractsDir, f), 'utf8').matchAll(/^\s+([a-zA-Z]\w{0,30}): z\./gm)].map((m) => m[1] ?? '')),
  ),
].filter((n) => n && !['token', 'cdpDate', 'sign', 'tourisToken', 'isLogin', 'encrypt'].includes(n));

const NASTY = [
  '\u0000',
  'a\u0000b',
  '\u0007',
  '\u001b[31m',
  '\u007f',
  '\u0085',
  '\ud800',
  '99999999999',
  '1e308',
  '-1e308',
  'NaN',
  'Infinity',
  '9007199254740993',
  '2147483648',
  '-2147483649',
  '-1',
  '0',
  '1.5',
  '',
  ' ',
  "'; drop table members;--",
  '%00',
  '../../etc/passwd',
  'x'.repeat(5000),
  '中'.repeat(3000),
  '2026-13-45',
  '{}',
  '[]',
  'null',
  'true',
];
const CONTROL = [...Array(32).keys()].map((c) => String.fromCharCode(c)).concat('\u007f', '\u0085', '\u2028');

const textValue = fc.oneof(
  fc.constantFrom(...NASTY),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: fc.constantFrom(...CONTROL, 'a', '1', '中', '.', '-'), maxLength: 20 }),
  fc.integer().map(String),
  fc.double().map(String),
  fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map(String),
);
const jsonValue: fc.Arbitrary<unknown> = fc.oneof(
  textValue,
  fc.double(),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.array(textValue, { maxLength: 3 }),
  fc.dictionary(fc.constantFrom('a', '\u0000', 'id'), textValue, { maxKeys: 2 }),
);
const fieldName = fc.oneof({ weight: 8, arbitrary: fc.constantFrom(...FIELD_NAMES) }, fc.string({ unit: 'binary', maxLength: 12 }));
const formFields = fc.array(fc.tuple(fieldName, textValue), { minLength: 1, maxLength: 8 });
const jsonFields = fc.dictionary(fieldName, jsonValue, { minKeys: 1, maxKeys: 8 });
const pathParam = fc.oneof(fc.constantFrom('1', '0', '99999999999', '1e308', '%00', 'abc', '-1', 'x'.repeat(150)), fc.integer().map(String));

type Route = { method: string; url: string };

// Every log line: the database's refusal of unchecked input is counted below (a missing rule).
const { lines: logLines, stream: logSink } = logCapture();

let t: TestApp;
let cookies: Record<string, string> = {};
let routes: Route[] = [];
let gatewayPaths: string[] = [];

beforeAll(async () => {
  t = await buildTestApp({ logStream: logSink });
  const member = await newAccount(t);
  const operator = await newOperator(t, 'admin');
  cookies = { ...member.cookies, ...operator.cookies };
  const seen = new Set<string>();
  routes = t.routes
    .filter((r) => r.url.startsWith('/apiHome') && r.method !== 'HEAD' && r.method !== 'OPTIONS')
    .filter((r) => !seen.has(`${r.method} ${r.url}`) && seen.add(`${r.method} ${r.url}`))
    // Signing out ends the session the rest of the run uses: those go last.
    .sort((a, b) => Number(/outLogin|logout/i.test(a.url)) - Number(/outLogin|logout/i.test(b.url)));
  gatewayPaths = (await t.database.db.select({ path: interfaces.path }).from(interfaces).limit(6)).map((r) => r.path);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

/** Routes where input reached the database unchecked (it answered ALL_0001 only thanks to the net). */
function uncheckedRoutes(): string[] {
  return [...new Set(logLines.filter((l) => l.includes('input no rule checked')).map((l) => JSON.parse(l).route as string))];
}

function fillParams(url: string, value: string): string {
  return url.replace(/:(\w+)(\([^)]*\))?/g, () => encodeURIComponent(value));
}

function form(pairs: Array<[string, string]>): string {
  const p = new URLSearchParams();
  for (const [k, v] of pairs) p.append(k, v);
  return p.toString();
}

async function portal(
  route: Route,
  url: string,
  pairs: Array<[string, string]>,
  kind: 'form' | 'json' | 'multipart' | 'query',
  json?: Record<string, unknown>,
) {
  const conventions = Object.entries(signed(t.config, {}));
  const headers: Record<string, string> = { 'x-requested-with': 'XMLHttpRequest' };
  let payload: string | undefined;
  let query = '';
  if (route.method === 'GET' || route.method === 'DELETE' || kind === 'query') {
    query = `?${form([...conventions, ...pairs])}`;
  } else if (kind === 'json') {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify({ ...Object.fromEntries(conventions), ...json });
  } else if (kind === 'multipart') {
    // A multipart body without its boundary: what a broken client or a probe sends.
    headers['content-type'] = 'multipart/form-data';
    payload = form([...conventions, ...pairs]);
  } else {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    payload = form([...conventions, ...pairs]);
  }
  return t.app.inject({ method: route.method as 'GET', url: `${url}${query}`, headers, cookies, payload });
}

// Declared calls whose success is a JSON file rather than the envelope: the OpenAPI documents.
const JSON_FILES = new Set(
  allCalls()
    .filter((c) => 'file' in c.answer && c.answer.file.some((type) => type.includes('json')))
    .map((c) => `${c.method} /apiHome${c.path}`),
);

function expectPortalEnvelope(res: LightMyRequestResponse, label: string, route?: Route) {
  expect(res.statusCode, `${label} → ${res.statusCode} ${res.body.slice(0, 300)}`).toBeLessThan(500);
  const type = String(res.headers['content-type'] ?? '');
  if (res.statusCode < 400 && route && JSON_FILES.has(`${route.method} ${route.url}`)) {
    expect(res.json().openapi, label).toBe('3.1.0');
  } else if (res.statusCode >= 400 || type.includes('json')) {
    const body = res.json();
    expect(body.code, `${label} → ${res.body.slice(0, 300)}`).toBeDefined();
    expect(typeof body.msg, `${label} → ${res.body.slice(0, 300)}`).toBe('string');
    if (res.statusCode >= 400) expect(body.code, label).toMatch(/^[A-Z]+_\d{4}$/);
  }
}

function expectGatewayEnvelope(res: LightMyRequestResponse, label: string) {
  expect(res.statusCode, `${label} → ${res.statusCode} ${res.body.slice(0, 300)}`).toBe(200);
  const body = res.json();
  expect(body, `${label} → ${res.body.slice(0, 300)}`).toMatchObject({ code: expect.any(String), message: expect.any(String) });
  expect(body).toHaveProperty('data');
  expect(body.seqNo, label).toMatch(/^[0-9A-F]{20}$/);
  // Malformed input is the caller's mistake, said with a platform code: never an internal error.
  expect(body.code, `${label} → ${res.body.slice(0, 300)}`).not.toBe('SYSTEM_999');
}

describe('every /apiHome route', () => {
  it('answers every known field holding a NUL, an out-of-range number or a huge exponent without a 5xx', async () => {
    for (const route of routes) {
      for (const value of ['a\u0000b', '99999999999', '1e308', '-2147483649']) {
        const url = fillParams(route.url, value === 'a\u0000b' ? '1' : value);
        for (const kind of ['form', 'json', 'multipart'] as const) {
          const pairs = FIELD_NAMES.map((n): [string, string] => [n, value]);
          const res = await portal(route, url, pairs, kind, Object.fromEntries(pairs));
          expectPortalEnvelope(res, `${route.method} ${route.url} ${kind} ${JSON.stringify(value)}`, route);
        }
      }
    }
    expect(uncheckedRoutes()).toEqual([]);
  }, 600_000);

  it('answers generated fields, arrays and nested values without a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        pathParam,
        formFields,
        jsonFields,
        fc.constantFrom('form', 'json', 'multipart', 'query'),
        async (route, param, pairs, json, kind) => {
          const res = await portal(route, fillParams(route.url, param), pairs, kind as 'form', json);
          expectPortalEnvelope(res, `${route.method} ${route.url} ${kind} ${JSON.stringify(pairs).slice(0, 200)}`, route);
        },
      ),
      { numRuns: 1500 },
    );
    expect(uncheckedRoutes()).toEqual([]);
  }, 600_000);
});

describe('every open data API path', () => {
  const badBodies: Array<{ name: string; type: string; payload: string | Buffer }> = [
    { name: 'malformed JSON', type: 'application/json', payload: '{"key":' },
    { name: 'JSON array', type: 'application/json', payload: '[1,2]' },
    { name: 'JSON with a NUL field name', type: 'application/json', payload: '{"\\u0000":"x","key":"k"}' },
    { name: 'unsupported type', type: 'text/xml', payload: '<a/>' },
    { name: 'multipart without boundary', type: 'multipart/form-data', payload: 'key=x' },
    { name: 'oversized body', type: 'application/x-www-form-urlencoded', payload: Buffer.alloc(1_100_000, 'a') },
    { name: 'NUL in a field name', type: 'application/x-www-form-urlencoded', payload: 'key=abc&na%00me=x' },
    { name: 'NUL in a value', type: 'application/x-www-form-urlencoded', payload: 'key=abc&name=a%00b' },
  ];

  it('answers malformed bodies, long paths and queries with the gateway envelope', async () => {
    const base = gatewayPaths[0] ?? '/communication/personal/1882';
    for (const b of badBodies) {
      const res = await t.app.inject({ method: 'POST', url: base, headers: { 'content-type': b.type }, payload: b.payload });
      expectGatewayEnvelope(res, b.name);
    }
    for (const url of [`/${'a'.repeat(150)}/x/1`, `/a/${'b'.repeat(150)}/1`, `${base}?${'q='.concat('x'.repeat(8000))}`, '/a/b', '/a/b/c/d', '/', '/%00/x/1']) {
      for (const method of ['POST', 'GET', 'PUT'] as const) {
        const res = await t.app.inject({ method, url });
        expectGatewayEnvelope(res, `${method} ${url.slice(0, 60)}`);
      }
    }
  }, 120_000);

  it('answers generated fields on every path with the gateway envelope', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...gatewayPaths, '/x/y/1', '/communication/personal/99999999999'),
        formFields,
        jsonFields,
        fc.boolean(),
        // The key itself is input too: junk, control characters, broken text.
        fc.oneof(fc.constant('not-a-key'), textValue),
        async (url, pairs, json, asJson, key) => {
          const res = await t.app.inject({
            method: 'POST',
            url,
            headers: { 'content-type': asJson ? 'application/json' : 'application/x-www-form-urlencoded' },
            payload: asJson ? JSON.stringify({ key, ...json }) : form([['key', key], ...pairs]),
          });
          expectGatewayEnvelope(res, `${url} ${JSON.stringify(asJson ? json : pairs).slice(0, 200)}`);
        },
      ),
      { numRuns: 400 },
    );
  }, 300_000);
});
