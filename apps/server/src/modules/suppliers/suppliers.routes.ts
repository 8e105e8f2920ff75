// The console's suppliers and their report (contracts' consoleSuppliersApi; areas `suppliers`:
// editors, `supplierReport`: editors and finance). Thin: the declarations admit the operator and
// parse; the services do the rest. The breaker states are this process's router's.
import { consoleSuppliersApi, SUPPLIER_MSG } from '@apimarket/contracts';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { ok } from '../../http/envelope';
import { routes } from '../../http/route';
import { supplierReport } from './report.service';
import type { SupplierRouter } from './router';
import { deleteRoute, listSuppliers, routesOf, saveRoute, saveSupplier } from './suppliers.service';

export async function suppliersRoutes(app: FastifyInstance, deps: { config: Config; db: Db; router: SupplierRouter }) {
  const route = routes(app, deps);
  const { config, db, router } = deps;

  route(consoleSuppliersApi.list, async () => ok(await listSuppliers(db, router.breakerStates())));
  route(consoleSuppliersApi.save, async ({ caller, input }) => ok(await saveSupplier(db, caller.actor, input, router.breakerStates()), SUPPLIER_MSG.saved));
  route(consoleSuppliersApi.routes, async ({ input }) => ok(await routesOf(db, input.interfaceId)));
  route(consoleSuppliersApi.saveRoute, async ({ caller, input }) => ok(await saveRoute(db, config, caller.actor, input), SUPPLIER_MSG.saved));
  route(consoleSuppliersApi.deleteRoute, async ({ caller, input }) => ok(await deleteRoute(db, caller.actor, input.id), SUPPLIER_MSG.deleted));
  route(consoleSuppliersApi.report, async ({ input }) => ok(await supplierReport(db, input)));
}
