// The sales inbox's calls (area `leads`: sales and admin) under /apiHome/console/leads/… and
// /apiHome/console/auditRequests/…. Thin: parse, call leads.service, answer the envelope.
import {
  AuditRequestIdInput,
  AuditRequestListQuery,
  AuditRequestStateInput,
  LeadAssignInput,
  LeadIdInput,
  LeadListQuery,
  LeadNoteInput,
  LeadStateInput,
  PageQuery,
} from '@apimarket/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { list, ok } from '../../http/envelope';
import { parseInput } from '../../http/parse';
import { XLSX_TYPE } from '../purchases/order-export';
import type { ConsoleDeps } from './console.routes';
import { requireOperator } from './guard';
import {
  addLeadNote,
  assignLead,
  auditRequestDetail,
  exportLeads,
  leadAssignees,
  leadDetail,
  leadExportFileName,
  listAuditRequests,
  listLeads,
  setAuditRequestState,
  setLeadState,
} from './leads.service';

export async function leadsRoutes(app: FastifyInstance, { db }: ConsoleDeps) {
  const fields = (request: FastifyRequest) => request.body ?? request.query;

  app.post('/console/leads/list', async (request) => {
    const { operator } = await requireOperator(db, request, 'leads');
    const page = await listLeads(db, operator.id, parseInput(LeadListQuery, fields(request)), parseInput(PageQuery, fields(request)));
    return list(page.rows, page.total);
  });

  app.post('/console/leads/detail', async (request) => {
    const { actor } = await requireOperator(db, request, 'leads');
    return ok(await leadDetail(db, actor, parseInput(LeadIdInput, fields(request)).id));
  });

  app.post('/console/leads/assignees', async (request) => {
    await requireOperator(db, request, 'leads');
    return ok(await leadAssignees(db));
  });

  app.post('/console/leads/assign', async (request) => {
    const { actor, operator } = await requireOperator(db, request, 'leads');
    const done = await assignLead(db, actor, operator.id, parseInput(LeadAssignInput, fields(request)));
    return ok({ changed: done.changed }, done.message);
  });

  app.post('/console/leads/state', async (request) => {
    const { actor } = await requireOperator(db, request, 'leads');
    const done = await setLeadState(db, actor, parseInput(LeadStateInput, fields(request)));
    return ok({ changed: done.changed }, done.message);
  });

  app.post('/console/leads/note', async (request) => {
    const { actor, operator } = await requireOperator(db, request, 'leads');
    const done = await addLeadNote(db, actor, operator.id, parseInput(LeadNoteInput, fields(request)));
    return ok({ changed: done.changed }, done.message);
  });

  // A signed GET, so the browser can hand the answer to a download as it is.
  app.get('/console/leads/export', async (request, reply) => {
    const { actor, operator } = await requireOperator(db, request, 'leads');
    const file = await exportLeads(db, actor, operator.id, parseInput(LeadListQuery, request.query));
    return reply
      .type(XLSX_TYPE)
      .header('content-disposition', `attachment; filename="leads.xlsx"; filename*=UTF-8''${encodeURIComponent(leadExportFileName())}`)
      .header('cache-control', 'no-store')
      .send(file);
  });

  app.post('/console/auditRequests/list', async (request) => {
    await requireOperator(db, request, 'leads');
    const page = await listAuditRequests(db, parseInput(AuditRequestListQuery, fields(request)), parseInput(PageQuery, fields(request)));
    return list(page.rows, page.total);
  });

  app.post('/console/auditRequests/detail', async (request) => {
    const { actor } = await requireOperator(db, request, 'leads');
    return ok(await auditRequestDetail(db, actor, parseInput(AuditRequestIdInput, fields(request)).id));
  });

  app.post('/console/auditRequests/state', async (request) => {
    const { actor } = await requireOperator(db, request, 'leads');
    const done = await setAuditRequestState(db, actor, parseInput(AuditRequestStateInput, fields(request)));
    return ok({ changed: done.changed }, done.message);
  });
}
