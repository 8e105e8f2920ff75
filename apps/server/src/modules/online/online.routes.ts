// 我的API's test and batch entries (spec 02 §7 "Online queries and tests"; Decision 121), declared
// in contracts' onlineApi. Thin: the declaration admits an authenticated company and parses, the
// service does the rest. Two calls answer an xlsx file instead of JSON when a flag asks for it.
import path from 'node:path';
import { API_TEST_LIMITS, BATCH_FILE, ONLINE_MSG, onlineApi } from '@apimarket/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { list, ok } from '../../http/envelope';
import { AppError, Conflict, Invalid } from '../../http/errors';
import { parseInput } from '../../http/parse';
import { readUpload } from '../../http/upload';
import { sendXlsx } from '../../http/download';
import { type RouteDeps, routes } from '../../http/route';
import type { GatewayDeps } from '../gateway/gateway.service';
import { type BatchRunner, callFailedRow } from './batch.runner';
import {
  batchJobDetail,
  batchTemplate,
  createBatchJob,
  deleteBatchJob,
  executeBatchJob,
  exportBatchJob,
  listBatchJobs,
  newExecuteBatchJob,
  ownJob,
  pauseBatchJob,
  resumeBatchJob,
  retryableRow,
  rowView,
  updateBatchJob,
  updateBatchRow,
} from './batch.service';
import { apiTest, onlineInterface, ownPurchase } from './online.service';

