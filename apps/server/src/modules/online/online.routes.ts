// 我的API's test and batch entries (spec 02 §7 "Online queries and tests"; Decision 121).
// Thin: the company must be authenticated, parse, call the service. Files answer as xlsx.
import path from 'node:path';
import {
  API_TEST_LIMITS,
  ApiTestInput,
  BATCH_FILE,
  BatchJobDetailInput,
  BatchJobIdInput,
  BatchJobListInput,
  ONLINE_MSG,
  OnlinePurchaseInput,
} from '@apimarket/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { list, ok } from '../../http/envelope';
import { AppError, Invalid } from '../../http/errors';
import { parseInput } from '../../http/parse';
import { requireQualified } from '../account/access';
import type { GatewayDeps } from '../gateway/gateway.service';
import { XLSX_TYPE } from '../purchases/order-export';
import type { BatchRunner } from './batch.runner';
import { batchJobDetail, batchTemplate, createBatchJob, deleteBatchJob, executeBatchJob, exportBatchJob, listBatchJobs } from './batch.service';
import { apiTest, onlineInterface, ownPurchase } from './online.service';

const wantsFile = z.object({ export: z.coerce.number().optional(), template: z.coerce.number().optional() });

function sendXlsx(reply: FastifyReply, asciiName: string, name: string, content: Buffer) {
  return reply
    .type(XLSX_TYPE)
    .header('content-disposition', `attachment; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(name)}`)
    .header('cache-control', 'no-store')
    .send(content);
}

export async function onlineRoutes(app: FastifyInstance, { db, gateway, runner }: { db: Db; gateway: GatewayDeps; runner: BatchRunner }) {
  const fields = (request: FastifyRequest) => request.body ?? request.query;

  // ── Test (apiTest) ─────────────────────────────────────────────────────────────────────────
  app.post('/UserCenter/getInterfaceInfoTById', async (request) => {
    const account = await requireQualified(request, db);
    const { purchaseId } = parseInput(OnlinePurchaseInput, fields(request));
    return ok(await onlineInterface(db, account, purchaseId));
  });

  // Room for the images an interface takes (face comparison sends two), beyond the usual 1 MiB.
  app.post('/UserCenter/getApiTestData', { bodyLimit: API_TEST_LIMITS.bodyBytes }, async (request) => {
    const account = await requireQualified(request, db);
    const input = parseInput(ApiTestInput, fields(request));
    return ok(await apiTest(db, gateway, account, input, request.ip));
  });

  // ── Batch (applyBatch) ─────────────────────────────────────────────────────────────────────
  // The purchase for the batch screen; with template=1 the sheet to fill in.
  app.post('/myOnline/showOnline', async (request, reply) => {
    const account = await requireQualified(request, db);
    const { purchaseId } = parseInput(OnlinePurchaseInput, fields(request));
    if (parseInput(wantsFile, fields(request)).template) {
      const p = await ownPurchase(db, account, purchaseId);
      return sendXlsx(reply, 'batch-template.xlsx', `批量查询模板-${p.interfaceName}.xlsx`, await batchTemplate(p.params));
    }
    return ok(await onlineInterface(db, account, purchaseId));
  });

  // Multipart: the sheet and the purchase id.
  app.post('/myOnline/addBatchJob', async (request) => {
    const account = await requireQualified(request, db);
    if (!request.isMultipart()) throw new AppError('ALL_0007');
    const file = await request.file({ limits: { fileSize: BATCH_FILE.maxBytes } });
    if (!file) throw new Invalid(ONLINE_MSG.fileRequired);
    const formFields = Object.fromEntries(
      Object.values(file.fields).flatMap((f) => (f && !Array.isArray(f) && f.type === 'field' ? [[f.fieldname, String(f.value)]] : [])),
    );
    const { purchaseId } = parseInput(OnlinePurchaseInput, formFields);
    const extension = path.extname(file.filename).slice(1).toLowerCase();
    if (!(BATCH_FILE.extensions as readonly string[]).includes(extension)) throw new Invalid(ONLINE_MSG.fileType);
    let content: Buffer;
    try {
      content = await file.toBuffer();
    } catch {
      throw new AppError('ALL_0006', ONLINE_MSG.fileSize);
    }
    if (content.length === 0) throw new Invalid(ONLINE_MSG.noRows);
    const job = await createBatchJob(db, account, purchaseId, { name: path.basename(file.filename), extension, content }, request.ip, gateway.config);
    return ok(job, ONLINE_MSG.created);
  });

  app.post('/myOnline/getBatchJob', async (request) => {
    const account = await requireQualified(request, db);
    const page = await listBatchJobs(db, account, parseInput(BatchJobListInput, fields(request)));
    return list(page.rows, page.total);
  });

  app.post('/myOnline/executeBatchJob', async (request) => {
    const account = await requireQualified(request, db);
    const { jobId } = parseInput(BatchJobIdInput, fields(request));
    const job = await executeBatchJob(db, account, jobId);
    runner.kick(job.id);
    return ok(job, ONLINE_MSG.started);
  });

  app.post('/myOnline/deleteBatchJob', async (request) => {
    const account = await requireQualified(request, db);
    const { jobId } = parseInput(BatchJobIdInput, fields(request));
    await deleteBatchJob(db, account, jobId);
    return ok(null, ONLINE_MSG.deleted);
  });

  // A page of a job's rows; with export=1 the whole result as xlsx.
  app.post('/myOnline/getBatchJobDetail', async (request, reply) => {
    const account = await requireQualified(request, db);
    const input = parseInput(BatchJobDetailInput, fields(request));
    if (parseInput(wantsFile, fields(request)).export) {
      const { job, content } = await exportBatchJob(db, account, input.jobId);
      return sendXlsx(reply, 'batch-result.xlsx', `批量查询结果-${job.fileName.replace(/\.[^.]+$/, '')}.xlsx`, content);
    }
    const page = await batchJobDetail(db, account, input);
    return { ...list(page.rows, page.total), job: page.job };
  });
}
