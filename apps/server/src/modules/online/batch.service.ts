// Batch queries (applyBatch, myOnline/*; Decision 121): a sheet of up to 100 000 parameter rows
// for one purchase becomes a job, read as a stream and written in chunks; executing it (with the
// consent attestation) hands the job to the runner (batch.runner.ts), which calls the rows one by
// one as the purchase's owner. A pending job's rows can be edited or replaced; a paused job
// resumes; failed rows run again, never a row that was charged. Every read and change is limited
// to the account's own jobs. A row's parameters are sealed under SECRETS_KEY for the life of the
// job (batch-params.ts); jobs are deleted after the retention settings (modules/retention).
import { isUtf8 } from 'node:buffer';
import { PassThrough, Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import {
  BATCH_JOB_STATUS,
  BATCH_JOB_STATUS_LABEL,
  BATCH_MAX_COLUMNS,
  BATCH_MAX_PROBLEMS,
  BATCH_MAX_ROWS,
  BATCH_RESULT_COLUMNS,
  type BatchJobDetailInput,
  type BatchJobIdInput,
  type BatchJobListInput,
  type BatchJobStatus,
  type BatchJobView,
  type BatchRowIdInput,
  type BatchRowView,
  type ExecuteBatchJobInput,
  hasControlChars,
  isBatchRetryable,
  ONLINE_MSG,
  type OnlineParam,
  pageOffset,
  type UpdateBatchJobInput,
  type UpdateBatchRowInput,
} from '@apimarket/contracts';
import { parse as parseCsv } from 'csv-parse';
import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, lt, ne, notExists, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type ExcelJS from 'exceljs';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { batchJobRows, batchJobs, interfaces, members } from '../../db/schema';
import { Conflict, Invalid, NotFound } from '../../http/errors';
import { type CheckedEntry, inflateEntries, ZipTooBig, ZipUnreadable, zipOf } from '../../lib/zip-guard';
import type { Account } from '../account/access';
import { ownerRowParams, sealRowParams, shownRowParams } from './batch-params';
import { isBatchable, ownPurchase } from './online.service';
import { loadExcel } from '../../files';

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
  failed: batchJobs.failed,
  createdAt: batchJobs.createdAt,
  finishedAt: batchJobs.finishedAt,
  note: batchJobs.note,
  consentAt: batchJobs.consentAt,
  consentBy: members.loginName,
  /** Seconds since the current run began, measured by the database's clock (the one that stamped it). */
  runSeconds: sql<number | null>`extract(epoch from now() - ${batchJobs.runStartedAt})::float8`,
  runDoneFrom: batchJobs.runDoneFrom,
};

const jobQuery = (db: Db) =>
  db
    .select(jobColumns)
    .from(batchJobs)
    .innerJoin(interfaces, eq(interfaces.id, batchJobs.interfaceId))
    .leftJoin(members, eq(members.id, batchJobs.consentMemberId));
type JobRow = Awaited<ReturnType<typeof jobQuery>>[number];
/** Jobs being written (loading) or deleted are nobody's to see or act on yet. */
const shown = inArray(batchJobs.status, [...BATCH_JOB_STATUS]);

/** The rate is measured after this many seconds of a run, so the first row's latency does not set the ETA. */
const RATE_AFTER_SECONDS = 3;

function jobView(r: JobRow): BatchJobView {
  const { runSeconds, runDoneFrom, ...rest } = r;
  const status = r.status as BatchJobStatus;
  const doneInRun = r.done - runDoneFrom;
  const rate = status === 'running' && runSeconds !== null && runSeconds >= RATE_AFTER_SECONDS && doneInRun > 0 ? doneInRun / runSeconds : null;
  return {
    ...rest,
    status,
    statusLabel: BATCH_JOB_STATUS_LABEL[status],
    createdAt: r.createdAt.toISOString(),
    finishedAt: r.finishedAt?.toISOString() ?? null,
    consentAt: r.consentAt?.toISOString() ?? null,
    retryable: status === 'done' || status === 'stopped' ? r.failed + (r.rows - r.done) : 0,
    rate,
    etaSeconds: rate === null ? null : Math.ceil((r.rows - r.done) / rate),
  };
}

