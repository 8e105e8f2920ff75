// 在线查询 (spec 02 §7; issue #21), declared in contracts' queryApi.
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { RouteDeps } from '../../http/route';
import type { GatewayDeps } from '../gateway/gateway.service';

export async function queryRoutes(_app: FastifyInstance, _deps: RouteDeps & { config: Config; gateway: GatewayDeps }) {}
