// 我的API's test and batch entries (spec 02 §7 "Online queries and tests"; Decision 121), declared
// in contracts' onlineApi. Thin: the declaration admits an authenticated company and parses, the
// service does the rest. Two calls answer an xlsx file instead of JSON when a flag asks for it.
import path from 'node:path';
import { API_TEST_LIMITS, BATCH_FILE, ONLINE_MSG, onlineApi } from '@apimarket/contracts';
import type { FastifyInstance } from 'fastify';
import { list, ok } from '../../http/envelope';
import { Invalid } from '../../http/errors';
import { readUpload } from '../../http/upload';
import { sendXlsx } from '../../http/download';
import { type RouteDeps, routes } from '../../http/route';
import type { GatewayDeps } from '../gateway/gateway.service';
import type { BatchRunner } from './batch.runner';
import { batchJobDetail, batchTemplate, createBatchJob, deleteBatchJob, executeBatchJob, exportBatchJob, listBatchJobs } from './batch.service';
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

  route(onlineApi.executeBatchJob, async ({ caller, input }) => {
    const job = await executeBatchJob(db, caller, input);
    runner.kick(job.id);
    return ok(job, ONLINE_MSG.started);
  });

  route(onlineApi.deleteBatchJob, async ({ caller, input }) => {
    await deleteBatchJob(db, caller, input);
    return ok(null, ONLINE_MSG.deleted);
  });

  // A page of a job's rows (with the job itself beside them); with export=1 the whole result as xlsx.
  route(onlineApi.batchJobDetail, async ({ caller, input, reply }) => {
    if (input.export) {
      const { job, content } = await exportBatchJob(db, caller, input);
      return sendXlsx(reply, content, 'batch-result.xlsx', `批量查询结果-${job.fileName.replace(/\.[^.]+$/, '')}.xlsx`);
    }
    const page = await batchJobDetail(db, caller, input);
    return { ...list(page.rows, page.total), job: page.job };
  });
}
