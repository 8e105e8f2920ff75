// The contract fuzz (issue #18 item 5): requests drawn from the portal document's own schemas,
// valid and invalid, for every operation, sent through Stoplight Prism to a running stack. It
// fails on what Prism finds in an answer (a body that breaks its declared schema, a status the
// operation does not declare), on any 5xx, and on a drawn valid request that Prism refuses.
//
//   npx tsx scripts/contract-fuzz.ts --api http://127.0.0.1:3001 --web http://localhost:3000 [--per-operation 3] [--seed 1]
//   (DATA_DIR must be the stack's: the operator comes from `npm run console`; `npm run test:contract`
//   starts a throwaway stack and runs this against it.) The run changes the stack's data: only
//   against a throwaway one.
//
// Valid requests are drawn by json-schema-faker from each operation's parameters and body, signed
// by the wire convention (token '' in the sign; the session is the cookie), anonymously and with a
// session: a member registered and authenticated through the API (the dev tools read the SMS
// code), and for console calls an admin operator made by `npm run console`. They go through
// Prism --errors. Invalid ones (a required field left out, a wrong type, control characters, a
// huge number, an over-long string, a repeated field, a bad sign, a stale cdpDate) go through a
// Prism without --errors, which forwards them and reports the request's faults in sl-violations:
// there only the answer is held to the document. Calls that would end or change the fuzz's own
// sessions are sent without them (NEUTERED).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { computeSign, usccCheckChar } from '@apimarket/contracts';
import { encryptField } from '@apimarket/contracts/wire-crypto';
import { JSONSchemaFaker } from 'json-schema-faker';
import * as OTPAuth from 'otpauth';
import { fetchPortalDocument, startPrismProxy, summarize } from './prism-proxy.mjs';

type Json = Record<string, unknown>;
type Fields = Record<string, unknown>;
type Credential = 'anonymous' | 'member' | 'operator';

const CONVENTIONS = ['token', 'cdpDate', 'tourisToken', 'sign', 'isLogin', 'encrypt'];

/** Calls sent without the session they would otherwise carry, and why. */
const NEUTERED: Record<string, string> = {
  'identity.logout': 'ends the member session (outLogin)',
  'consoleSession.logout': 'ends the operator session',
  'account.changePassword': 'a hit would change the member password',
  'account.changeLogin': 'switches the member session to a sub-account',
  'consoleOperators.status': 'could disable the fuzz operator (ids are small)',
  'consoleOperators.reset': 'could reset the fuzz operator password',
  'consoleMembers.status': 'could disable the fuzz member',
  'consoleMembers.markClosure': 'could mark the fuzz member for closure',
  'consoleMembers.features': 'could switch off the fuzz member user-center features',
  'consoleMembers.flags': 'could change the fuzz member flags',
};
/** Sent last: they would take away what the calls before them need. */
const LAST = new Set(['qualification.revoke']);

// ── arguments ────────────────────────────────────────────────────────────────────────────────
const arg = (name: string, fallback?: string) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : fallback);
const API = arg('--api', `http://127.0.0.1:${process.env.API_PORT ?? '3001'}`) as string;
const WEB = arg('--web');
const PER_OPERATION = Number(arg('--per-operation', '3'));
const SEED = Number(arg('--seed', String(Date.now() % 100_000)));
const CONCURRENCY = Number(arg('--concurrency', '4'));
/** Print why each valid request was refused (to tune what is drawn). */
const VERBOSE = process.argv.includes('--verbose');

// A seeded generator, so a failing run can be repeated with its --seed.
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = mulberry32(SEED);
JSONSchemaFaker.option({
  random,
  alwaysFakeOptionals: false,
  optionalsProbability: 0.6,
  failOnInvalidTypes: false,
  failOnInvalidFormat: false,
  useDefaultValue: false,
  maxItems: 3,
  maxLength: 40,
  refDepthMax: 2,
  omitNulls: true,
});

// ── the document ─────────────────────────────────────────────────────────────────────────────
interface Param {
  name: string;
  in: 'query' | 'path' | 'header';
  required: boolean;
  schema: Json;
}
interface Operation {
  id: string;
  method: 'GET' | 'POST';
  path: string;
  access: string;
  params: Param[];
  body: { type: string; schema: Json } | null;
  signed: boolean;
}

