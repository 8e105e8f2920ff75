// The OpenAPI generators: every declared call once in the portal document, with its encoding,
// conventions, access and failures; the gateway document's parameters, rules and codes.
// (The served documents are linted with Redocly by the server's docs test.)
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type Call, callFailures, openApiPath } from './call';
import { defineCall } from './declare';
import { callGroups } from './calls';
import { ERRORS } from './errors';
import { PLATFORM_CODES } from './gateway';
import { type GatewayDocEntry, gatewayOpenApi, type JsonObject, PORTAL_TAGS, portalOpenApi, toSchema } from './openapi';

const doc = portalOpenApi(callGroups(), { serverUrl: '/apiHome', version: '1.0.0', devTools: true });
const op = (call: Pick<Call, 'method' | 'path'>) => doc.paths[openApiPath(call.path)]?.[call.method.toLowerCase()] as JsonObject;
/** A shared part by its `#/components/<kind>/<name>` reference, or the object itself. */
const deref = <T>(value: T, d: Pick<typeof doc, 'components'> = doc): T => {
  const ref = (value as { $ref?: string }).$ref;
  if (!ref?.startsWith('#/components/')) return value;
  const [kind = '', name = ''] = ref.slice('#/components/'.length).split('/');
  return (d.components as unknown as Record<string, Record<string, T>>)[kind]?.[name] as T;
};
const params = (o: JsonObject) =>
  ((o.parameters ?? []) as JsonObject[]).map((p) => deref(p)) as Array<{ name: string; in: string; required: boolean; schema: JsonObject }>;
const bodyOf = (o: JsonObject, type: string) => ((o.requestBody as JsonObject).content as Record<string, { schema: JsonObject }>)[type]?.schema as JsonObject;
/** The schema of an operation's 200 answer. */
const okSchema = (o: JsonObject) =>
  ((o.responses as JsonObject)['200'] as { content: { 'application/json': { schema: JsonObject } } }).content['application/json'].schema;
/** A portal document of a few calls made up for one test, in one group. */
const portalOf = (calls: Record<string, Call>) =>
  portalOpenApi([{ group: 'xApi', calls: Object.entries(calls).map(([name, call]) => ({ name, call })) }], {
    serverUrl: '/apiHome',
    version: '1',
    devTools: false,
  });

