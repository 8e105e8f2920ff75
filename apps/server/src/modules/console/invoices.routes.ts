// The console's 发票管理 area (consoleInvoicesApi; finance and admin): the queue with its tab
// counts, the detail, the PDF upload, the audited decision the member is told of, the PDF.
import { CONSOLE_INVOICE_MSG, consoleInvoicesApi, INVOICE_PDF, PDF_TYPE } from '@apimarket/contracts';
import type { FastifyInstance } from 'fastify';
import { sendFile, sendXlsx } from '../../http/download';
import { ok } from '../../http/envelope';
import { Invalid } from '../../http/errors';
import { routes } from '../../http/route';
import { readUpload } from '../../http/upload';
import type { ConsoleDeps } from './console.routes';
import { exportFileName } from './console-export';
import { consolePdf, decideInvoiceInQueue, decisionMessage, exportInvoices, invoiceDetail, listInvoiceQueue, uploadPdf } from './invoices.service';
import { queueAnswer } from './queue';

export async function invoicesConsoleRoutes(app: FastifyInstance, deps: ConsoleDeps) {
  const route = routes(app, deps);
  const { db, files } = deps;

  route(consoleInvoicesApi.list, async ({ input }) => queueAnswer(await listInvoiceQueue(db, input)));

  route(consoleInvoicesApi.detail, async ({ input }) => ok(await invoiceDetail(db, input.id)));

  // Multipart: the PDF and the item's id; kept only when its first bytes say PDF.
  route(consoleInvoicesApi.upload, async ({ request }) => {
    const { input, content } = await readUpload(request, consoleInvoicesApi.upload.input, INVOICE_PDF, {
      missing: CONSOLE_INVOICE_MSG.pdf,
      type: CONSOLE_INVOICE_MSG.pdfType,
      size: CONSOLE_INVOICE_MSG.pdfSize,
    });
    if (content.length === 0) throw new Invalid(CONSOLE_INVOICE_MSG.pdf);
    return ok(await uploadPdf(db, files, input.id, content), CONSOLE_INVOICE_MSG.uploaded);
  });

  route(consoleInvoicesApi.decide, async ({ caller, input }) => {
    const { row, changed } = await decideInvoiceInQueue(db, caller.actor, input);
    return ok({ row, changed }, decisionMessage(row, input, changed));
  });

  // The list's filters (status tab, keyword) without its page.
  route(consoleInvoicesApi.export, async ({ caller, input, reply }) => {
    const file = await exportInvoices(db, caller.actor, { status: input.status, keyword: input.keyword });
    return sendXlsx(reply, file, 'invoices.xlsx', exportFileName('发票记录'));
  });

  route(consoleInvoicesApi.pdf, async ({ input, reply }) => {
    const pdf = await consolePdf(db, files, input.id);
    return sendFile(reply, pdf.bytes, PDF_TYPE, pdf.ascii, pdf.name);
  });
}