/** Inlines local $refs (recursion stops at `depth`, leaving an open schema). */
function deref(node: unknown, doc: Json, depth = 0): unknown {
  if (Array.isArray(node)) return node.map((n) => deref(n, doc, depth));
  if (node === null || typeof node !== 'object') return node;
  const ref = (node as Json).$ref;
  // The text a reshaped field may travel as (Decision 156): marked, so valid draws use the rule.
  if (ref === '#/components/schemas/WireText') return { type: 'string', 'x-wire-text': true };
  if (typeof ref === 'string' && ref.startsWith('#/')) {
    if (depth > 6) return {};
    const target = ref
      .slice(2)
      .split('/')
      .reduce<unknown>((at, key) => (at as Json)?.[key.replaceAll('~1', '/').replaceAll('~0', '~')], doc);
    const { $ref: _ref, ...rest } = node as Json;
    return deref({ ...(target as Json), ...rest }, doc, depth + 1);
  }
  return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, deref(v, doc, depth)]));
}

function operationsOf(doc: Json): Operation[] {
  const ops: Operation[] = [];
  for (const [p, item] of Object.entries(doc.paths as Record<string, Record<string, Json>>)) {
    for (const [method, raw] of Object.entries(item)) {
      const op = deref(raw, doc) as Json;
      const params = ((op.parameters ?? []) as Param[]).filter((x) => !CONVENTIONS.includes(x.name) || x.in !== 'query');
      const conventionParams = ((op.parameters ?? []) as Param[]).filter((x) => CONVENTIONS.includes(x.name) && x.in === 'query');
      const content = ((op.requestBody as Json | undefined)?.content ?? null) as Record<string, { schema: Json }> | null;
      const [type, media] = content ? (Object.entries(content)[0] ?? []) : [];
      const bodySchema = media?.schema ?? null;
      const required = [...((bodySchema?.required as string[] | undefined) ?? []), ...conventionParams.filter((x) => x.required).map((x) => x.name)];
      ops.push({
        id: op.operationId as string,
        method: method.toUpperCase() as 'GET' | 'POST',
        path: p,
        access: op['x-apimarket-access'] as string,
        params,
        body: type && bodySchema ? { type, schema: bodySchema } : null,
        signed: required.includes('sign'),
      });
    }
  }
  return ops;
}

/**
 * The schema a valid value is drawn from: numbers bounded to small whole ones (ids that exist,
 * pages that exist), and of each field that may travel sealed (encrypt=1) its plain form.
 */
function drawable(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(drawable);
  if (schema === null || typeof schema !== 'object') return schema;
  const s = { ...(schema as Json) };
  const any = s.anyOf as Json[] | undefined;
  if (any?.length === 2 && any[1]?.contentEncoding === 'base64' && typeof any[1].description === 'string') return drawable(any[0]);
  // A form field or a query parameter cannot carry null, and the rule says more than any text:
  // draw the other choices.
  if (any) {
    const some = any.filter((m) => m.type !== 'null' && m['x-wire-text'] !== true);
    const { anyOf: _all, ...rest } = s;
    if (some.length === 1) return drawable({ ...rest, ...some[0] });
    s.anyOf = some;
  }
  if (Array.isArray(s.type)) s.type = (s.type as string[]).find((t) => t !== 'null');
  // A tuple ([lon, lat]) is prefixItems in the 2020-12 dialect; json-schema-faker 0.5 reads the draft-4 items list.
  if (Array.isArray(s.prefixItems)) {
    s.items = s.prefixItems;
    delete s.prefixItems;
  }
  // An empty list is no field at all in a form or a query: a list drawn has one item at least.
  if (s.type === 'array' && (typeof s.minItems !== 'number' || s.minItems < 1)) s.minItems = 1;
  if (s.type === 'number' || s.type === 'integer') {
    // json-schema-faker 0.5 reads exclusive bounds the draft-4 way (booleans): give it inclusive ones.
    if (typeof s.exclusiveMinimum === 'number') s.minimum = Math.floor(s.exclusiveMinimum) + 1;
    if (typeof s.exclusiveMaximum === 'number') s.maximum = Math.ceil(s.exclusiveMaximum) - 1;
    delete s.exclusiveMinimum;
    delete s.exclusiveMaximum;
    const low = typeof s.minimum === 'number' ? s.minimum : 0;
    if (s.minimum === undefined) s.minimum = 0;
    if (s.maximum === undefined) s.maximum = low + 30;
    if (s.type === 'number' && s.multipleOf === undefined) s.multipleOf = 1;
  }
  for (const [k, v] of Object.entries(s)) if (k !== 'enum' && k !== 'const' && k !== 'examples') s[k] = drawable(v);
  return s;
}