describe('the portal document', () => {
  it('has every declared call exactly once, under its group name and key', () => {
    const operations = Object.values(doc.paths).flatMap((methods) => Object.values(methods));
    const calls = callGroups().flatMap(({ group, calls }) => calls.map(({ name, call }) => ({ id: `${group.replace(/Api$/, '')}.${name}`, call })));
    expect(operations).toHaveLength(calls.length);
    for (const { id, call } of calls) expect(op(call)?.operationId, `${call.method} ${call.path}`).toBe(id);
    const ids = operations.map((o) => o.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('names every group with a Chinese tag', () => {
    const unnamed = callGroups()
      .map((g) => g.group)
      .filter((g) => !/[\u4e00-\u9fff]/.test(PORTAL_TAGS[g]?.name ?? ''));
    expect(unnamed).toEqual([]);
    const tags = new Set(doc.tags.map((t) => t.name));
    for (const o of Object.values(doc.paths).flatMap((m) => Object.values(m))) expect(tags.has((o.tags as string[])[0] ?? '')).toBe(true);
  });

  it('leaves the development tools out where DEV_TOOLS is off', () => {
    const prod = portalOpenApi(callGroups(), { serverUrl: '/apiHome', version: '1.0.0', devTools: false });
    const ops = Object.values(prod.paths).flatMap((m) => Object.values(m));
    expect(ops.some((o) => o['x-apimarket-access'] === 'dev')).toBe(false);
    expect(ops.length).toBe(
      callGroups()
        .flatMap((g) => g.calls)
        .filter((c) => c.call.access !== 'dev').length,
    );
  });

  it('sends a form call as a form, with the convention fields and sign and cdpDate required', () => {
    const o = op({ method: 'POST', path: '/interfaceOrders/interfaceCollect' });
    const body = bodyOf(o, 'application/x-www-form-urlencoded');
    expect(Object.keys(body.properties as JsonObject)).toEqual(['token', 'cdpDate', 'tourisToken', 'sign', 'isLogin', 'encrypt', 'interfaceId']);
    expect(body.required).toEqual(['sign', 'cdpDate', 'interfaceId']);
    expect(doc.components.schemas.WireSign).toMatchObject({ type: 'string', pattern: '^[0-9a-fA-F]{32}$' });
    expect(o.security).toEqual([{ memberSession: [] }, { memberToken: [] }]);
    expect(doc.components.securitySchemes?.memberSession).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'myToken' });
  });

  it('puts a GET call’s fields and conventions in the query, and `:id` in the path', () => {
    const call = callGroups()
      .flatMap((g) => g.calls.map((c) => c.call))
      .find((c) => c.method === 'GET' && c.path.includes(':id') && c.unsigned !== true);
    expect(call).toBeDefined();
    if (!call) return;
    const o = op(call);
    expect(openApiPath(call.path)).toMatch(/\{id\}/);
    expect(params(o).find((p) => p.name === 'id')).toMatchObject({ in: 'path', required: true });
    expect(
      params(o)
        .filter((p) => p.in === 'query' && p.required)
        .map((p) => p.name),
    ).toEqual(expect.arrayContaining(['cdpDate', 'sign']));
    expect(o.requestBody).toBeUndefined();
  });

  it('asks no signature of an unsigned call', () => {
    const o = op({ method: 'GET', path: '/openapi.json' });
    expect(params(o).filter((p) => p.required)).toEqual([]);
    expect(o.security).toEqual([{}, { memberSession: [] }, { memberToken: [] }]);
    expect((o.responses as JsonObject)['200']).toMatchObject({ content: { 'application/json': { schema: { type: 'object' } } } });
  });

  it('sends a multipart call’s conventions in the query and its file in the body', () => {
    const calls = callGroups().flatMap((g) => g.calls.map((c) => c.call));
    const call = calls.find((c) => c.body === 'multipart');
    if (!call) return;
    const o = op(call);
    expect(params(o).find((p) => p.name === 'sign')).toMatchObject({ in: 'query', required: true });
    expect((bodyOf(o, 'multipart/form-data').properties as JsonObject).file).toMatchObject({ type: 'string' });
  });

  it('answers every failure the call can give under its HTTP status, codes listed', () => {
    for (const { calls } of callGroups()) {
      for (const { call } of calls) {
        const responses = op(call).responses as Record<string, { content: { 'application/json': { schema: { properties: { code: { enum: string[] } } } } } }>;
        for (const code of callFailures(call)) {
          const r = deref(responses[String(ERRORS[code].status)]);
          expect(r?.content['application/json'].schema.properties.code.enum, `${call.path} ${code}`).toContain(code);
        }
        expect(Object.keys(responses).some((s) => s.startsWith('4'))).toBe(true);
      }
    }
  });

  it('holds an operator call to the console cookie', () => {
    const call = callGroups()
      .flatMap((g) => g.calls.map((c) => c.call))
      .find((c) => typeof c.access === 'object');
    if (!call) return;
    expect(op(call).security).toEqual([{ consoleSession: [] }]);
    expect(doc.components.securitySchemes?.consoleSession).toMatchObject({ in: 'cookie', name: 'consoleToken' });
  });

  it('describes the envelope, and leaves `data` optional where the call answers without it', () => {
    const call = defineCall({
      method: 'POST',
      path: '/x/:id',
      access: 'member',
      summary: 'x',
      encrypt: true,
      input: z.object({ id: z.string(), secret: z.string() }),
      answer: { data: z.object({ n: z.number().int() }) },
      fails: ['ALL_0011'],
    });
    const bare = defineCall({ ...call, path: '/y', answer: { data: z.never().optional() } });
    const d = portalOf({ one: call, two: bare });
    const one = d.paths['/x/{id}']?.post as JsonObject;
    const ok = okSchema(one);
    expect(ok).toMatchObject({ required: ['code', 'msg', 'data'], properties: { code: { const: 200 }, data: { properties: { n: { type: 'integer' } } } } });
    // The safe-integer bounds zod writes for .int() are left out.
    expect(JSON.stringify(ok)).not.toContain('9007199254740991');
    // encrypt=1: the field travels sealed or plain; the path parameter is never sealed.
    expect((bodyOf(one, 'application/x-www-form-urlencoded').properties as JsonObject).secret).toMatchObject({
      anyOf: [{ type: 'string' }, { contentEncoding: 'base64' }],
    });
    expect(params(one).find((p) => p.name === 'id')?.schema).toEqual({ type: 'string' });
    expect((one.responses as JsonObject)['404']).toBeDefined();
    const two = d.paths['/y']?.post as JsonObject;
    expect(okSchema(two).required).toEqual(['code', 'msg']);
  });

  it('declares the named keys a page carries beside its rows', () => {
    const call = defineCall({
      method: 'POST',
      path: '/page',
      access: 'anyone',
      summary: 'x',
      input: z.object({}),
      answer: { rows: z.object({ a: z.string() }), extra: { counts: z.object({ n: z.number().int() }), note: z.string().optional() } },
    });
    const d = portalOf({ page: call });
    const page = d.paths['/page']?.post as JsonObject;
    const ok = okSchema(page);
    expect(ok.required).toEqual(['code', 'msg', 'rows', 'total', 'counts']);
    expect(ok.properties).toMatchObject({ counts: { type: 'object', properties: { n: { type: 'integer' } } }, note: { type: 'string' } });
  });

  it('admits the text a field is parsed from where the server parses it, and lists a repeated form field (Decision 156)', () => {
    const input = z.object({
      flag: z.preprocess((v) => v === '1', z.boolean()).default(false),
      ids: z.preprocess((v) => (typeof v === 'string' ? v.split(',') : v), z.array(z.string()).min(1)),
      labels: z.preprocess((v) => (v === undefined ? [] : String(v).split(',')), z.array(z.string())),
      table: z.preprocess((v) => (typeof v === 'string' ? JSON.parse(v) : v), z.record(z.string(), z.string())).optional(),
      name: z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), z.string().min(2)),
      tags: z.array(z.string()),
      count: z.coerce.number().int(),
    });
    const form = defineCall({ method: 'POST', path: '/form', body: 'form', access: 'anyone', summary: 'x', input, answer: { data: z.null() } });
    const json = defineCall({ ...form, path: '/json', body: 'json' });
    const query = defineCall({ ...form, method: 'GET', path: '/query', body: 'none' });
    const d = portalOf({ form, json, query });
    const text = { $ref: '#/components/schemas/WireText' };
    const formOp = d.paths['/form']?.post as JsonObject;
    const content = (formOp.requestBody as { content: Record<string, JsonObject> }).content['application/x-www-form-urlencoded'] as JsonObject;
    const fields = (content.schema as JsonObject).properties as Record<string, JsonObject>;
    expect(fields.flag).toEqual({ anyOf: [{ type: 'boolean' }, text] });
    expect(fields.ids).toEqual({ anyOf: [{ type: 'array', minItems: 1, items: { type: 'string' } }, text] });
    expect(fields.table?.anyOf).toContainEqual(text);
    // A text the server trims first: its rule is the trimmed text's; a plain field is as declared.
    expect(fields.name).toEqual({ anyOf: [{ type: 'string', minLength: 2 }, text] });
    expect(fields.count).toEqual({ type: 'integer' });
    // A list the declaration reads as a list travels as the field repeated.
    expect(fields.tags).toEqual({ type: 'array', items: { type: 'string' } });
    expect(content.encoding).toEqual({ tags: { style: 'form', explode: true } });
    // Required unless the reshaping supplies the value when the field is left out.
    const required = (content.schema as JsonObject).required as string[];
    expect(required).toEqual(expect.arrayContaining(['ids', 'name', 'tags', 'count']));
    expect(required).not.toContain('labels');
    expect(d.components.schemas.WireText).toMatchObject({ type: 'string' });
    // Query parameters are text too, and the web writes a JSON body's values as text.
    expect(params(d.paths['/query']?.get as JsonObject).find((p) => p.name === 'flag')?.schema).toEqual(fields.flag);
    const jsonFields = bodyOf(d.paths['/json']?.post as JsonObject, 'application/json').properties as Record<string, JsonObject>;
    expect(jsonFields.flag).toEqual(fields.flag);
    expect(jsonFields.count).toEqual({ type: 'integer' });
  });
});