export async function onlineRoutes(app: FastifyInstance, deps: RouteDeps & { gateway: GatewayDeps; runner: BatchRunner }) {
  const route = routes(app, deps);
  const { db, gateway, runner } = deps;

  // ── Test (apiTest) ─────────────────────────────────────────────────────────────────────────
  route(onlineApi.testInterface, async ({ caller, input }) => ok(await onlineInterface(db, caller, input)));

  // Room for the images an interface takes (face comparison sends two), beyond the usual 1 MiB:
  // the test call is registered in a scope of its own whose routes take the larger body.
  await app.register(async (scope) => {
    scope.addHook('onRoute', (options) => {
      options.bodyLimit = API_TEST_LIMITS.bodyBytes;
    });
    routes(scope, deps)(onlineApi.test, async ({ caller, input, request }) => ok(await apiTest(db, gateway, caller, input, request.ip)));
  });

  // ── Batch (applyBatch) ─────────────────────────────────────────────────────────────────────
  // The purchase for the batch screen; with template=1 the sheet to fill in.
  route(onlineApi.batchInterface, async ({ caller, input, reply }) => {
    if (input.template) {
      const p = await ownPurchase(db, caller, input.purchaseId);
      return sendXlsx(reply, await batchTemplate(p.params), 'batch-template.xlsx', `批量查询模板-${p.interfaceName}.xlsx`);
    }
    return ok(await onlineInterface(db, caller, input));
  });

  // Multipart: the sheet and the purchase id.
  route(onlineApi.addBatchJob, async ({ caller, request }) => {
    const upload = await readUpload(request, onlineApi.addBatchJob.input, BATCH_FILE, {
      missing: ONLINE_MSG.fileRequired,
      type: ONLINE_MSG.fileType,
      size: ONLINE_MSG.fileSize,
    });
    const { input, extension, content } = upload;
    if (content.length === 0) throw new Invalid(ONLINE_MSG.noRows);
    const job = await createBatchJob(db, caller, input.purchaseId, { name: path.basename(upload.name), extension, content }, request.ip, gateway.config);
    return ok(job, ONLINE_MSG.created);
  });

  route(onlineApi.batchJobs, async ({ caller, input }) => {
    const page = await listBatchJobs(db, caller, input);
    return list(page.rows, page.total);
  });

  // Multipart: the job's new name, and/or a new sheet replacing its rows (the file is optional here).
  route(onlineApi.updateBatchJob, async ({ caller, request }) => {
    const { fields, file } = await readOptionalSheet(request);
    const input = parseInput(onlineApi.updateBatchJob.input, fields);
    const job = await updateBatchJob(db, caller, input, file, gateway.config);
    return ok(job, ONLINE_MSG.updated);
  });

  route(onlineApi.executeBatchJob, async ({ caller, input, request }) => {
    const job = await executeBatchJob(db, caller, input, request.ip);
    runner.kick(job.id);
    return ok(job, ONLINE_MSG.started);
  });

  route(onlineApi.newExecuteBatchJob, async ({ caller, input }) => {
    const { job, rows } = await newExecuteBatchJob(db, caller, input);
    runner.kick(job.id);
    return ok(job, ONLINE_MSG.rerun(rows));
  });

  route(onlineApi.pauseBatchJob, async ({ caller, input }) => ok(await pauseBatchJob(db, caller, input), ONLINE_MSG.paused));

  route(onlineApi.resumeBatchJob, async ({ caller, input }) => {
    const job = await resumeBatchJob(db, caller, input);
    runner.kick(job.id);
    return ok(job, ONLINE_MSG.resumed);
  });

  // One failed row called again now; the answer is the row as saved.
  route(onlineApi.execBatchJobDetail, async ({ caller, input }) => {
    const { job, row } = await retryableRow(db, caller, input);
    const saved = await callFailedRow({ db, gateway }, job.id, row);
    if (!saved) {
      // Claimed meanwhile (a run started, another call of this row), or no longer failed.
      const now = await ownJob(db, caller, job.id);
      throw new Conflict(now.status === 'running' ? ONLINE_MSG.jobBusy : ONLINE_MSG.rowNotRetryable);
    }
    return ok(rowView(saved));
  });

  route(onlineApi.updateBatchJobDetail, async ({ caller, input }) => ok(await updateBatchRow(db, caller, input, gateway.config), ONLINE_MSG.rowUpdated));

  route(onlineApi.deleteBatchJob, async ({ caller, input }) => {
    await deleteBatchJob(db, caller, input);
    return ok(null, ONLINE_MSG.deleted);
  });

  // A page of a job's rows (with the job itself beside them); with export=1 the whole result as xlsx.
  route(onlineApi.batchJobDetail, async ({ caller, input, reply }) => {
    if (input.export) {
      const { job, content } = await exportBatchJob(db, caller, input, gateway.config);
      return sendXlsx(reply, content, 'batch-result.xlsx', `批量查询结果-${job.fileName.replace(/\.[^.]+$/, '')}.xlsx`);
    }
    const page = await batchJobDetail(db, caller, input);
    return { ...list(page.rows, page.total), job: page.job };
  });
}

/**
 * A multipart body whose file is optional (updateBatchJob): its text fields, and the sheet when one
 * was sent, checked by type and size as addBatchJob's is.
 */
async function readOptionalSheet(
  request: FastifyRequest,
): Promise<{ fields: Record<string, string>; file: { name: string; extension: string; content: Buffer } | null }> {
  if (!request.isMultipart()) throw new AppError('ALL_0007');
  const fields: Record<string, string> = {};
  let file: { name: string; extension: string; content: Buffer } | null = null;
  for await (const part of request.parts({ limits: { fileSize: BATCH_FILE.maxBytes } })) {
    if (part.type === 'field') {
      fields[part.fieldname] = String(part.value);
      continue;
    }
    const name = path.basename(part.filename);
    const extension = path.extname(name).slice(1).toLowerCase();
    if (!(BATCH_FILE.extensions as readonly string[]).includes(extension)) {
      part.file.resume();
      throw new Invalid(ONLINE_MSG.fileType);
    }
    let content: Buffer;
    try {
      content = await part.toBuffer();
    } catch {
      throw new AppError('ALL_0006', ONLINE_MSG.fileSize);
    }
    if (content.length === 0) throw new Invalid(ONLINE_MSG.noRows);
    file = { name, extension, content };
  }
  return { fields, file };
}