const DAY_PATTERN = '^\\d{4}-\\d{2}-\\d{2}$';
const days = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

/**
 * Closer to what a page sends, so more valid requests reach an answer with data: a field named
 * like an id that may be a number is a small whole number (an open or text-or-number schema would
 * give {} or words), and a yyyy-MM-dd pattern a real recent day.
 */
function byName(name: string, schema: Json): Json {
  const kinds = JSON.stringify(schema);
  const open = Object.keys(schema).filter((k) => k !== 'description').length === 0;
  if (/^id$|Id$/.test(name) && (open || /"(integer|number)"/.test(kinds))) return { type: 'integer', minimum: 1, maximum: 30 };
  if (kinds.includes(`"pattern":"${DAY_PATTERN.replaceAll('\\', '\\\\')}"`)) return { enum: [days(0), days(7), days(30)] };
  return schema;
}

function named(schema: Json): Json {
  const properties = schema.properties as Record<string, Json> | undefined;
  const all = schema.allOf as Json[] | undefined;
  if (properties) return { ...schema, properties: Object.fromEntries(Object.entries(properties).map(([k, v]) => [k, byName(k, v)])) };
  if (all) return { ...schema, allOf: all.map(named) };
  return schema;
}

function draw(schema: Json, name?: string): unknown {
  return JSONSchemaFaker.generate(drawable(name ? byName(name, schema) : named(schema)) as never);
}

// ── the wire ─────────────────────────────────────────────────────────────────────────────────
let wire = { signSecret: 'apimarket-dev-sign-secret', aesSecret: 'apimarket-dev-aes-secret' };

function conventions(login: boolean, cdpDate = String(Date.now())): Fields {
  return { token: '', cdpDate, tourisToken: '', sign: computeSign('', cdpDate, wire.signSecret), isLogin: login ? '1' : '0' };
}

function text(v: unknown): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return JSON.stringify(v);
}

function pairs(fields: Fields): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const [k, v] of Object.entries(fields)) {
    if (v === undefined || v === null) continue;
    for (const one of Array.isArray(v) ? v : [v]) if (one !== undefined && one !== null) out.push([k, text(one)]);
  }
  return out;
}

// A real 64×40 PNG (the e2e licence image), for uploads.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAEAAAAAoCAIAAADBrGu+AAAAVUlEQVR4nO3PMQ3AMBAEQcMxfxQBEQgpAiGVMYw+WmmKK2/Xtfdoiz8o4Kz3uQcpQCtAK0ArQCtAK0ArQCtAK0ArQCtAK0ArQCtAK0ArQPtjwFAFaB976XXaI1tLwAAAAABJRU5ErkJggg==',
  'base64',
);

interface Sent {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string | FormData;
}