describe('zod schemas in the document', () => {
  it('moves a recursive schema into components, pointing its references there', () => {
    interface Node {
      name: string;
      children: Node[];
    }
    const Node: z.ZodType<Node> = z.object({ name: z.string(), children: z.array(z.lazy(() => Node)) });
    const components: Record<string, JsonObject> = {};
    const s = toSchema(z.object({ root: Node }), 'output', 'tree', components);
    const text = JSON.stringify({ s, components });
    expect(text).not.toContain('#/$defs');
    expect(text).not.toContain('"$ref":"#"');
    for (const ref of text.matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)) expect(components[ref[1] ?? '']).toBeDefined();
  });
});

describe('the open data API document', () => {
  const entry: GatewayDocEntry = {
    id: 1882,
    interfaceName: '身份证二要素核验',
    categoryName: '身份核验',
    summary: '核验姓名与身份证号是否一致',
    description: '核验姓名与身份证号。',
    path: '/communication/personal/1882',
    params: [
      { name: 'name', type: 'string', required: true, description: '姓名', example: '张三' },
      { name: 'idcard', type: 'string', required: true, description: '身份证号', example: '110101199003074514' },
      { name: 'page', type: 'int', required: false, description: '页码', example: '1' },
      { name: 'multiDetect', type: 'boolean', required: false, description: '多人脸', example: 'false' },
      { name: 'image', type: 'base64', required: false, description: '照片', example: '/9j/4AAQ…' },
    ],
    responseFields: [
      { name: 'data.result', type: 'string', description: '核验结果' },
      { name: 'data.list', type: 'array', description: '明细' },
      { name: 'data.list.score', type: 'number', description: '分数' },
    ],
    codes: [
      { code: '10001', message: '查询无结果', billable: false },
      { code: '10000', message: '成功', billable: true },
    ],
    sampleResponse: { code: '10000', message: '成功', data: { result: '1', list: [{ score: 0.9 }] }, seqNo: '7F3A9C21D04B5E8816A2' },
    scenarios: ['实名登记'],
    enterpriseOnly: true,
  };
  const d = gatewayOpenApi([entry], { serverUrl: 'https://gw.example.cn', version: '1.0.0' });
  const o = d.paths[entry.path]?.post as JsonObject;
  const form = bodyOf(o, 'application/x-www-form-urlencoded');
  const props = form.properties as Record<string, JsonObject>;

  it('has the interface at its path, with the key and its parameters, required ones unless sealed in data', () => {
    expect(Object.keys(d.paths)).toEqual([entry.path]);
    expect(o.operationId).toBe('interface1882');
    expect(form.required).toEqual(['key']);
    expect(form.anyOf).toEqual([{ required: ['name', 'idcard'] }, { required: ['data'] }]);
    expect(Object.keys(props)).toEqual(
      expect.arrayContaining(['key', 'name', 'idcard', 'page', 'multiDetect', 'image', 'appKey', 'timestamp', 'nonce', 'sign', 'data']),
    );
    expect(bodyOf(o, 'application/json')).toEqual(form);
  });

  it('types each parameter with the gateway’s rule, in words and as a schema', () => {
    expect(props.idcard).toMatchObject({ type: 'string', pattern: '^[1-9]\\d{16}[\\dX]$', examples: ['110101199003074514'] });
    expect(props.idcard?.description).toContain('SYSTEM_042');
    expect(props.page).toMatchObject({ type: 'integer', examples: [1] });
    expect(props.multiDetect?.enum).toEqual([true, false, 'true', 'false', '1', '0']);
    expect(props.image).toMatchObject({ type: 'string', contentEncoding: 'base64' });
    expect(props.image?.examples).toBeUndefined();
  });

  it('lists the codes: the interface’s own and the platform’s, and the answer’s data', () => {
    expect(o.description).toContain('`10000` | 数据源 | 成功 | 计费');
    expect(o.description).toContain('SYSTEM_011');
    expect(o.description).toContain('仅向已通过企业认证的账号开放');
    const answer = ((o.responses as JsonObject)['200'] as { content: { 'application/json': { schema: { properties: Record<string, JsonObject> } } } }).content[
      'application/json'
    ].schema;
    expect(answer.properties.code?.anyOf).toEqual([{ type: 'string', enum: ['10001', '10000'] }, { $ref: '#/components/schemas/PlatformCode' }]);
    expect(d.components.schemas.PlatformCode?.enum).toEqual(Object.keys(PLATFORM_CODES));
    expect((answer.properties.data?.anyOf as JsonObject[] | undefined)?.[0]).toEqual({
      type: 'object',
      properties: {
        result: { type: 'string', description: '核验结果' },
        list: { type: 'array', description: '明细', items: { type: 'object', properties: { score: { type: 'number', description: '分数' } } } },
      },
    });
  });
});
