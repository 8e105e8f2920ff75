// Receipts of an online query or a batch job (spec 01 §2.5, §7.2; issue #21), declared in
// contracts' receiptsApi. Thin: the declaration admits an authenticated company and parses; the
// service reads only the caller's own job or report and draws the images and the PDF.
import { PDF_EXPORT, PDF_TYPE, receiptsApi } from '@apimarket/contracts';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import { sendFile } from '../../http/download';
import { ok } from '../../http/envelope';
import { type RouteDeps, routes } from '../../http/route';
import { receiptData, receiptImages, receiptPdfFile } from './receipts.service';

export async function receiptsRoutes(app: FastifyInstance, deps: RouteDeps & { config: Config }) {
  const route = routes(app, deps);
  const { db, config } = deps;

  route(receiptsApi.data, async ({ caller, input }) => ok(await receiptData(db, config, caller, input)));
  route(receiptsApi.images, async ({ caller, input }) => ok(await receiptImages(db, config, caller, input)));
  route(receiptsApi.pdf, async ({ caller, input, reply }) =>
    sendFile(reply, await receiptPdfFile(db, config, caller, input), PDF_TYPE, 'receipt.pdf', `${PDF_EXPORT.fileName}.pdf`),
  );
}