/** One request as the web would send it: conventions and fields by the operation's encoding. */
function encode(op: Operation, pathParams: Fields, fields: Fields, wireFields: Fields, cookie: string, lenient: boolean): Sent {
  let p = op.path;
  for (const [k, v] of Object.entries(pathParams)) p = p.replace(`{${k}}`, encodeURIComponent(text(v)));
  const url = new URL(`/apiHome${p}`, 'http://x');
  const headers: Record<string, string> = { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest', 'X-Forwarded-For': '10.77.0.9' };
  if (cookie) headers.Cookie = cookie;
  if (lenient) headers['x-prism-lenient'] = '1';
  const all = { ...wireFields, ...fields };
  if (op.method === 'GET') {
    for (const [k, v] of pairs(all)) url.searchParams.append(k, v);
    return { method: 'GET', url: url.pathname + url.search, headers };
  }
  if (op.body?.type === 'multipart/form-data') {
    for (const [k, v] of pairs(wireFields)) url.searchParams.append(k, v);
    const form = new FormData();
    for (const [k, v] of pairs(fields)) if (k !== 'file') form.append(k, v);
    form.append('file', new Blob([PNG], { type: 'image/png' }), 'fuzz.png');
    return { method: 'POST', url: url.pathname + url.search, headers, body: form };
  }
  if (op.body?.type === 'application/json') {
    headers['Content-Type'] = 'application/json';
    return { method: 'POST', url: url.pathname, headers, body: JSON.stringify(all) };
  }
  headers['Content-Type'] = 'application/x-www-form-urlencoded;charset=UTF-8';
  return { method: 'POST', url: url.pathname, headers, body: new URLSearchParams(pairs(all)).toString() };
}

// ── invalid requests ─────────────────────────────────────────────────────────────────────────
interface FieldInfo {
  name: string;
  schema: Json;
  required: boolean;
}

function typeOf(schema: Json): string {
  if (typeof schema.type === 'string') return schema.type;
  if (schema.enum || schema.const !== undefined) return 'enum';
  const any = ((schema.anyOf ?? schema.oneOf) as Json[] | undefined)?.filter((m) => m['x-wire-text'] !== true && m.type !== 'null');
  return any?.length ? typeOf(any[0] ?? {}) : 'any';
}

type Mutation = (fields: Fields, info: FieldInfo[], wireFields: Fields, op: Operation) => string | null;
const pick = <T>(list: T[]): T | undefined => list[Math.floor(random() * list.length)];

const MUTATIONS: Record<string, Mutation> = {
  'required field left out': (fields, info) => {
    const f = pick(info.filter((i) => i.required));
    if (!f) return null;
    delete fields[f.name];
    return f.name;
  },
  'wrong type': (fields, info) => {
    const f = pick(info.filter((i) => ['integer', 'number', 'boolean', 'enum'].includes(typeOf(i.schema))));
    if (!f) return null;
    fields[f.name] = pick(['not-a-number', '{"$gt":""}', 'maybe', '[]']);
    return f.name;
  },
  'control characters': (fields, info) => {
    const f = pick(info.filter((i) => typeOf(i.schema) === 'string')) ?? pick(info);
    if (!f) return null;
    fields[f.name] = `a\u0000b\u0007c\u001b[2J\u202e${String(fields[f.name] ?? '')}`;
    return f.name;
  },
  'huge number': (fields, info) => {
    const f = pick(info.filter((i) => ['integer', 'number'].includes(typeOf(i.schema)))) ?? pick(info);
    if (!f) return null;
    fields[f.name] = pick(['1e309', '-99999999999999999999999', '9007199254740993', 'NaN', '-0']);
    return f.name;
  },
  'over-long string': (fields, info, _wire, op) => {
    const f = pick(info.filter((i) => typeOf(i.schema) === 'string')) ?? pick(info);
    if (!f) return null;
    // In a query, as long as an address may be (16 KB of headers, beyond which Node answers 431 before any route).
    fields[f.name] = op.method === 'GET' ? 'x'.repeat(6000) : '长'.repeat(20_000);
    return f.name;
  },
  'repeated field': (fields, info) => {
    const f = pick(info.filter((i) => typeOf(i.schema) !== 'array'));
    if (!f) return null;
    fields[f.name] = [text(fields[f.name] ?? '1'), '2'];
    return f.name;
  },
  'bad sign': (_fields, _info, wireFields, op) => {
    if (!op.signed) return null;
    wireFields.sign = '0'.repeat(32);
    return 'sign';
  },
  'stale cdpDate': (_fields, _info, wireFields, op) => {
    if (!op.signed) return null;
    Object.assign(wireFields, conventions(wireFields.isLogin === '1', '1000000000000'));
    return 'cdpDate';
  },
};

// ── sessions ─────────────────────────────────────────────────────────────────────────────────
class Jar {
  cookies = new Map<string, string>();
  take(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      if (at > 0) this.cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
  }
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/** A setup call straight to the API (not part of the fuzz); fails the run on anything but code 200. */
async function setupCall(
  jar: Jar,
  method: 'GET' | 'POST',
  p: string,
  fields: Fields = {},
  options: { encrypt?: boolean; multipart?: boolean; unsigned?: boolean } = {},
): Promise<Json> {
  const sealed = options.encrypt ? Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, encryptField(text(v), wire.aesSecret)])) : fields;
  const wireFields = options.unsigned ? {} : { ...conventions(jar.cookies.has('myToken')), ...(options.encrypt ? { encrypt: '1' } : {}) };
  const url = new URL(`/apiHome${p}`, API);
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'X-Requested-With': 'XMLHttpRequest',
    'X-Forwarded-For': '10.77.0.1',
    Cookie: jar.header(),
  };
  let body: string | FormData | undefined;
  if (method === 'GET') {
    for (const [k, v] of pairs({ ...wireFields, ...sealed })) url.searchParams.append(k, v);
  } else if (options.multipart) {
    for (const [k, v] of pairs(wireFields)) url.searchParams.append(k, v);
    const form = new FormData();
    for (const [k, v] of pairs(sealed)) form.append(k, v);
    form.append('file', new Blob([PNG], { type: 'image/png' }), 'licence.png');
    body = form;
  } else {
    headers['Content-Type'] = 'application/x-www-form-urlencoded;charset=UTF-8';
    body = new URLSearchParams(pairs({ ...wireFields, ...sealed })).toString();
  }
  const res = await fetch(url, { method, headers, body });
  jar.take(res);
  const answer = (await res.json().catch(() => ({}))) as Json;
  if (answer.code !== 200) throw new Error(`setup ${method} ${p}: ${res.status} ${JSON.stringify(answer).slice(0, 300)}`);
  return answer;
}

