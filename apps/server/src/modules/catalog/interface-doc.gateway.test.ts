// Every interface page's samples and codes against the gateway (issue #17): for each of the
// catalogue's interfaces, the curl sample exactly as /api/{id} renders it (contracts
// codeSamples) is run by a real curl against this server's gateway with a real purchase key,
// and its answer compared with the page's sample answer and field table; then a missing and a
// malformed value of every parameter are sent, and the code the gateway answers must be one the
// page lists — a malformed ID number answers SYSTEM_042, and the page must say so.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  codeSamples,
  type PageCode,
  type PageParam,
  formatCheck,
  interfaceCodes,
  KEY_PLACEHOLDER,
  sampleAnswer,
  sampleFields,
  sampleHeaders,
} from '@apimarket/contracts';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { interfaces, purchases } from '../../db/schema';
import { qualifiedAccount, type TestAccount } from '../../test/account';
import { buildTestApp, type TestApp } from '../../test/harness';
import { get } from '../../test/identity';
import { registerTestApp } from '../../test/gateway';

const run = promisify(execFile);

/** What /api/{id} reads (api/interface/{id}) and renders from. */
interface Detail {
  id: number;
  interfaceName: string;
  path: string;
  sdk: boolean;
  params: PageParam[];
  responseFields: Array<{ name: string; type: string; description: string }>;
  codes: PageCode[];
  sampleResponse: { code: string; message: string; data: unknown; seqNo: string };
}

// A customer's files for the Base64 parameters: a JPEG and an MP4 by their first bytes.
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF'), Buffer.alloc(3000, 9)]);
const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x20]), Buffer.from('ftypisom'), Buffer.alloc(6000, 3)]);

let t: TestApp;
let buyer: TestAccount;
let gatewayUrl = '';
let dir = '';
const details: Detail[] = [];
const keys = new Map<number, string>();

beforeAll(async () => {
  // Several hundred calls from one address in a few seconds: lift the per-address budget.
  t = await buildTestApp({ env: { GATEWAY_RATE_PER_ADDRESS: '100000', GATEWAY_UNKEYED_PER_ADDRESS: '100000' } });
  gatewayUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  dir = mkdtempSync(path.join(os.tmpdir(), 'apimarket-samples-'));
  buyer = await qualifiedAccount(t, '10.61.0.1');

  const ids = (await t.database.db.select({ id: interfaces.id }).from(interfaces).where(eq(interfaces.status, 'on_sale')).orderBy(asc(interfaces.id))).map(
    (r) => r.id,
  );
  for (const id of ids) {
    const res = await get(t, `api/interface/${id}`);
    details.push(res.json().data);
  }
  // A purchase of each, written directly: buying is tested on its own, and 160 orders paid one by
  // one would take most of this file's time. The keys are what the gateway looks up, as any.
  const rows = await t.database.db
    .insert(purchases)
    .values(
      ids.map((interfaceId) => ({
        memberId: buyer.memberId,
        interfaceId,
        key: randomBytes(32).toString('base64url'),
        callsTotal: 1000,
        callsLeft: 1000,
        expiresAt: new Date(Date.now() + 86_400_000),
      })),
    )
    .returning({ interfaceId: purchases.interfaceId, key: purchases.key });
  for (const r of rows) keys.set(r.interfaceId, r.key);
  // An SDK interface answers apps registered in 包名管理: the buyer registers the one the pages' samples declare.
  for (const d of details) if (d.sdk) await registerTestApp(t, keys.get(d.id) ?? '');
}, 60_000);

afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await t.close();
});

/** The page's curl sample with the reader's key pasted in, run by bash in a folder holding their files. */
async function runCurl(d: Detail): Promise<Record<string, unknown>> {
  const here = mkdtempSync(path.join(dir, `${d.id}-`));
  for (const f of sampleFields(d)) if (f.file) writeFileSync(path.join(here, f.file), f.file.endsWith('.mp4') ? MP4 : JPEG);
  const script = codeSamples(gatewayUrl, d).curl.split(KEY_PLACEHOLDER).join(keys.get(d.id));
  const { stdout } = await run('bash', ['-c', `set -eo pipefail\n${script}`], { cwd: here });
  return JSON.parse(stdout);
}

/** The sample's fields as a form, files as their Base64 text, with changes. */
function form(d: Detail, change: Record<string, string | null> = {}): string {
  const fields = new URLSearchParams();
  for (const f of sampleFields(d, keys.get(d.id))) {
    const value = f.name in change ? change[f.name] : f.file ? (f.file.endsWith('.mp4') ? MP4 : JPEG).toString('base64') : f.value;
    if (value !== null && value !== undefined) fields.set(f.name, value);
  }
  return fields.toString();
}

async function call(d: Detail, change: Record<string, string | null>): Promise<{ code: string; message: string; data: unknown; seqNo: string }> {
  const headers = { 'content-type': 'application/x-www-form-urlencoded', ...Object.fromEntries(sampleHeaders(d)) };
  const res = await t.app.inject({ method: 'POST', url: d.path, headers, payload: form(d, change) });
  return res.json();
}