export async function ownJob(db: Db, account: Account, jobId: number): Promise<BatchJobView> {
  const [row] = await jobQuery(db).where(and(eq(batchJobs.id, jobId), eq(batchJobs.memberId, account.memberId), shown));
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
  const book = new (await loadExcel()).Workbook();
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

/** Parts exceljs's streaming reader must meet before a worksheet to read it as it inflates. */
const READ_FIRST = ['xl/_rels/workbook.xml.rels', 'xl/workbook.xml', 'xl/styles.xml', 'xl/sharedStrings.xml'];

/**
 * A full 20 MB sheet of 100 000 rows inflates to a few hundred MB of XML at most; a file that
 * inflates beyond it is refused. Worksheets are streamed a row at a time (ROW_SPAN_MAX bounds a
 * row); this bounds the time.
 */
const MAX_UNZIPPED_BYTES = 320 * 1024 * 1024;
/**
 * The parts exceljs parses whole and keeps: the shared strings (every distinct text of the sheet,
 * cached for its rows) and the workbook, its relations and its styles. 100 000 rows of four
 * distinct texts each (name, identity and phone numbers, a note) are 13 MB of shared strings;
 * 32 MB of them took ~100 MB of heap while the sheet was read, ~210 MB as rich-text runs (the
 * costliest form), which bounds what one upload can take.
 */
const PART_MAX: Record<string, number> = {
  'xl/sharedStrings.xml': 32 * 1024 * 1024,
  'xl/workbook.xml': 8 * 1024 * 1024,
  'xl/_rels/workbook.xml.rels': 8 * 1024 * 1024,
  'xl/styles.xml': 16 * 1024 * 1024,
};
/** An xlsx lists a dozen parts, a few hundred with many sheets and pictures. */
const MAX_ZIP_ENTRIES = 2000;
/**
 * The most XML a worksheet may hold between two row tags (or before the first, after the last).
 * exceljs streams a sheet a row at a time, but holds a whole row, and a text node whole, until it
 * ends: one row of 300 MB in a 300 KB file took 300 MB of heap. A row of 50 columns of Excel's
 * longest cells is a few MB; the columns, merges and rules around the rows a few MB at most.
 */
const ROW_SPAN_MAX = 8 * 1024 * 1024;
/** The entries exceljs reads as worksheets (its own pattern, unanchored as it is). */
const WORKSHEET = /xl\/worksheets\/sheet\d+[.]xml/;
const ROW_TAG = Buffer.from('<row');
/** Bytes that may follow `<row` in a row's start tag (anything else is another element). */
const AFTER_ROW_TAG = new Set([0x20, 0x09, 0x0a, 0x0d, 0x3e, 0x2f]);
/** Comments, CDATA, a DOCTYPE, and instructions past the XML declaration: markup the sheet writers never put in a sheet, and the parser would hold whole. */
const DECLARATION = Buffer.from('<!');
const INSTRUCTION = Buffer.from('<?');

/**
 * Watches a worksheet's XML as it inflates: ZipTooBig when a stretch between row tags passes
 * ROW_SPAN_MAX, ZipUnreadable at markup a sheet never holds (a comment could hide row tags).
 */
function rowSpans(): { data(chunk: Buffer): void; end(): void } {
  let seen = 0; // bytes before `text`
  let last = 0; // where the last row tag began (0: the part's start)
  let tail = Buffer.alloc(0); // the end of the previous chunk: a tag may be split across two
  return {
    data(chunk) {
      const text = tail.length ? Buffer.concat([tail, chunk]) : chunk;
      const base = seen - tail.length;
      for (let at = text.indexOf(ROW_TAG); at !== -1; at = text.indexOf(ROW_TAG, at + 1)) {
        const next = text[at + ROW_TAG.length];
        if (next === undefined) break; // decided with the next chunk
        if (!AFTER_ROW_TAG.has(next) || base + at <= last) continue;
        if (base + at - last > ROW_SPAN_MAX) throw new ZipTooBig();
        last = base + at;
      }
      if (text.includes(DECLARATION)) throw new ZipUnreadable('markup a sheet never holds');
      for (let at = text.indexOf(INSTRUCTION); at !== -1; at = text.indexOf(INSTRUCTION, at + 1))
        if (base + at > 3) throw new ZipUnreadable('markup a sheet never holds'); // the declaration, after a byte-order mark
      seen = base + text.length;
      if (seen - last > ROW_SPAN_MAX) throw new ZipTooBig();
      tail = Buffer.from(text.subarray(Math.max(text.length - ROW_TAG.length, 0)));
    },
    end() {
      if (seen - last > ROW_SPAN_MAX) throw new ZipTooBig();
    },
  };
}

const NO_SHARED_STRINGS = (() => {
  const data = Buffer.from(
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="0" uniqueCount="0"/>',
  );
  return { name: 'xl/sharedStrings.xml', method: 0, crc: crc32(data), uncompressedSize: data.length, data };
})();

/**
 * The xlsx as exceljs's streaming reader may read it. Every listed entry is inflated once first
 * (lib/zip-guard.ts) and its real bytes counted, then dropped: beyond MAX_UNZIPPED_BYTES in all or
 * a held part beyond PART_MAX, the file is too big; an entry that inflates to other than its
 * declared size, or bytes its directory does not list, make it unreadable. The reader is then
 * given exactly the checked entries — local headers rewritten from the directory, the compressed
 * data unchanged (nothing is recompressed, memory stays one copy of the upload) — with the parts of
 * READ_FIRST first: Excel saves the shared strings after the sheets, and exceljs then parks each
 * sheet in a temporary file until it has read them, a clear copy of the customer's sheet on disk.
 */
async function checkedXlsx(content: Buffer): Promise<Buffer> {
  let entries: CheckedEntry[];
  try {
    entries = await inflateEntries(content, {
      max: MAX_UNZIPPED_BYTES,
      partMax: (name) => PART_MAX[name],
      maxEntries: MAX_ZIP_ENTRIES,
      inspect: (name) => (WORKSHEET.test(name) ? rowSpans() : undefined),
    });
  } catch (err) {
    throw new Invalid(err instanceof ZipTooBig ? ONLINE_MSG.fileTooBig : ONLINE_MSG.fileUnreadable);
  }
  const names = new Set(entries.map((e) => e.name));
  // Without its relations exceljs cannot place a sheet and parks it on disk; Excel opens no such file either.
  if (!names.has('xl/_rels/workbook.xml.rels')) throw new Invalid(ONLINE_MSG.fileUnreadable);
  // A workbook of inline strings (some writers save no shared strings) is given an empty part, or
  // exceljs would wait for one and park every sheet in a temporary file.
  const parts = names.has('xl/sharedStrings.xml') ? entries : [...entries, NO_SHARED_STRINGS];
  const rank = (name: string) => {
    const i = READ_FIRST.indexOf(name);
    return i === -1 ? READ_FIRST.length : i;
  };
  return zipOf([...parts].sort((a, b) => rank(a.name) - rank(b.name)));
}

/** Digits a spreadsheet number keeps: an identity or card number stored as a number has lost the rest. */
const EXACT_DIGITS = 1e15;
const SCIENTIFIC = /^[+-]?\d+(\.\d+)?e\+?\d+$/i;
/** Rows written per INSERT while a sheet is read: memory holds one chunk, not the sheet. */
const WRITE_CHUNK = 1000;

/** One line of a sheet as read: its row number in the file, and each header column's text and whether it was a long number. */
interface SheetLine {
  rowNo: number;
  cells: Array<{ text: string; lostDigits: boolean }>;
}

/** The sheet's header, then its lines, read as a stream. */
interface SheetStream {
  header: string[];
  lines: AsyncIterable<SheetLine>;
  /** Reads what is left when the sheet is given up early, so the reader ends and cleans up after itself. */
  drain?: () => Promise<void>;
}

/** Text as Excel saves CSV: UTF-8 (with or without its byte-order mark), or GB18030 ("CSV (逗号分隔)"). */
function csvEncoding(content: Buffer): string {
  if (isUtf8(content)) return 'utf-8';
  try {
    // Checked in slices, so a 20 MB file is never decoded into one string.
    const probe = new TextDecoder('gb18030', { fatal: true });
    for (let i = 0; i < content.length; i += 1 << 16) probe.decode(content.subarray(i, i + (1 << 16)), { stream: true });
    probe.decode();
    return 'gb18030';
  } catch {
    throw new Invalid(ONLINE_MSG.encoding);
  }
}

async function* decoded(content: Buffer, encoding: string): AsyncGenerator<string> {
  const decoder = new TextDecoder(encoding);
  for (let i = 0; i < content.length; i += 1 << 16) yield decoder.decode(content.subarray(i, i + (1 << 16)), { stream: true });
  const rest = decoder.decode();
  if (rest) yield rest;
}

async function readCsv(content: Buffer): Promise<SheetStream> {
  const parser = Readable.from(decoded(content, csvEncoding(content))).pipe(parseCsv({ relax_column_count: true, skip_empty_lines: true }));
  const records = parser[Symbol.asyncIterator]() as AsyncIterator<string[]>;
  const first = await records.next().catch(() => {
    throw new Invalid(ONLINE_MSG.fileUnreadable);
  });
  const head: string[] = first.done ? [] : first.value;
  if (head.length > BATCH_MAX_COLUMNS) throw new Invalid(ONLINE_MSG.tooManyColumns);
  const header = head.map((h) => h.trim());
  async function* lines(): AsyncGenerator<SheetLine> {
    let rowNo = 1;
    for (;;) {
      const next = await records.next().catch(() => {
        throw new Invalid(ONLINE_MSG.fileUnreadable);
      });
      if (next.done) return;
      rowNo += 1;
      yield { rowNo, cells: header.map((_, c) => ({ text: next.value[c] ?? '', lostDigits: false })) };
    }
  }
  return { header, lines: lines() };
}

async function readXlsx(content: Buffer): Promise<SheetStream> {
  const ordered = await checkedXlsx(content);
  // Streamed: rows are read as the XML inflates, never the whole sheet at once (shared strings are cached).
  const reader = new (await loadExcel()).stream.xlsx.WorkbookReader(Readable.from(ordered), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'cache',
    entries: 'ignore',
  });
  const sheets = reader[Symbol.asyncIterator]();
  const unreadable = () => {
    throw new Invalid(ONLINE_MSG.fileUnreadable);
  };
  const firstSheet = await sheets.next().catch(unreadable);
  if (firstSheet.done) throw new Invalid(ONLINE_MSG.fileUnreadable);
  const rows = firstSheet.value[Symbol.asyncIterator]();
  const firstRow = await rows.next().catch(unreadable);
  // The header is row 1; a sheet whose first filled row is lower has no header (its columns are missing).
  const headRow = !firstRow.done && firstRow.value.number === 1 ? firstRow.value : null;
  // Only the header's columns are read: a stray cell far to the right must not widen every row.
  let width = 0;
  headRow?.eachCell({ includeEmpty: false }, (_, col) => {
    width = Math.max(width, col);
  });
  if (width > BATCH_MAX_COLUMNS) throw new Invalid(ONLINE_MSG.tooManyColumns);
  const header = Array.from({ length: width }, (_, c) => headRow?.getCell(c + 1).text.trim() ?? '');
  const cellsOf = (row: ExcelJS.Row): SheetLine => ({
    rowNo: row.number,
    cells: header.map((_, c) => {
      const cell = row.getCell(c + 1);
      return { text: cell.text, lostDigits: typeof cell.value === 'number' && Math.abs(cell.value) >= EXACT_DIGITS };
    }),
  });
  /** The other sheets (the template's 填写说明) are read through and ignored, so the stream ends. */
  const rest = async () => {
    for (;;) {
      const sheet = await sheets.next();
      if (sheet.done) break;
      for await (const _ of sheet.value) {
        // ignored
      }
    }
  };
  async function* lines(): AsyncGenerator<SheetLine> {
    if (!firstRow.done && headRow === null) yield cellsOf(firstRow.value);
    for (;;) {
      const next = await rows.next().catch(unreadable);
      if (next.done) break;
      yield cellsOf(next.value);
    }
    await rest().catch(unreadable);
  }
  const drain = async () => {
    try {
      for (;;) if ((await rows.next()).done) break;
      await rest();
    } catch {
      // an unreadable file: nothing more to read
    }
  };
  return { header, lines: lines(), drain };
}

