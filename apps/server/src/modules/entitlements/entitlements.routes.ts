// myBuy/getMyLawInterfaceInfo, dataApi/verifyBatchExportInterfacePdf (spec 02 §7 "Purchases") and
// dataApi/checkTruckInterface (spec 02 §6, truck model access), declared in contracts'
// entitlementsApi. Thin: the registrar checks the company is authenticated; the service reads.
import { entitlementsApi } from '@apimarket/contracts';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../http/envelope';
import { type RouteDeps, routes } from '../../http/route';
import { lawInterfaceInfo, pdfExportCheck, truckModelAccess } from './entitlements.service';

export async function entitlementsRoutes(app: FastifyInstance, deps: RouteDeps) {
  const route = routes(app, deps);
  const { db } = deps;

  route(entitlementsApi.lawInterfaces, async ({ caller }) => ok(await lawInterfaceInfo(db, caller)));

  // The user center's layout loads it with the qualification; a failure there means false (spec 02 §8).
  route(entitlementsApi.truckModel, async ({ caller }) => ok(await truckModelAccess(db, caller)));

  route(entitlementsApi.pdfExportCheck, async ({ caller, input }) => ok(await pdfExportCheck(db, caller, input)));
}
