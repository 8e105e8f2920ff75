// 销售线索 (consoleLeadsApi, consoleAuditRequestsApi; sales and admin): the lead inbox — who
// follows each up, its state and notes, the export to the sales CRM — and the data-compliance
// audit requests. Thin: one leads.service call each, answered with the service's message.
import { consoleAuditRequestsApi, consoleLeadsApi } from '@apimarket/contracts';
import type { FastifyInstance } from 'fastify';
import { list, ok } from '../../http/envelope';
import { type RouteDeps, routes } from '../../http/route';
import { exportFileName } from './console-export';
import { sendXlsx } from '../../http/download';
import {
  addLeadNote,
  assignLead,
  auditRequestDetail,
  exportLeads,
  leadAssignees,
  leadDetail,
  listAuditRequests,
  listLeads,
  setAuditRequestState,
  setLeadState,
} from './leads.service';

const answer = (done: { changed: boolean; message: string }) => ok({ changed: done.changed }, done.message);

export async function leadsRoutes(app: FastifyInstance, deps: RouteDeps) {
  const route = routes(app, deps);
  const { db } = deps;

  route(consoleLeadsApi.list, async ({ caller, input }) => {
    const page = await listLeads(db, caller.operator.id, input);
    return list(page.rows, page.total);
  });

  route(consoleLeadsApi.detail, async ({ caller, input }) => ok(await leadDetail(db, caller.actor, input.id)));

  route(consoleLeadsApi.assignees, async () => ok(await leadAssignees(db)));

  route(consoleLeadsApi.assign, async ({ caller, input }) => answer(await assignLead(db, caller.actor, caller.operator.id, input)));

  route(consoleLeadsApi.state, async ({ caller, input }) => answer(await setLeadState(db, caller.actor, input)));

  route(consoleLeadsApi.note, async ({ caller, input }) => answer(await addLeadNote(db, caller.actor, caller.operator.id, input)));

  route(consoleLeadsApi.export, async ({ caller, input, reply }) => {
    const file = await exportLeads(db, caller.actor, caller.operator.id, input);
    return sendXlsx(reply, file, 'leads.xlsx', exportFileName('销售线索'));
  });

  route(consoleAuditRequestsApi.list, async ({ input }) => {
    const page = await listAuditRequests(db, input);
    return list(page.rows, page.total);
  });

  route(consoleAuditRequestsApi.detail, async ({ caller, input }) => ok(await auditRequestDetail(db, caller.actor, input.id)));

  route(consoleAuditRequestsApi.state, async ({ caller, input }) => answer(await setAuditRequestState(db, caller.actor, input)));
}