function operatorCommand(...args: string[]): string {
  return execFileSync('npm', ['run', '--silent', 'console', '--', ...args], { env: process.env, encoding: 'utf8' });
}

/** A customer with an authenticated company, as e2e/tests/setup/register.ts makes one. */
async function member(): Promise<Jar> {
  const jar = new Jar();
  const n = `${Date.now()}${Math.floor(random() * 1000)}`.slice(-8);
  const name = `fuzz${n}`;
  const phone = `138${n}`;
  const captcha = await fetch(new URL('/apiHome/memberShip/code', API), { headers: { 'X-Forwarded-For': '10.77.0.1' } });
  jar.take(captcha);
  const key = jar.cookies.get('imageCodeKey') ?? '';
  const imgCode = ((await setupCall(jar, 'GET', '/dev/captcha', { key }, { unsigned: true })).data as Json).text as string;
  await setupCall(jar, 'POST', '/memberShip/sendSms', { phone, code: imgCode }, { encrypt: true });
  let code = '';
  for (let i = 0; i < 50 && !/^\d{6}$/.test(code); i++) {
    const rows = (await setupCall(jar, 'GET', '/dev/outbox', { to: phone }, { unsigned: true })).rows as Json[];
    code = String(rows[0]?.code ?? '');
    if (!code) await new Promise((r) => setTimeout(r, 200));
  }
  const password = 'fuzz2026ok';
  await setupCall(
    jar,
    'POST',
    '/memberShip/register',
    { contacter: '模糊测试', uName: name, password, checkPass: password, mobile: phone, code, imgCode },
    { encrypt: true },
  );
  const credit = `91310115MA${String(Date.now()).slice(-7)}`;
  await setupCall(
    jar,
    'POST',
    '/myAccount/companyQualification',
    { companyName: '上海模糊测试科技有限公司', creditCode: credit + usccCheckChar(credit), legalPerson: '吴测' },
    { multipart: true },
  );
  operatorCommand('qualification', 'approve', name);
  return jar;
}

/** An admin operator, created by the operator command and enrolled with its authenticator. */
async function operator(): Promise<Jar> {
  const jar = new Jar();
  const username = `fuzz_admin_${Date.now() % 1e8}`;
  const password = /初始密码: (\S+)/.exec(operatorCommand('create-operator', username, 'admin'))?.[1] ?? '';
  const login = await setupCall(jar, 'POST', '/console/login', { username, password });
  const secret = (login.data as Json).secret as string;
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 });
  await setupCall(jar, 'POST', '/console/enroll', { username, password, code: totp.generate() });
  return jar;
}