/** What reading a sheet found: how many query rows, and the problems of its rows (the first BATCH_MAX_PROBLEMS, and how many). */
export interface SheetResult {
  rows: number;
  problems: string[];
  problemCount: number;
}

/**
 * Reads a sheet as a stream and checks it against the interface's parameters. A file it cannot
 * run at all (type, encoding, missing column, too many rows or columns) is refused at once; the
 * problems of single rows (an empty required value, a control character, a long number whose
 * digits are lost) are all collected, so the customer fixes them in one go. The good rows go to
 * `write` in chunks, numbered 1, 2, … in the order of the sheet, until the first problem: a sheet
 * with problems becomes no job.
 */
export async function readBatchSheet(
  content: Buffer,
  extension: string,
  params: readonly OnlineParam[],
  write?: (rows: Array<{ rowNo: number; params: Record<string, string> }>) => Promise<void>,
): Promise<SheetResult> {
  const sheet = extension === 'csv' ? await readCsv(content) : await readXlsx(content);
  try {
    const names = sheet.header.map(headerName);
    for (const p of params) if (p.required && !names.includes(p.name)) throw new Invalid(ONLINE_MSG.missingColumn(p.name));
    const known = new Set(params.map((p) => p.name));
    const required = new Set(params.filter((p) => p.required).map((p) => p.name));
    const columns = names.flatMap((name, i) => (known.has(name) ? [{ name, i, label: sheet.header[i] ?? name }] : []));
    const problems: string[] = [];
    let problemCount = 0;
    const problem = (message: string) => {
      problemCount += 1;
      if (problems.length < BATCH_MAX_PROBLEMS) problems.push(message);
    };
    let lines = 0;
    let rows = 0;
    let chunk: Array<{ rowNo: number; params: Record<string, string> }> = [];
    for await (const line of sheet.lines) {
      lines += 1;
      if (lines > BATCH_MAX_ROWS) throw new Invalid(ONLINE_MSG.tooManyRows);
      const values: Record<string, string> = {};
      let bad = false;
      for (const { name, i, label: column } of columns) {
        const cell = line.cells[i] ?? { text: '', lostDigits: false };
        if (cell.lostDigits || SCIENTIFIC.test(cell.text)) {
          problem(ONLINE_MSG.numberCell(line.rowNo, column));
          bad = true;
        } else if (hasControlChars(cell.text)) {
          problem(ONLINE_MSG.cellChars(line.rowNo, column));
          bad = true;
        }
        values[name] = cell.text.trim();
      }
      if (!Object.values(values).some((v) => v !== '')) {
        if (!bad) continue; // an empty line
      } else {
        for (const { name, label: column } of columns)
          if (required.has(name) && values[name] === '') {
            problem(ONLINE_MSG.missingValue(line.rowNo, column));
            bad = true;
          }
      }
      rows += 1;
      if (write && problemCount === 0 && !bad) {
        chunk.push({ rowNo: rows, params: values });
        if (chunk.length >= WRITE_CHUNK) {
          await write(chunk);
          chunk = [];
        }
      }
    }
    if (write && problemCount === 0 && chunk.length > 0) await write(chunk);
    if (problemCount === 0 && rows === 0) throw new Invalid(ONLINE_MSG.noRows);
    return { rows, problems, problemCount };
  } catch (err) {
    // Given up early (too many rows, a missing column): the rest is read through, so nothing the
    // reader set aside stays behind.
    await sheet.drain?.();
    throw err;
  }
}

