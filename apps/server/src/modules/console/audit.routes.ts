// 操作日志 (consoleAuditApi): the console's audit trail, and the same filters as an xlsx for the
// auditors (a signed GET; taking the file is itself recorded).
import { consoleAuditApi } from '@apimarket/contracts';
import type { FastifyInstance } from 'fastify';
import { list } from '../../http/envelope';
import { type RouteDeps, routes } from '../../http/route';
import { exportAudit, listAudit } from './audit.service';
import { exportFileName } from './console-export';
import { sendXlsx } from '../../http/download';

export async function auditRoutes(app: FastifyInstance, deps: RouteDeps) {
  const route = routes(app, deps);
  const { db } = deps;

  route(consoleAuditApi.list, async ({ input }) => {
    const { rows, total } = await listAudit(db, input);
    return list(rows, total);
  });

  route(consoleAuditApi.export, async ({ caller, input, reply }) => {
    const file = await exportAudit(db, caller.actor, input);
    return sendXlsx(reply, file, 'audit.xlsx', exportFileName('操作日志'));
  });
}