// ── the run ──────────────────────────────────────────────────────────────────────────────────
interface Planned {
  op: Operation;
  label: string;
  credential: Credential;
  build: () => Sent;
}

function fieldInfo(op: Operation): FieldInfo[] {
  if (op.method === 'GET') return op.params.filter((p) => p.in === 'query').map((p) => ({ name: p.name, schema: p.schema, required: p.required }));
  const schema = op.body?.schema ?? {};
  const flat = ((schema.allOf as Json[] | undefined)?.[0] ?? schema) as Json;
  const required = (flat.required as string[] | undefined) ?? [];
  return Object.entries((flat.properties ?? {}) as Record<string, Json>)
    .filter(([name]) => !CONVENTIONS.includes(name) && name !== 'file')
    .map(([name, s]) => ({ name, schema: s, required: required.includes(name) }));
}

function drawFields(op: Operation): { pathParams: Fields; fields: Fields } {
  const pathParams: Fields = {};
  for (const p of op.params.filter((x) => x.in === 'path')) pathParams[p.name] = draw(p.schema, p.name);
  const fields: Fields = {};
  if (op.method === 'GET') {
    for (const p of op.params.filter((x) => x.in === 'query')) if (p.required || random() < 0.6) fields[p.name] = draw(p.schema, p.name);
  } else if (op.body) {
    const drawn = draw(op.body.schema);
    if (drawn && typeof drawn === 'object' && !Array.isArray(drawn)) Object.assign(fields, drawn);
    for (const c of CONVENTIONS) delete fields[c];
    delete fields.file;
  }
  return { pathParams, fields };
}

function plan(ops: Operation[], cookies: Record<Credential, string>): Planned[] {
  const out: Planned[] = [];
  const mutationNames = Object.keys(MUTATIONS);
  ops.forEach((op, index) => {
    const own: Credential = op.access.startsWith('operator') ? 'operator' : ['member', 'qualified', 'companyView'].includes(op.access) ? 'member' : 'anonymous';
    const neutered = NEUTERED[op.id];
    // The session it would need, unless that would end or change the fuzz's own sessions.
    const main: Credential = neutered ? (own === 'operator' ? 'member' : 'anonymous') : own;
    const valid: Credential[] = Array.from({ length: PER_OPERATION }, () => main);
    if (own === 'anonymous' && op.access !== 'dev' && !neutered) valid[valid.length - 1] = 'member';
    if (own === 'member' && !neutered) valid.push('anonymous');
    if (own === 'operator' && !neutered) valid.push('member');
    for (const credential of valid) {
      out.push({
        op,
        label: `valid, ${credential}`,
        credential,
        build: () => {
          const { pathParams, fields } = drawFields(op);
          return encode(op, pathParams, fields, conventions(credential === 'member'), cookies[credential], false);
        },
      });
    }
    // Invalid ones: PER_OPERATION + 1 mutations, a different starting one per operation.
    let taken = 0;
    for (let k = 0; k < mutationNames.length && taken < PER_OPERATION + 1; k++) {
      const name = mutationNames[(index + k) % mutationNames.length] as string;
      const probe = drawFields(op);
      const probeWire = conventions(main === 'member');
      if (MUTATIONS[name]?.({ ...probe.fields }, fieldInfo(op), { ...probeWire }, op) === null) continue;
      taken += 1;
      out.push({
        op,
        label: `invalid: ${name}`,
        credential: main,
        build: () => {
          const { pathParams, fields } = drawFields(op);
          const wireFields = conventions(main === 'member');
          MUTATIONS[name]?.(fields, fieldInfo(op), wireFields, op);
          return encode(op, pathParams, fields, wireFields, cookies[main], true);
        },
      });
    }
  });
  return [...out.filter((p) => !LAST.has(p.op.id)), ...out.filter((p) => LAST.has(p.op.id))];
}

