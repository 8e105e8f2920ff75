// An uploaded xlsx is read as its zip really is, not as its directory says (lib/zip-guard.ts):
// a file that understates an entry's size, hides an entry between the listed ones, or carries
// shared strings beyond what the reader may keep in memory is refused before anything is written,
// in the customer's words; an honest workbook is read as before.
import { ONLINE_MSG } from '@apimarket/contracts';
import { mkdtempSync, rmSync, watch } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { crc32, deflateRawSync } from 'node:zlib';
import { asc, count, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import yauzl from 'yauzl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batchJobRows, batchJobs, callRecords, purchases } from '../../db/schema';
import { qualifiedAccount, type TestAccount } from '../../test/account';
import { buyCheapest } from '../../test/billing';
import { buildTestApp, type TestApp } from '../../test/harness';
import { post, postMultipart } from '../../test/identity';
import { openRowParams } from './batch-params';

let t: TestApp;
let buyer: TestAccount;
let purchaseId = 0;
const ZHANG = { name: '张三', idcard: '110101199003074514' };
const LI = { name: '李四', idcard: '330106198507121239' };
const IP = '198.51.100.31';
const MB = 1024 * 1024;

beforeAll(async () => {
  t = await buildTestApp();
  buyer = await qualifiedAccount(t, '10.74.0.1');
  const key = await buyCheapest(t, buyer, 1882);
  purchaseId = (await t.database.db.select().from(purchases).where(eq(purchases.key, key)))[0]?.id ?? 0;
});
afterAll(() => t.close());

const upload = (content: Buffer) =>
  postMultipart(
    t,
    'myOnline/addBatchJob',
    { purchaseId: String(purchaseId) },
    { name: '名单.xlsx', content, type: 'application/octet-stream' },
    { cookies: buyer.cookies, ip: IP },
  );
const state = async () => ({
  callsLeft: (await t.database.db.select({ n: purchases.callsLeft }).from(purchases).where(eq(purchases.id, purchaseId)))[0]?.n,
  records: (await t.database.db.select({ n: count() }).from(callRecords).where(eq(callRecords.purchaseId, purchaseId)))[0]?.n,
  jobs: (await t.database.db.select({ n: count() }).from(batchJobs).where(eq(batchJobs.purchaseId, purchaseId)))[0]?.n,
  rows: (await t.database.db.select({ n: count() }).from(batchJobRows))[0]?.n,
});

/** Refused with `msg`, and nothing charged, recorded or created. */
async function refused(content: Buffer, msg: string) {
  const before = await state();
  expect((await upload(content)).json()).toMatchObject({ code: 'ALL_0001', msg });
  expect(await state()).toEqual(before);
}

// ── zips built by hand ─────────────────────────────────────────────────────────────────────────
interface Part {
  name: string;
  data: Buffer;
  /** The inflated size the headers claim (a lie when it differs from data.length). */
  declared?: number;
  /** Written into the file, but not listed in its directory. */
  hidden?: boolean;
}

function zipOf(parts: Part[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  let listed = 0;
  for (const p of parts) {
    const name = Buffer.from(p.name);
    const packed = deflateRawSync(p.data);
    const size = p.declared ?? p.data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt16LE(0x21, 12);
    local.writeUInt32LE(crc32(p.data), 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, packed);
    if (!p.hidden) {
      const central = Buffer.alloc(46);
      central.writeUInt32LE(0x02014b50, 0);
      central.writeUInt16LE(20, 4);
      central.writeUInt16LE(20, 6);
      central.writeUInt16LE(8, 10);
      central.writeUInt16LE(0x21, 14);
      central.writeUInt32LE(crc32(p.data), 16);
      central.writeUInt32LE(packed.length, 20);
      central.writeUInt32LE(size, 24);
      central.writeUInt16LE(name.length, 28);
      central.writeUInt32LE(offset, 42);
      centrals.push(central, name);
      listed += 1;
    }
    offset += 30 + name.length + packed.length;
  }
  const dir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(listed, 8);
  end.writeUInt16LE(listed, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}

/** The entries of a real workbook, to rebuild it with parts of our own. */
function partsOf(zip: Buffer): Promise<Part[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true }, (err, z) => {
      if (err || !z) return reject(err);
      const out: Part[] = [];
      z.on('entry', (e: yauzl.Entry) =>
        z.openReadStream(e, (e2, s) => {
          if (e2 || !s) return reject(e2);
          const chunks: Buffer[] = [];
          s.on('data', (c: Buffer) => chunks.push(c));
          s.on('end', () => {
            out.push({ name: e.fileName, data: Buffer.concat(chunks) });
            z.readEntry();
          });
        }),
      );
      z.on('end', () => resolve(out));
      z.readEntry();
    });
  });
}