/** A sheet with problems: the only one's message, or how many with the first of them listed (`problems`). */
function refuseProblems(r: SheetResult): void {
  if (r.problemCount === 0) return;
  const [first = ''] = r.problems;
  throw new Invalid(r.problemCount === 1 ? first : ONLINE_MSG.problems(r.problemCount), { problems: r.problems, problemCount: r.problemCount });
}

/** The query rows of a sheet (tests and small callers): every row's values by parameter name. */
export async function parseBatchSheet(content: Buffer, extension: string, params: readonly OnlineParam[]): Promise<Array<Record<string, string>>> {
  const out: Array<Record<string, string>> = [];
  refuseProblems(await readBatchSheet(content, extension, params, async (rows) => void out.push(...rows.map((r) => r.params))));
  return out;
}

// ── Jobs ─────────────────────────────────────────────────────────────────────────────────────
/** Writes a sheet's good rows into a job, sealed (config: SECRETS_KEY), a chunk per INSERT. */
const rowWriter = (db: Db, config: Config, jobId: number) => async (rows: Array<{ rowNo: number; params: Record<string, string> }>) => {
  await db.insert(batchJobRows).values(rows.map((r) => ({ jobId, rowNo: r.rowNo, params: sealRowParams(config, jobId, r.rowNo, r.params) })));
};