async function main() {
  const started = Date.now();
  if (WEB) wire = (await (await fetch(new URL('/__wire.json', WEB))).json()) as typeof wire;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'apimarket-fuzz-'));
  const document = await fetchPortalDocument(API, path.join(dir, 'portal.json'));
  const ops = operationsOf(JSON.parse(readFileSync(document, 'utf8')) as Json);
  // Prism reads the document while the sessions are made (straight at the API).
  const starting = startPrismProxy({ document, api: API, errors: true, label: 'fuzz', log: path.join(dir, 'prism.log'), quiet: true });
  starting.catch(() => {});
  let proxy: Awaited<typeof starting> | null = null;
  try {
    const memberJar = await member();
    const operatorJar = await operator();
    const sessions = Date.now();
    proxy = await starting;
    const relay = proxy;
    const ready = Date.now();
    const cookies: Record<Credential, string> = { anonymous: '', member: memberJar.header(), operator: operatorJar.header() };
    const planned = plan(ops, cookies);
    const byOp = new Map<string, { sent: number; statuses: Map<number, number> }>();
    let next = 0;
    const worker = async () => {
      while (next < planned.length) {
        const item = planned[next++] as Planned;
        const tally = byOp.get(item.op.id) ?? { sent: 0, statuses: new Map() };
        byOp.set(item.op.id, tally);
        let status = 0;
        try {
          const sent = item.build();
          const res = await fetch(new URL(sent.url, relay.origin), {
            method: sent.method,
            headers: sent.headers,
            body: sent.body,
            signal: AbortSignal.timeout(20_000),
          });
          const text = Buffer.from(await res.arrayBuffer()).toString('utf8');
          status = res.status;
          if (VERBOSE && status >= 400 && item.label.startsWith('valid'))
            console.log(
              `[fuzz] ${item.op.id} (${item.label}) → ${status} ${text.slice(0, 160)}\n      ${sent.url} ${typeof sent.body === 'string' ? sent.body.slice(0, 300) : ''}`,
            );
        } catch (err) {
          console.error(`[fuzz] ${item.op.id} (${item.label}): no answer: ${(err as Error).message}`);
        }
        tally.sent += 1;
        tally.statuses.set(status, (tally.statuses.get(status) ?? 0) + 1);
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const seconds = (from: number, to: number) => `${Math.round((to - from) / 1000)} s`;
    console.log(`[fuzz] sessions in ${seconds(started, sessions)}, Prism up in ${seconds(started, ready)}, requests in ${seconds(ready, Date.now())}`);

    const findings = relay.findings as Array<{ operation: string | null }>;
    const found = new Map<string, number>();
    for (const f of findings) found.set(f.operation ?? '?', (found.get(f.operation ?? '?') ?? 0) + 1);
    for (const op of ops) {
      const t = byOp.get(op.id);
      if (!t) continue;
      const statuses = [...t.statuses]
        .sort((a, b) => a[0] - b[0])
        .map(([s, n]) => `${s}×${n}`)
        .join(' ');
      const mark = found.get(op.id) ? `  FINDINGS ${found.get(op.id)}` : '';
      console.log(`[fuzz] ${op.id.padEnd(44)} ${String(t.sent).padStart(3)} requests  ${statuses}${NEUTERED[op.id] ? '  (without its session)' : ''}${mark}`);
    }
    const lines = summarize(findings);
    for (const line of lines) console.error(`[fuzz] finding: ${line}`);
    const requests = [...byOp.values()].reduce((n, t) => n + t.sent, 0);
    const lost = [...byOp.values()].reduce((n, t) => n + (t.statuses.get(0) ?? 0), 0);
    console.log(
      `\n[fuzz] ${byOp.size} operations, ${requests} requests (seed ${SEED}, ${PER_OPERATION} valid + ${PER_OPERATION + 1} invalid per operation) in ${Math.round((Date.now() - started) / 1000)} s: ${findings.length} findings (${lines.length} distinct)${lost ? `, ${lost} without an answer` : ''}`,
    );
    console.log(
      `[fuzz] without their session: ${Object.entries(NEUTERED)
        .map(([id, why]) => `${id} (${why})`)
        .join('; ')}`,
    );
    process.exitCode = findings.length === 0 && lost === 0 ? 0 : 1;
  } finally {
    await (proxy ?? (await starting.catch(() => null)))?.stop();
    // Prism's own log is kept for a failed run only.
    if (process.exitCode === 0) rmSync(dir, { recursive: true, force: true });
    else console.log(`[fuzz] Prism's log: ${path.join(dir, 'prism.log')}`);
  }
}

await main();
