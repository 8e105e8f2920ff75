// Batch queries (applyBatch, myOnline/*; Decision 121): a sheet of parameter rows for one
// purchase becomes a job; executing it hands the job to the runner (batch.runner.ts), which calls
// the rows one by one as the purchase's owner. Every read and change is limited to the account's
// own jobs. A row's parameters are sealed under SECRETS_KEY from the moment the sheet is read
// until its call (batch-params.ts), then masked; jobs are deleted after the retention settings
// (modules/retention).
import {
  BATCH_JOB_STATUS_LABEL,
  BATCH_MAX_COLUMNS,
  BATCH_MAX_ROWS,
  BATCH_RESULT_COLUMNS,
  type BatchJobDetailInput,
  type BatchJobIdInput,
  type BatchJobListInput,
  type BatchJobStatus,
  type BatchJobView,
  type BatchRowView,
  hasControlChars,
  ONLINE_MSG,
  type OnlineParam,
  pageOffset,
} from '@apimarket/contracts';
import { and, asc, count, desc, eq, ne, notExists, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { parse as parseCsv } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import yauzl from 'yauzl';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { batchJobRows, batchJobs, interfaces } from '../../db/schema';
import { Conflict, Invalid, NotFound } from '../../http/errors';
import type { Account } from '../account/access';
import { sealRowParams, shownRowParams } from './batch-params';
import { isBatchable, ownPurchase } from './online.service';

const jobColumns = {
  id: batchJobs.id,
  purchaseId: batchJobs.purchaseId,
  interfaceId: batchJobs.interfaceId,
  interfaceName: interfaces.interfaceName,
  fileName: batchJobs.fileName,
  status: batchJobs.status,
  rows: batchJobs.rows,
  done: batchJobs.done,
  succeeded: batchJobs.succeeded,
  charged: batchJobs.charged,
  createdAt: batchJobs.createdAt,
  finishedAt: batchJobs.finishedAt,
  note: batchJobs.note,
};

const jobQuery = (db: Db) => db.select(jobColumns).from(batchJobs).innerJoin(interfaces, eq(interfaces.id, batchJobs.interfaceId));
type JobRow = Awaited<ReturnType<typeof jobQuery>>[number];

function jobView(r: JobRow): BatchJobView {
  const status = r.status as BatchJobStatus;
  return { ...r, status, statusLabel: BATCH_JOB_STATUS_LABEL[status], createdAt: r.createdAt.toISOString(), finishedAt: r.finishedAt?.toISOString() ?? null };
}

async function ownJob(db: Db, account: Account, jobId: number): Promise<BatchJobView> {
  const [row] = await jobQuery(db).where(and(eq(batchJobs.id, jobId), eq(batchJobs.memberId, account.memberId)));
  if (!row) throw new NotFound(ONLINE_MSG.jobMissing);
  return jobView(row);
}

// ── The sheet ────────────────────────────────────────────────────────────────────────────────
/** A header cell names its parameter: `idcard`, or `身份证号（idcard）` as the template writes it. */
function headerName(text: string): string {
  const t = text.trim();
  const inBrackets = /[(（]\s*([A-Za-z][A-Za-z0-9_]*)\s*[)）]\s*$/.exec(t);
  return inBrackets?.[1] ?? t;
}

const label = (p: OnlineParam) => `${p.description.split(/[，,；;。（(]/)[0]?.trim() || p.name}（${p.name}）`;

/** The template a customer fills in: one text column per parameter, and a sheet that explains them. */
export async function batchTemplate(params: readonly OnlineParam[]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.creator = '数据API市场';
  const sheet = book.addWorksheet('查询数据', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = params.map((p) => ({ header: label(p), width: Math.max(16, label(p).length * 2), style: { numFmt: '@' } }));
  sheet.getRow(1).font = { bold: true };
  const help = book.addWorksheet('填写说明');
  help.columns = [
    { header: '参数', width: 16 },
    { header: '是否必填', width: 10 },
    { header: '说明', width: 60 },
    { header: '示例', width: 28 },
  ];
  help.getRow(1).font = { bold: true };
  for (const p of params) help.addRow([p.name, p.required ? '必填' : '选填', p.description, p.example]);
  help.addRow([]);
  help.addRow([`每行一次查询，最多 ${BATCH_MAX_ROWS} 行；身份证号、银行卡号等请保持文本格式，不要改成数字。`]);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** The sum of an xlsx's entries once inflated, read from its zip directory (nothing is inflated). */
function unzippedSize(content: Buffer): Promise<number> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(content, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err ?? new Error('not a zip'));
      let total = 0;
      zip.on('entry', (entry: yauzl.Entry) => {
        total += entry.uncompressedSize;
        zip.readEntry();
      });
      zip.on('end', () => resolve(total));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

/** A 2 MB sheet holds a few thousand cells of text; a file that inflates far beyond it is refused unread. */
const MAX_UNZIPPED_BYTES = 40 * 1024 * 1024;
/** Digits a spreadsheet number keeps: an identity or card number stored as a number has lost the rest. */
const EXACT_DIGITS = 1e15;
const SCIENTIFIC = /^[+-]?\d+(\.\d+)?e\+?\d+$/i;

/** Text as Excel saves CSV: UTF-8 (with or without its byte-order mark), or GB18030 ("CSV (逗号分隔)"). */
function decodeCsv(content: Buffer): string {
  for (const encoding of ['utf-8', 'gb18030']) {
    try {
      return new TextDecoder(encoding, { fatal: true }).decode(content);
    } catch {
      // try the next one
    }
  }
  throw new Invalid(ONLINE_MSG.encoding);
}

interface Sheet {
  header: string[];
  /** Each row's cells as text, as wide as the header, with its row number in the file. */
  rows: Array<{ rowNo: number; cells: string[] }>;
}

/** A cell's text, refused when it cannot be what the customer meant. */
function cellText(text: string, rowNo: number, column: string): string {
  if (hasControlChars(text)) throw new Invalid(ONLINE_MSG.cellChars(rowNo, column));
  if (SCIENTIFIC.test(text)) throw new Invalid(ONLINE_MSG.numberCell(rowNo, column));
  return text.trim();
}

function readCsv(content: Buffer): Sheet {
  let records: string[][];
  try {
    records = parseCsv(decodeCsv(content), { relax_column_count: true, skip_empty_lines: true });
  } catch (err) {
    if (err instanceof Invalid) throw err;
    throw new Invalid(ONLINE_MSG.fileUnreadable);
  }
  const [first = [], ...body] = records;
  if (first.length > BATCH_MAX_COLUMNS) throw new Invalid(ONLINE_MSG.tooManyColumns);
  if (body.length > BATCH_MAX_ROWS) throw new Invalid(ONLINE_MSG.tooManyRows);
  const header = first.map((h) => h.trim());
  return { header, rows: body.map((r, i) => ({ rowNo: i + 2, cells: header.map((h, c) => cellText(r[c] ?? '', i + 2, h)) })) };
}

async function readXlsx(content: Buffer): Promise<Sheet> {
  const book = new ExcelJS.Workbook();
  try {
    if ((await unzippedSize(content)) > MAX_UNZIPPED_BYTES) throw new Invalid(ONLINE_MSG.fileTooBig);
    await book.xlsx.load(content as unknown as ArrayBuffer);
  } catch (err) {
    if (err instanceof Invalid) throw err;
    throw new Invalid(ONLINE_MSG.fileUnreadable);
  }
  const sheet = book.worksheets[0];
  if (!sheet) throw new Invalid(ONLINE_MSG.fileUnreadable);
  if (sheet.actualRowCount > BATCH_MAX_ROWS + 1) throw new Invalid(ONLINE_MSG.tooManyRows);
  // Only the header's columns are read: a stray cell far to the right must not widen every row.
  let width = 0;
  sheet.getRow(1).eachCell({ includeEmpty: false }, (_, col) => {
    width = Math.max(width, col);
  });
  if (width > BATCH_MAX_COLUMNS) throw new Invalid(ONLINE_MSG.tooManyColumns);
  const header = Array.from({ length: width }, (_, c) =>
    sheet
      .getRow(1)
      .getCell(c + 1)
      .text.trim(),
  );
  const rows: Sheet['rows'] = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNo) => {
    if (rowNo === 1) return;
    const cells = header.map((h, c) => {
      const cell = row.getCell(c + 1);
      if (typeof cell.value === 'number' && Math.abs(cell.value) >= EXACT_DIGITS) throw new Invalid(ONLINE_MSG.numberCell(rowNo, h));
      return cellText(cell.text, rowNo, h);
    });
    rows.push({ rowNo, cells });
  });
  return { header, rows };
}

/** The query rows of a sheet, by parameter name, checked against the interface's parameters. */
export async function parseBatchSheet(content: Buffer, extension: string, params: readonly OnlineParam[]): Promise<Array<Record<string, string>>> {
  const sheet = extension === 'csv' ? readCsv(content) : await readXlsx(content);
  const names = sheet.header.map(headerName);
  for (const p of params) if (p.required && !names.includes(p.name)) throw new Invalid(ONLINE_MSG.missingColumn(p.name));
  const known = new Set(params.map((p) => p.name));
  const rows = sheet.rows
    .map(({ cells }) => Object.fromEntries(names.flatMap((name, i) => (known.has(name) ? [[name, cells[i] ?? '']] : []))))
    .filter((r) => Object.values(r).some((v) => v !== ''));
  if (rows.length === 0) throw new Invalid(ONLINE_MSG.noRows);
  if (rows.length > BATCH_MAX_ROWS) throw new Invalid(ONLINE_MSG.tooManyRows);
  return rows;
}

// ── Jobs ─────────────────────────────────────────────────────────────────────────────────────
/** myOnline/addBatchJob: the sheet becomes a pending job of the purchase, its rows sealed (config: SECRETS_KEY). */
export async function createBatchJob(
  db: Db,
  account: Account,
  purchaseId: number,
  file: { name: string; extension: string; content: Buffer },
  ip: string,
  config: Config,
): Promise<BatchJobView> {
  const p = await ownPurchase(db, account, purchaseId);
  if (!isBatchable(p.params)) throw new Invalid(ONLINE_MSG.imageNotBatchable);
  const rows = await parseBatchSheet(file.content, file.extension, p.params);
  const id = await db.transaction(async (tx) => {
    const [job] = await tx
      .insert(batchJobs)
      .values({
        memberId: account.memberId,
        purchaseId: p.id,
        interfaceId: p.interfaceId,
        fileName: file.name.slice(0, 120),
        ip: ip.slice(0, 64),
        rows: rows.length,
      })
      .returning({ id: batchJobs.id });
    const jobId = job?.id ?? 0;
    for (let i = 0; i < rows.length; i += 500) {
      await tx
        .insert(batchJobRows)
        .values(rows.slice(i, i + 500).map((params, j) => ({ jobId, rowNo: i + j + 1, params: sealRowParams(config, jobId, i + j + 1, params) })));
    }
    return jobId;
  });
  return ownJob(db, account, id);
}

/** myOnline/getBatchJob: the account's jobs, newest first. */
export async function listBatchJobs(db: Db, account: Account, f: BatchJobListInput): Promise<{ rows: BatchJobView[]; total: number }> {
  const where = and(eq(batchJobs.memberId, account.memberId), f.purchaseId ? eq(batchJobs.purchaseId, f.purchaseId) : undefined);
  const [rows, [total]] = await Promise.all([
    jobQuery(db).where(where).orderBy(desc(batchJobs.id)).limit(f.pageSize).offset(pageOffset(f)),
    db.select({ n: count() }).from(batchJobs).where(where),
  ]);
  return { rows: rows.map(jobView), total: total?.n ?? 0 };
}

function rowView(r: typeof batchJobRows.$inferSelect): BatchRowView {
  return {
    rowNo: r.rowNo,
    params: shownRowParams(r.params, r.code !== null),
    code: r.code,
    message: r.message,
    seqNo: r.code === null ? null : r.seqNo,
    data: r.data ?? null,
  };
}

/** myOnline/getBatchJobDetail: a page of one job's rows. */
export async function batchJobDetail(db: Db, account: Account, f: BatchJobDetailInput): Promise<{ rows: BatchRowView[]; total: number; job: BatchJobView }> {
  const job = await ownJob(db, account, f.jobId);
  const rows = await db
    .select()
    .from(batchJobRows)
    .where(eq(batchJobRows.jobId, job.id))
    .orderBy(asc(batchJobRows.rowNo))
    .limit(f.pageSize)
    .offset(pageOffset(f));
  return { rows: rows.map(rowView), total: job.rows, job };
}

/** getBatchJobDetail with export=1: every row with its answer, parameters masked. */
export async function exportBatchJob(db: Db, account: Account, { jobId }: BatchJobIdInput): Promise<{ job: BatchJobView; content: Buffer }> {
  const job = await ownJob(db, account, jobId);
  const p = await ownPurchase(db, account, job.purchaseId);
  const rows = (await db.select().from(batchJobRows).where(eq(batchJobRows.jobId, job.id)).orderBy(asc(batchJobRows.rowNo))).map(rowView);
  const book = new ExcelJS.Workbook();
  book.creator = '数据API市场';
  const sheet = book.addWorksheet('查询结果', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = [
    { header: '行号', width: 8 },
    ...p.params.map((x) => ({ header: label(x), width: 20 })),
    ...BATCH_RESULT_COLUMNS.map((header, i) => ({ header, width: [12, 28, 24, 60][i] ?? 16 })),
  ];
  sheet.getRow(1).font = { bold: true };
  for (const r of rows) {
    sheet.addRow([
      r.rowNo,
      ...p.params.map((x) => r.params[x.name] ?? ''),
      r.code ?? '未执行',
      r.message ?? '',
      r.seqNo ?? '',
      r.data === null || r.data === undefined ? '' : JSON.stringify(r.data),
    ]);
  }
  return { job, content: Buffer.from(await book.xlsx.writeBuffer()) };
}

/** myOnline/deleteBatchJob: any job but a running one. */
export async function deleteBatchJob(db: Db, account: Account, { jobId }: BatchJobIdInput): Promise<void> {
  const gone = await db
    .delete(batchJobs)
    .where(and(eq(batchJobs.id, jobId), eq(batchJobs.memberId, account.memberId), ne(batchJobs.status, 'running')))
    .returning({ id: batchJobs.id });
  if (gone.length > 0) return;
  await ownJob(db, account, jobId); // 404 when it is not the account's
  throw new Conflict(ONLINE_MSG.jobRunning);
}

/**
 * myOnline/executeBatchJob: a pending job of a usable purchase with a call left for every row
 * starts running; the runner is then told and takes its lease. One job of a purchase runs at a
 * time, so the check of calls left holds and the key's rate is shared by one job only.
 * Executing twice, even at once, starts it once.
 */
export async function executeBatchJob(db: Db, account: Account, { jobId }: BatchJobIdInput): Promise<BatchJobView> {
  const job = await ownJob(db, account, jobId);
  if (job.status !== 'pending') throw new Conflict(ONLINE_MSG.jobNotPending);
  const p = await ownPurchase(db, account, job.purchaseId);
  if (!p.usable) throw new Invalid(ONLINE_MSG.unusable);
  if (p.callsLeft < job.rows) throw new Invalid(ONLINE_MSG.notEnoughCalls(job.rows, p.callsLeft));
  const other = alias(batchJobs, 'other');
  const started = await db
    .update(batchJobs)
    .set({ status: 'running', startedAt: sql`now()`, leaseOwner: null, leaseUntil: null })
    .where(
      and(
        eq(batchJobs.id, job.id),
        eq(batchJobs.status, 'pending'),
        notExists(
          db
            .select({ id: other.id })
            .from(other)
            .where(and(eq(other.purchaseId, job.purchaseId), eq(other.status, 'running'))),
        ),
      ),
    )
    .returning({ id: batchJobs.id });
  if (started.length === 0) {
    const now = await ownJob(db, account, job.id);
    throw new Conflict(now.status === 'pending' ? ONLINE_MSG.jobBusy : ONLINE_MSG.jobNotPending);
  }
  return ownJob(db, account, job.id);
}
