// Invoice routes (issue #19, invoicesApi): the titles, what may be invoiced, requests and the
// issued PDFs, for the main account of an authenticated company. Thin: each route calls one
// service; finance issues in the console (console/invoices.routes.ts).
import { INVOICE_MSG, invoicesApi, PDF_TYPE } from '@apimarket/contracts';
import type { FastifyInstance } from 'fastify';
import { sendFile } from '../../http/download';
import { list, listAll, ok } from '../../http/envelope';
import { type RouteDeps, routes } from '../../http/route';
import type { FileStore } from '../../storage';
import { deleteTitle, listInvoices, listTitles, memberPdf, requestInvoice, saveTitle, setDefaultTitle, summaryOf } from './invoices.service';

export async function invoicesRoutes(app: FastifyInstance, deps: RouteDeps & { files: FileStore }) {
  const route = routes(app, deps);
  const { db, files } = deps;

  route(invoicesApi.summary, async ({ caller }) => ok(await summaryOf(db, caller)));

  route(invoicesApi.titles, async ({ caller }) => listAll(await listTitles(db, caller)));

  route(invoicesApi.saveTitle, async ({ caller, input }) => ok(await saveTitle(db, caller, input), INVOICE_MSG.titleSaved));

  route(invoicesApi.deleteTitle, async ({ caller, input }) => {
    await deleteTitle(db, caller, input.id);
    return ok(null, INVOICE_MSG.titleDeleted);
  });

  route(invoicesApi.setDefaultTitle, async ({ caller, input }) => ok(await setDefaultTitle(db, caller, input.id), INVOICE_MSG.titleDefault));

  route(invoicesApi.request, async ({ caller, input }) => ok(await requestInvoice(db, caller, input), INVOICE_MSG.requested));

  route(invoicesApi.list, async ({ caller, input }) => {
    const page = await listInvoices(db, caller, input);
    return list(page.rows, page.total);
  });

  // Only the company's own invoice: another company's id answers 404 like a missing one.
  route(invoicesApi.download, async ({ caller, input, reply }) => {
    const pdf = await memberPdf(db, files, caller, input.id);
    return sendFile(reply, pdf.bytes, PDF_TYPE, pdf.ascii, pdf.name);
  });
}