/** Deletes a job's rows a chunk at a time (a job may hold 100 000), then nothing else. */
async function deleteRows(db: Db, jobId: number): Promise<void> {
  for (;;) {
    const next = db
      .select({ rowNo: batchJobRows.rowNo })
      .from(batchJobRows)
      .where(eq(batchJobRows.jobId, jobId))
      .limit(10 * WRITE_CHUNK);
    const gone = await db
      .delete(batchJobRows)
      .where(and(eq(batchJobRows.jobId, jobId), inArray(batchJobRows.rowNo, next)))
      .returning({ rowNo: batchJobRows.rowNo });
    if (gone.length === 0) return;
  }
}

/**
 * myOnline/addBatchJob: the sheet becomes a pending job of the purchase. Its rows are written as
 * they are read, under a job that stays hidden (loading) until the whole sheet proved good; a
 * sheet with problems leaves nothing behind. Not one transaction: a 100 000-row sheet must not
 * hold the database for the seconds it takes to read.
 */
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
  const [job] = await db
    .insert(batchJobs)
    .values({
      memberId: account.memberId,
      purchaseId: p.id,
      interfaceId: p.interfaceId,
      fileName: file.name.slice(0, 120),
      ip: ip.slice(0, 64),
      rows: 0,
      status: 'loading',
    })
    .returning({ id: batchJobs.id });
  const jobId = job?.id ?? 0;
  try {
    const read = await readBatchSheet(file.content, file.extension, p.params, rowWriter(db, config, jobId));
    refuseProblems(read);
    await db.update(batchJobs).set({ status: 'pending', rows: read.rows }).where(eq(batchJobs.id, jobId));
  } catch (err) {
    await deleteRows(db, jobId);
    await db.delete(batchJobs).where(eq(batchJobs.id, jobId));
    throw err;
  }
  return ownJob(db, account, jobId);
}

/**
 * myOnline/updateBatchJob: a pending job renamed, or its rows replaced by a new sheet. The new
 * sheet is read once to check it (nothing changes when it has problems), then again to write it,
 * the job hidden (loading) meanwhile so it cannot be executed half-written.
 */
export async function updateBatchJob(
  db: Db,
  account: Account,
  input: UpdateBatchJobInput,
  file: { name: string; extension: string; content: Buffer } | null,
  config: Config,
): Promise<BatchJobView> {
  const job = await ownJob(db, account, input.jobId);
  if (job.status !== 'pending') throw new Conflict(ONLINE_MSG.jobNotEditable);
  const fileName = (input.fileName ?? file?.name ?? job.fileName).slice(0, 120);
  if (!file) {
    const renamed = await db
      .update(batchJobs)
      .set({ fileName })
      .where(and(eq(batchJobs.id, job.id), eq(batchJobs.status, 'pending')))
      .returning({ id: batchJobs.id });
    if (renamed.length === 0) throw new Conflict(ONLINE_MSG.jobNotEditable);
    return ownJob(db, account, job.id);
  }
  const p = await ownPurchase(db, account, job.purchaseId);
  refuseProblems(await readBatchSheet(file.content, file.extension, p.params));
  const taken = await db
    .update(batchJobs)
    .set({ status: 'loading' })
    .where(and(eq(batchJobs.id, job.id), eq(batchJobs.status, 'pending')))
    .returning({ id: batchJobs.id });
  if (taken.length === 0) throw new Conflict(ONLINE_MSG.jobNotEditable);
  await deleteRows(db, job.id);
  const read = await readBatchSheet(file.content, file.extension, p.params, rowWriter(db, config, job.id));
  await db.update(batchJobs).set({ status: 'pending', rows: read.rows, fileName }).where(eq(batchJobs.id, job.id));
  return ownJob(db, account, job.id);
}

