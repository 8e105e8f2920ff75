// 车辆运力 (spec 02 §7 "Transport"; issue #22), declared in contracts' transportApi. Thin: the
// declaration admits an authenticated company and parses; the services do the rest.
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { RouteDeps } from '../../http/route';
import type { GatewayDeps } from '../gateway/gateway.service';

export async function transportRoutes(_app: FastifyInstance, _deps: RouteDeps & { config: Config; gateway: GatewayDeps }) {
  // The transport helper fills this in.
}