/** A workbook of these people as exceljs (like Excel) saves it: shared strings after the sheet. */
async function workbook(...people: Array<{ name: string; idcard: string }>): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const ws = book.addWorksheet('查询数据');
  ws.addRow(['姓名（name）', '身份证号（idcard）']);
  for (const p of people) ws.addRow([p.name, p.idcard]);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** A sheet's XML with `pad` bytes of whitespace before the end of its data. */
function padded(xml: Buffer, pad: number): Buffer {
  const text = xml.toString('utf8');
  const at = text.indexOf('</sheetData>');
  return Buffer.concat([Buffer.from(text.slice(0, at)), Buffer.alloc(pad, ' '), Buffer.from(text.slice(at))]);
}

const SHEET = 'xl/worksheets/sheet1.xml';
const rowsOf = async (jobId: number) =>
  (await t.database.db.select().from(batchJobRows).where(eq(batchJobRows.jobId, jobId)).orderBy(asc(batchJobRows.rowNo))).map((r) =>
    openRowParams(t.config, jobId, r.rowNo, r.params),
  );
const remove = (jobId: number) => post(t, 'myOnline/deleteBatchJob', { jobId: String(jobId) }, { cookies: buyer.cookies, ip: IP });

describe('an xlsx read as its zip really is', () => {
  it('refuses one whose directory understates what its sheet inflates to', async () => {
    // 40 MB of sheet declared as 2 KB, in a file of a few dozen KB.
    const parts = await partsOf(await workbook(ZHANG));
    const file = zipOf(parts.map((p) => (p.name === SHEET ? { ...p, data: padded(p.data, 40 * MB), declared: 2048 } : p)));
    expect(file.length).toBeLessThan(MB);
    await refused(file, ONLINE_MSG.fileUnreadable);
  });

  it('refuses one that hides a large entry between the listed ones', async () => {
    // The directory lists a sheet of 张三; between the listed entries lies another sheet, of 李四 and
    // 40 MB of whitespace, that a reader walking the file would meet first.
    const parts = await partsOf(await workbook(ZHANG));
    const hidden = (await partsOf(await workbook(LI))).find((p) => p.name === SHEET);
    if (!hidden) throw new Error('no sheet');
    const at = parts.findIndex((p) => p.name === 'xl/sharedStrings.xml');
    const sheet = { name: 'xl/worksheets/sheet9.xml', data: padded(hidden.data, 40 * MB), hidden: true };
    await refused(zipOf([...parts.slice(0, at + 1), sheet, ...parts.slice(at + 1)]), ONLINE_MSG.fileUnreadable);
  });

  it('refuses shared strings beyond what may be held in memory, though the file is small and honest', async () => {
    // 40 MB of one-letter strings, sizes declared truly: every one would be cached for the rows.
    const parts = await partsOf(await workbook(ZHANG));
    const bomb = (p: Part): Part => {
      const xml = p.data.toString('utf8');
      const at = xml.indexOf('</sst>');
      const one = '<si><t>a</t></si>';
      return { ...p, data: Buffer.from(`${xml.slice(0, at)}${one.repeat(Math.ceil((40 * MB) / one.length))}</sst>`) };
    };
    const file = zipOf(parts.map((p) => (p.name === 'xl/sharedStrings.xml' ? bomb(p) : p)));
    expect(file.length).toBeLessThan(MB);
    await refused(file, ONLINE_MSG.fileTooBig);
  });

  it('refuses a sheet whose one row, or one comment among its rows, holds 40 MB', async () => {
    // The reader streams a sheet a row at a time, but holds a row whole until it ends.
    const parts = await partsOf(await workbook(ZHANG));
    const withSheet = (body: (xml: string, at: number) => string) =>
      zipOf(
        parts.map((p) => {
          if (p.name !== SHEET) return p;
          const xml = p.data.toString('utf8');
          return { ...p, data: Buffer.from(body(xml, xml.indexOf('</sheetData>'))) };
        }),
      );
    const cell = (i: number) =>
      `<c r="${String.fromCharCode(65 + (i % 26))}${String.fromCharCode(65 + Math.floor(i / 26))}3" t="inlineStr"><is><t>${'核'.repeat(20_000)}</t></is></c>`;
    const wide = withSheet((xml, at) => `${xml.slice(0, at)}<row r="3">${Array.from({ length: 26 * 26 }, (_, i) => cell(i)).join('')}</row>${xml.slice(at)}`);
    expect(wide.length).toBeLessThan(MB);
    await refused(wide, ONLINE_MSG.fileTooBig);
    // A comment is held whole too; row tags inside it must not pass for rows.
    const note = `<!--${'<row r="9"></row>'.padEnd(MB, ' ').repeat(40)}-->`;
    await refused(
      withSheet((xml, at) => `${xml.slice(0, at)}${note}${xml.slice(at)}`),
      ONLINE_MSG.fileUnreadable,
    );
  });

  it('reads a workbook of inline strings as it inflates, with nothing parked on disk', async () => {
    // Some writers save no shared strings; the reader would wait for them with the sheet in a temporary file.
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (c: Buffer) => chunks.push(c));
    const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false });
    const ws = book.addWorksheet('查询数据');
    ws.addRow(['name', 'idcard']).commit();
    ws.addRow([ZHANG.name, ZHANG.idcard]).commit();
    ws.commit();
    await book.commit();
    const file = Buffer.concat(chunks);
    expect((await partsOf(file)).map((p) => p.name)).not.toContain('xl/sharedStrings.xml');
    const tmp = mkdtempSync(path.join(os.tmpdir(), 'batch-inline-'));
    const before = process.env.TMPDIR;
    process.env.TMPDIR = tmp;
    const created: string[] = [];
    const watcher = watch(tmp, (_, name) => created.push(String(name)));
    const res = await upload(file).finally(() => {
      process.env.TMPDIR = before;
    });
    await new Promise((r) => setTimeout(r, 50));
    watcher.close();
    rmSync(tmp, { recursive: true, force: true });
    expect(created).toEqual([]);
    expect(res.json()).toMatchObject({ code: 200, data: { rows: 1 } });
    expect(await rowsOf(res.json().data.id)).toEqual([ZHANG]);
    await remove(res.json().data.id);
  });

  it('still reads an honest workbook, as Excel saves it and as a streaming writer does (data descriptors)', async () => {
    const res = await upload(await workbook(ZHANG, LI));
    expect(res.json()).toMatchObject({ code: 200, msg: ONLINE_MSG.created, data: { rows: 2 } });
    expect(await rowsOf(res.json().data.id)).toEqual([ZHANG, LI]);
    await remove(res.json().data.id);

    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (c: Buffer) => chunks.push(c));
    const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: true });
    const ws = book.addWorksheet('查询数据');
    ws.addRow(['name', 'idcard']).commit();
    for (const p of [LI, ZHANG, LI]) ws.addRow([p.name, p.idcard]).commit();
    ws.commit();
    await book.commit();
    const streamed = await upload(Buffer.concat(chunks));
    expect(streamed.json()).toMatchObject({ code: 200, data: { rows: 3 } });
    expect(await rowsOf(streamed.json().data.id)).toEqual([LI, ZHANG, LI]);
    await remove(streamed.json().data.id);
  });
});
