// Batch queries (applyBatch, myOnline/*; Decision 121): a sheet of parameter rows for one
// purchase becomes a job; executing it hands the job to the runner (batch.runner.ts), which calls
// the rows one by one as the purchase's owner. Every read and change is limited to the account's
// own jobs. Parameters stay in clear only until their row is called (then masked), results are
// kept for BATCH_KEEP_DAYS and a job never executed for BATCH_PENDING_DAYS (batch.runner.ts).
import { Readable } from 'node:stream';
import {
  BATCH_JOB_STATUS_LABEL,
  BATCH_MAX_ROWS,
  BATCH_RESULT_COLUMNS,
  type BatchJobDetailInput,
  type BatchJobListInput,
  type BatchJobStatus,
  type BatchJobView,
  type BatchRowView,
  ONLINE_MSG,
  type OnlineParam,
  pageOffset,
} from '@apimarket/contracts';
import { and, asc, count, desc, eq, ne, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { Db } from '../../db/client';
import { batchJobRows, batchJobs, interfaces } from '../../db/schema';
import { Conflict, Invalid, NotFound } from '../../http/errors';
import type { Account } from '../account/access';
import { maskParams } from '../gateway/mask';
import { isBatchable, ownPurchase } from './online.service';

/** How long a lease on a running job lasts; the runner renews it with every row. */
export const BATCH_LEASE_SECONDS = 60;

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

/** The first sheet's rows as text, the header first. Unreadable files answer the template hint. */
async function readSheet(content: Buffer, extension: string): Promise<string[][]> {
  const book = new ExcelJS.Workbook();
  try {
    if (extension === 'csv') {
      // CSV in UTF-8 (Excel writes a byte-order mark in front: it is not part of the first header).
      const text = content.toString('utf8').replace(/^\uFEFF/, '');
      // Every value stays text: an 18-digit identity number read as a number would lose digits.
      await book.csv.read(Readable.from([text]), { map: (value: string) => value, parserOptions: { ignoreEmpty: true } });
    } else {
      await book.xlsx.load(content as unknown as ArrayBuffer);
    }
  } catch {
    throw new Invalid(ONLINE_MSG.fileUnreadable);
  }
  const sheet = book.worksheets[0];
  if (!sheet) throw new Invalid(ONLINE_MSG.fileUnreadable);
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const cells: string[] = [];
    for (let c = 1; c <= row.cellCount; c++) cells.push(row.getCell(c).text.trim());
    rows.push(cells);
  });
  return rows;
}

/** The query rows of a sheet, by parameter name, checked against the interface's parameters. */
export async function parseBatchSheet(content: Buffer, extension: string, params: readonly OnlineParam[]): Promise<Array<Record<string, string>>> {
  const [header = [], ...body] = await readSheet(content, extension);
  const names = header.map(headerName);
  for (const p of params) if (p.required && !names.includes(p.name)) throw new Invalid(ONLINE_MSG.missingColumn(p.name));
  const known = new Set(params.map((p) => p.name));
  const rows = body
    .map((cells) => Object.fromEntries(names.flatMap((name, i) => (known.has(name) ? [[name, cells[i] ?? '']] : []))))
    .filter((r) => Object.values(r).some((v) => v !== ''));
  if (rows.length === 0) throw new Invalid(ONLINE_MSG.noRows);
  if (rows.length > BATCH_MAX_ROWS) throw new Invalid(ONLINE_MSG.tooManyRows);
  return rows;
}

// ── Jobs ─────────────────────────────────────────────────────────────────────────────────────
/** myOnline/addBatchJob: the sheet becomes a pending job of the purchase. */
export async function createBatchJob(
  db: Db,
  account: Account,
  purchaseId: number,
  file: { name: string; extension: string; content: Buffer },
  ip: string,
): Promise<BatchJobView> {
  const p = await ownPurchase(db, account, purchaseId);
  if (!isBatchable(p.params)) throw new Invalid(ONLINE_MSG.imageNotBatchable);
  const rows = await parseBatchSheet(file.content, file.extension, p.params);
  const id = await db.transaction(async (tx) => {
    const [job] = await tx
      .insert(batchJobs)
      .values({ memberId: account.memberId, purchaseId: p.id, interfaceId: p.interfaceId, fileName: file.name.slice(0, 120), ip: ip.slice(0, 64), rows: rows.length })
      .returning({ id: batchJobs.id });
    const jobId = job?.id ?? 0;
    for (let i = 0; i < rows.length; i += 500) {
      await tx.insert(batchJobRows).values(rows.slice(i, i + 500).map((params, j) => ({ jobId, rowNo: i + j + 1, params })));
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
  // A row not called yet still holds its parameters in clear: they are shown masked all the same.
  return { rowNo: r.rowNo, params: r.code === null ? maskParams(r.params) : r.params, code: r.code, message: r.message, seqNo: r.code === null ? null : r.seqNo, data: r.data ?? null };
}

/** myOnline/getBatchJobDetail: a page of one job's rows. */
export async function batchJobDetail(db: Db, account: Account, f: BatchJobDetailInput): Promise<{ rows: BatchRowView[]; total: number; job: BatchJobView }> {
  const job = await ownJob(db, account, f.jobId);
  const rows = await db.select().from(batchJobRows).where(eq(batchJobRows.jobId, job.id)).orderBy(asc(batchJobRows.rowNo)).limit(f.pageSize).offset(pageOffset(f));
  return { rows: rows.map(rowView), total: job.rows, job };
}

/** getBatchJobDetail with export=1: every row with its answer, parameters masked. */
export async function exportBatchJob(db: Db, account: Account, jobId: number): Promise<{ job: BatchJobView; content: Buffer }> {
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
export async function deleteBatchJob(db: Db, account: Account, jobId: number): Promise<void> {
  const gone = await db
    .delete(batchJobs)
    .where(and(eq(batchJobs.id, jobId), eq(batchJobs.memberId, account.memberId), ne(batchJobs.status, 'running')))
    .returning({ id: batchJobs.id });
  if (gone.length > 0) return;
  await ownJob(db, account, jobId); // 404 when it is not the account's
  throw new Conflict(ONLINE_MSG.jobRunning);
}

/**
 * myOnline/executeBatchJob: a pending job of a usable purchase with enough calls left for every
 * row starts running, leased to this process (the runner is then told). Executing twice, even at
 * once, starts it once.
 */
export async function executeBatchJob(db: Db, account: Account, jobId: number): Promise<BatchJobView> {
  const job = await ownJob(db, account, jobId);
  if (job.status !== 'pending') throw new Conflict(ONLINE_MSG.jobNotPending);
  const p = await ownPurchase(db, account, job.purchaseId);
  if (!p.usable) throw new Invalid(ONLINE_MSG.unusable);
  if (p.callsLeft < job.rows) throw new Invalid(ONLINE_MSG.notEnoughCalls(job.rows, p.callsLeft));
  const started = await db
    .update(batchJobs)
    .set({ status: 'running', startedAt: sql`now()`, leaseUntil: sql`now() + make_interval(secs => ${BATCH_LEASE_SECONDS})` })
    .where(and(eq(batchJobs.id, job.id), eq(batchJobs.status, 'pending')))
    .returning({ id: batchJobs.id });
  if (started.length === 0) throw new Conflict(ONLINE_MSG.jobNotPending);
  return ownJob(db, account, job.id);
}
