// 包名管理 (spec 02 §7 "Packages"; issue #23), declared in contracts' packageNamesApi. Thin: the
// declaration admits an authenticated company holding menu code 6 and parses; the service does the rest.
import { chinaDay, PACKAGE_MSG, packageNamesApi } from '@apimarket/contracts';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import { listAll, ok } from '../../http/envelope';
import { type RouteDeps, routes } from '../../http/route';
import type { Notifier } from '../../notify';
import type { GatewayDeps } from '../gateway/gateway.service';
import { listPackages, savePackage, sdkInterfaces, updatePackageStatus } from './packagenames.service';

export async function packageNamesRoutes(app: FastifyInstance, deps: RouteDeps & { config: Config; gateway: GatewayDeps; notifier: Notifier }) {
  const route = routes(app, deps);
  const { db } = deps;

  route(packageNamesApi.list, async ({ caller, input }) => ({
    ...listAll(await listPackages(db, caller, input)),
    sdkInterfaces: await sdkInterfaces(db, caller),
    readOnly: caller.isSub,
    enforceFrom: deps.config.gateway.sdkAppEnforceFrom === null ? null : chinaDay(new Date(deps.config.gateway.sdkAppEnforceFrom)),
  }));
  route(packageNamesApi.save, async ({ caller, input }) => ok(await savePackage(db, caller, input), PACKAGE_MSG.saved));
  route(packageNamesApi.updateStatus, async ({ caller, input }) => {
    const row = await updatePackageStatus(db, caller, input);
    return ok(row, row.status === 'enabled' ? PACKAGE_MSG.enabled : PACKAGE_MSG.disabled);
  });
}