/** myOnline/getBatchJob: the account's jobs, newest first. */
export async function listBatchJobs(db: Db, account: Account, f: BatchJobListInput): Promise<{ rows: BatchJobView[]; total: number }> {
  const where = and(eq(batchJobs.memberId, account.memberId), shown, f.purchaseId ? eq(batchJobs.purchaseId, f.purchaseId) : undefined);
  const [rows, [total]] = await Promise.all([
    jobQuery(db).where(where).orderBy(desc(batchJobs.id)).limit(f.pageSize).offset(pageOffset(f)),
    db.select({ n: count() }).from(batchJobs).where(where),
  ]);
  return { rows: rows.map(jobView), total: total?.n ?? 0 };
}

export function rowView(r: typeof batchJobRows.$inferSelect): BatchRowView {
  return {
    rowNo: r.rowNo,
    params: shownRowParams(r.params, r.code !== null),
    code: r.code,
    message: r.message,
    seqNo: r.code === null ? null : r.seqNo,
    data: r.data ?? null,
    charged: r.charged > 0,
    retryable: isBatchRetryable(r.code, r.charged),
  };
}

/** myOnline/getBatchJobDetail: a page of one job's rows. */
export async function batchJobDetail(db: Db, account: Account, f: BatchJobDetailInput): Promise<{ rows: BatchRowView[]; total: number; job: BatchJobView }> {
  const job = await ownJob(db, account, f.jobId);
  const rows = await db
    .select()
    .from(batchJobRows)
    .where(and(eq(batchJobRows.jobId, job.id), gt(batchJobRows.rowNo, pageOffset(f))))
    .orderBy(asc(batchJobRows.rowNo))
    .limit(f.pageSize);
  return { rows: rows.map(rowView), total: job.rows, job };
}

/** Rows read per query while a result file is written. */
const EXPORT_PAGE = 2000;

/**
 * getBatchJobDetail with export=1, the owner's result file: every row with the customer's own
 * inputs in clear beside the answer (the sealed values opened in memory, for this file only), so
 * rows can be matched to the customer's records. Streamed row by row into the xlsx.
 */
export async function exportBatchJob(db: Db, account: Account, { jobId }: BatchJobIdInput, config: Config): Promise<{ job: BatchJobView; content: Buffer }> {
  const job = await ownJob(db, account, jobId);
  const p = await ownPurchase(db, account, job.purchaseId);
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const book = new (await loadExcel()).stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: true });
  book.creator = '数据API市场';
  const sheet = book.addWorksheet('查询结果', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = [
    { header: '行号', width: 8 },
    ...p.params.map((x) => ({ header: label(x), width: 22 })),
    ...BATCH_RESULT_COLUMNS.map((header, i) => ({ header, width: [12, 28, 24, 60][i] ?? 16 })),
  ];
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  let after = 0;
  for (;;) {
    const rows = await db
      .select()
      .from(batchJobRows)
      .where(and(eq(batchJobRows.jobId, job.id), gt(batchJobRows.rowNo, after)))
      .orderBy(asc(batchJobRows.rowNo))
      .limit(EXPORT_PAGE);
    for (const r of rows) {
      const inputs = ownerRowParams(config, job.id, r.rowNo, r.params, r.code !== null);
      const row = sheet.addRow([
        r.rowNo,
        ...p.params.map((x) => inputs[x.name] ?? ''),
        r.code ?? '未执行',
        r.message ?? '',
        r.code === null ? '' : (r.seqNo ?? ''),
        r.data === null || r.data === undefined ? '' : JSON.stringify(r.data),
      ]);
      // Identity and card numbers stay text when the customer opens the file in Excel.
      row.eachCell((cell) => {
        cell.numFmt = '@';
      });
      row.commit();
    }
    const last = rows.at(-1);
    if (!last || rows.length < EXPORT_PAGE) break;
    after = last.rowNo;
  }
  sheet.commit();
  await book.commit();
  return { job, content: Buffer.concat(chunks) };
}

/** myOnline/deleteBatchJob: any job but a running one. Its rows go first, a chunk at a time. */
export async function deleteBatchJob(db: Db, account: Account, { jobId }: BatchJobIdInput): Promise<void> {
  const job = await ownJob(db, account, jobId); // 404 when it is not the account's
  if (job.status === 'running') throw new Conflict(ONLINE_MSG.jobRunning);
  // Hidden first, so it can neither start nor show while its rows go.
  const taken = await db
    .update(batchJobs)
    .set({ status: 'deleting' })
    .where(and(eq(batchJobs.id, job.id), ne(batchJobs.status, 'running')))
    .returning({ id: batchJobs.id });
  if (taken.length === 0) throw new Conflict(ONLINE_MSG.jobRunning);
  await deleteRows(db, job.id);
  await db.delete(batchJobs).where(eq(batchJobs.id, job.id));
}