/** Every key path of a JSON value ("data.list[].name"), to compare shapes rather than values. */
function keyPaths(value: unknown, prefix = ''): Set<string> {
  const out = new Set<string>();
  if (Array.isArray(value)) {
    for (const item of value) for (const p of keyPaths(item, `${prefix}[]`)) out.add(p);
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      const p = prefix ? `${prefix}.${k}` : k;
      out.add(p);
      for (const q of keyPaths(v, p)) out.add(q);
    }
  }
  return out;
}

/** Whether a documented field ("data.list.name", "data.list[].name") is in an answer; an empty list holds every field. */
function hasField(answer: unknown, dotted: string): boolean {
  const walk = (v: unknown, parts: string[]): boolean => {
    if (parts.length === 0) return true;
    if (Array.isArray(v)) return v.length === 0 || v.some((item) => walk(item, parts));
    if (!v || typeof v !== 'object') return false;
    const [head = '', ...rest] = parts;
    return head in v && walk((v as Record<string, unknown>)[head], rest);
  };
  return walk(answer, dotted.replaceAll('[]', '').split('.'));
}

/** A malformed value: an ID number with a wrong check character, otherwise one letter. */
function malformed(p: PageParam): string {
  if (p.name === 'idcard') return p.example.slice(0, 17) + (p.example[17] === '0' ? '1' : '0');
  return 'x';
}

/**
 * Answers about the moment of the call: a vehicle's latest position is where the sandbox's truck is
 * now (Decision 202), while the page shows one from the day the example was written.
 */
const ABOUT_NOW = new Set([9694]);

describe('interface pages against the gateway', () => {
  it('covers every interface on sale, each with a key', () => {
    expect(details.length).toBeGreaterThanOrEqual(150);
    expect([...keys.values()].every((k) => k.length > 20)).toBe(true);
  });

  it("answers each page's curl sample the way the page shows", { timeout: 120_000 }, async () => {
    // Four curls at a time: each is a process start, and the answers are independent.
    const answers = new Map<number, Record<string, unknown>>();
    const queue = [...details];
    await Promise.all(
      [1, 2, 3, 4].map(async () => {
        for (let d = queue.shift(); d; d = queue.shift()) answers.set(d.id, await runCurl(d));
      }),
    );
    for (const d of details) {
      const answer = answers.get(d.id) ?? {};
      const page = sampleAnswer(d.sampleResponse) as Detail['sampleResponse'];
      const listed = interfaceCodes(d).map((c) => c.code);
      const at = `${d.id} ${d.interfaceName}: ${JSON.stringify(answer).slice(0, 200)}`;
      expect(Object.keys(answer), at).toEqual(Object.keys(page));
      expect(answer.seqNo, at).toMatch(/^[0-9A-F]{20}$/);
      expect(page.seqNo, at).toMatch(/^[0-9A-F]{20}$/);
      expect(listed, at).toContain(answer.code);
      if (sampleFields(d).some((f) => f.file) || ABOUT_NOW.has(d.id)) {
        // The reader's own picture, or where the truck is at the call: the answer is made for it, in the documented shape.
        expect(answer.code, at).toBe(page.code);
        expect([...keyPaths(answer.data)].sort(), at).toEqual([...keyPaths(page.data)].sort());
      } else {
        // The documented values: the documented answer, word for word.
        expect({ code: answer.code, message: answer.message, data: answer.data }, at).toEqual({ code: page.code, message: page.message, data: page.data });
      }
      for (const f of d.responseFields) expect(hasField(answer, f.name), `${at} lacks ${f.name}`).toBe(true);
    }
  });

  it('answers a missing or malformed parameter with a code the page lists, naming the parameter', { timeout: 120_000 }, async () => {
    for (const d of details) {
      const rows = interfaceCodes(d);
      const listed = rows.map((r) => r.code);
      const row = (code: string) => rows.find((r) => r.code === code)?.when ?? '';
      for (const p of d.params) {
        const at = `${d.id} ${d.interfaceName} ${p.name}`;
        if (p.required) {
          const missing = await call(d, { [p.name]: null });
          expect({ code: missing.code, message: missing.message }, at).toEqual({ code: 'SYSTEM_011', message: `缺少必填参数：${p.name}` });
          expect(row('SYSTEM_011'), at).toContain(p.name);
        }
        const bad = await call(d, { [p.name]: malformed(p) });
        expect(listed, `${at}: ${bad.code}`).toContain(bad.code);
        if (formatCheck(p)) {
          expect({ code: bad.code, message: bad.message, data: bad.data }, at).toEqual({ code: 'SYSTEM_042', message: `参数格式错误：${p.name}`, data: null });
          expect(row('SYSTEM_042'), at).toContain(`${p.name}（`);
        } else {
          // Any text passes the platform: the page must not promise a format check it does not make.
          expect(bad.code, at).not.toBe('SYSTEM_042');
        }
      }
    }
  });

  it('answers a bad ID number on 实名认证 with SYSTEM_042, listed on its page with the ID rule', async () => {
    const d = details.find((x) => x.id === 1882);
    if (!d) throw new Error('1882 not on sale');
    const answer = await call(d, { idcard: '110101199003074515' });
    expect(answer).toMatchObject({ code: 'SYSTEM_042', message: '参数格式错误：idcard', data: null });
    const row = interfaceCodes(d).find((r) => r.code === 'SYSTEM_042');
    expect(row).toMatchObject({ message: '参数格式错误', billable: false });
    expect(row?.when).toContain('idcard（18 位居民身份证号，校验位须正确）');
  });
});
