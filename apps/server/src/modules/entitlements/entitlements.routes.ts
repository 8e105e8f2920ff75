// myBuy/getMyLawInterfaceInfo, dataApi/verifyBatchExportInterfacePdf (spec 02 §7 "Purchases") and
// dataApi/checkTruckInterface (spec 02 §6, truck model access).
// Thin: the company must be authenticated, parse, call the service.
import { PdfExportCheckInput } from '@apimarket/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { ok } from '../../http/envelope';
import { parseInput } from '../../http/parse';
import { requireQualified } from '../account/access';
import { lawInterfaceInfo, pdfExportCheck, truckModelAccess } from './entitlements.service';

export async function entitlementsRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.post('/myBuy/getMyLawInterfaceInfo', async (request) => {
    const account = await requireQualified(request, db);
    return ok(await lawInterfaceInfo(db, account));
  });

  // The user center's layout loads it with the qualification; a failure there means false (spec 02 §8).
  app.post('/dataApi/checkTruckInterface', async (request) => ok(await truckModelAccess(db, await requireQualified(request, db))));

  app.post('/dataApi/verifyBatchExportInterfacePdf', async (request) => {
    const account = await requireQualified(request, db);
    const { interfaceId } = parseInput(PdfExportCheckInput, request.body ?? request.query);
    return ok(await pdfExportCheck(db, account, interfaceId));
  });
}