/** A purchase runs one job at a time: the check of calls left holds and the key's rate is shared by one job only. */
const noOtherRunning = (db: Db, jobId: number, purchaseId: number) => {
  const other = alias(batchJobs, 'other');
  return notExists(
    db
      .select({ id: other.id })
      .from(other)
      .where(and(eq(other.purchaseId, purchaseId), eq(other.status, 'running'), ne(other.id, jobId))),
  );
};
/** A single row's call (execBatchJobDetail) holds the job's lease under this prefix while it runs. */
export const ROW_LEASE = 'row:';
const noRowCall = or(isNull(batchJobs.leaseUntil), lt(batchJobs.leaseUntil, sql`now()`), sql`${batchJobs.leaseOwner} not like ${`${ROW_LEASE}%`}`);

/** The purchase can take `rows` more calls, or the reason it cannot. */
async function checkCalls(db: Db, account: Account, purchaseId: number, rows: number): Promise<void> {
  const p = await ownPurchase(db, account, purchaseId);
  if (!p.usable) throw new Invalid(ONLINE_MSG.unusable);
  if (p.callsLeft < rows) throw new Invalid(ONLINE_MSG.notEnoughCalls(rows, p.callsLeft));
}

/** Why a job could not be started: another of the purchase runs, or it has moved on. */
async function notStarted(db: Db, account: Account, jobId: number, was: BatchJobStatus): Promise<never> {
  const now = await ownJob(db, account, jobId);
  throw new Conflict(now.status === was ? ONLINE_MSG.jobBusy : ONLINE_MSG.jobNotPending);
}

/**
 * myOnline/executeBatchJob: a pending job of a usable purchase with a call left for every row
 * starts running, once the caller attests the people in the sheet consented (recorded on the job:
 * who, when, from where); the runner is then told and takes its lease. Executing twice, even at
 * once, starts it once.
 */
export async function executeBatchJob(db: Db, account: Account, { jobId }: ExecuteBatchJobInput, ip: string): Promise<BatchJobView> {
  const job = await ownJob(db, account, jobId);
  if (job.status !== 'pending') throw new Conflict(ONLINE_MSG.jobNotPending);
  await checkCalls(db, account, job.purchaseId, job.rows);
  const started = await db
    .update(batchJobs)
    .set({
      status: 'running',
      startedAt: sql`now()`,
      runStartedAt: sql`now()`,
      runDoneFrom: 0,
      leaseOwner: null,
      leaseUntil: null,
      consentMemberId: account.memberId,
      consentAt: sql`now()`,
      consentIp: ip.slice(0, 64),
    })
    .where(and(eq(batchJobs.id, job.id), eq(batchJobs.status, 'pending'), noOtherRunning(db, job.id, job.purchaseId)))
    .returning({ id: batchJobs.id });
  if (started.length === 0) await notStarted(db, account, job.id, 'pending');
  return ownJob(db, account, job.id);
}

/**
 * myOnline/newExecuteBatchJob: a finished or stopped job runs again over its failed rows (answered
 * neither 10000 nor charged) and, of a stopped job, the rows never called. A row answered 10000,
 * or charged, is never called again. The job's consent stands: it covers the same people.
 */
export async function newExecuteBatchJob(db: Db, account: Account, { jobId }: BatchJobIdInput): Promise<{ job: BatchJobView; rows: number }> {
  const job = await ownJob(db, account, jobId);
  if (job.status !== 'done' && job.status !== 'stopped') throw new Conflict(ONLINE_MSG.jobNotFinished);
  if (job.retryable === 0) throw new Invalid(ONLINE_MSG.nothingToRetry);
  await checkCalls(db, account, job.purchaseId, job.retryable);
  const rows = await db.transaction(async (tx) => {
    const [started] = await tx
      .update(batchJobs)
      .set({
        status: 'running',
        note: null,
        finishedAt: null,
        leaseOwner: null,
        leaseUntil: null,
        done: sql`${batchJobs.done} - ${batchJobs.failed}`,
        runDoneFrom: sql`${batchJobs.done} - ${batchJobs.failed}`,
        failed: 0,
        runStartedAt: sql`now()`,
      })
      .where(and(eq(batchJobs.id, job.id), inArray(batchJobs.status, ['done', 'stopped']), noRowCall, noOtherRunning(db, job.id, job.purchaseId)))
      .returning({ id: batchJobs.id, rows: batchJobs.rows, done: batchJobs.done });
    if (!started) return null;
    // The failed rows become uncalled again; their old seqNo (a call that was not charged) is forgotten.
    await tx
      .update(batchJobRows)
      .set({ code: null, message: null, data: null, seqNo: null })
      .where(and(eq(batchJobRows.jobId, job.id), isNotNull(batchJobRows.code), ne(batchJobRows.code, '10000'), eq(batchJobRows.charged, 0)));
    return started.rows - started.done;
  });
  if (rows === null) await notStarted(db, account, job.id, job.status);
  return { job: await ownJob(db, account, job.id), rows: rows ?? 0 };
}

/** myOnline/pauseBatchJob: the runner finishes the row in hand and stops; the rows left wait for resume. */
export async function pauseBatchJob(db: Db, account: Account, { jobId }: BatchJobIdInput): Promise<BatchJobView> {
  const job = await ownJob(db, account, jobId);
  const paused = await db
    .update(batchJobs)
    .set({ status: 'paused', pausedAt: sql`now()` })
    .where(and(eq(batchJobs.id, job.id), eq(batchJobs.status, 'running')))
    .returning({ id: batchJobs.id });
  if (paused.length === 0) throw new Conflict(ONLINE_MSG.jobNotPausable);
  return ownJob(db, account, job.id);
}

/** myOnline/resumeBatchJob: a paused job runs on from its first row not done, when the purchase can still take them. */
export async function resumeBatchJob(db: Db, account: Account, { jobId }: BatchJobIdInput): Promise<BatchJobView> {
  const job = await ownJob(db, account, jobId);
  if (job.status !== 'paused') throw new Conflict(ONLINE_MSG.jobNotPaused);
  await checkCalls(db, account, job.purchaseId, job.rows - job.done);
  const resumed = await db
    .update(batchJobs)
    .set({ status: 'running', pausedAt: null, runStartedAt: sql`now()`, runDoneFrom: sql`${batchJobs.done}` })
    .where(and(eq(batchJobs.id, job.id), eq(batchJobs.status, 'paused'), noRowCall, noOtherRunning(db, job.id, job.purchaseId)))
    .returning({ id: batchJobs.id });
  if (resumed.length === 0) await notStarted(db, account, job.id, 'paused');
  return ownJob(db, account, job.id);
}

/** The caller's own row of the caller's own job; 404 for anybody else's. */
async function ownRow(db: Db, account: Account, jobId: number, rowNo: number): Promise<{ job: BatchJobView; row: typeof batchJobRows.$inferSelect }> {
  const job = await ownJob(db, account, jobId);
  const [row] = await db
    .select()
    .from(batchJobRows)
    .where(and(eq(batchJobRows.jobId, job.id), eq(batchJobRows.rowNo, rowNo)));
  if (!row) throw new NotFound(ONLINE_MSG.rowMissing);
  return { job, row };
}

/**
 * myOnline/updateBatchJobDetail: one row of a pending job takes new values, checked as a sheet's
 * cell is, and sealed again under SECRETS_KEY (bound to the job and row as before).
 */
export async function updateBatchRow(db: Db, account: Account, input: UpdateBatchRowInput, config: Config): Promise<BatchRowView> {
  const { job, row } = await ownRow(db, account, input.jobId, input.rowNo);
  if (job.status !== 'pending') throw new Conflict(ONLINE_MSG.jobNotEditable);
  const p = await ownPurchase(db, account, job.purchaseId);
  const values: Record<string, string> = {};
  for (const x of p.params) {
    const v = (input.params[x.name] ?? '').trim();
    if (SCIENTIFIC.test(v)) throw new Invalid(ONLINE_MSG.numberCell(row.rowNo, x.name));
    if (x.required && v === '') throw new Invalid(ONLINE_MSG.missingValue(row.rowNo, x.name));
    if (v !== '') values[x.name] = v;
  }
  const [saved] = await db
    .update(batchJobRows)
    .set({ params: sealRowParams(config, job.id, row.rowNo, values) })
    .where(
      and(
        eq(batchJobRows.jobId, job.id),
        eq(batchJobRows.rowNo, row.rowNo),
        sql`exists (select 1 from ${batchJobs} where ${batchJobs.id} = ${job.id} and ${batchJobs.status} = 'pending')`,
      ),
    )
    .returning();
  if (!saved) throw new Conflict(ONLINE_MSG.jobNotEditable);
  return rowView(saved);
}

/** The row and job of execBatchJobDetail, checked: a failed row of a job that is not running. */
export async function retryableRow(db: Db, account: Account, input: BatchRowIdInput): Promise<{ job: BatchJobView; row: typeof batchJobRows.$inferSelect }> {
  const found = await ownRow(db, account, input.jobId, input.rowNo);
  const { job, row } = found;
  if (job.status === 'pending' || row.code === null) throw new Conflict(ONLINE_MSG.rowNotRun);
  if (!isBatchRetryable(row.code, row.charged)) throw new Conflict(ONLINE_MSG.rowNotRetryable);
  if (job.status === 'running') throw new Conflict(ONLINE_MSG.jobBusy);
  return found;
}
