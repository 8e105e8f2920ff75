// Issue #23: the calls of contracts' insurance.ts. Thin: the declaration admits and parses; the services do the rest.
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { RouteDeps } from '../../http/route';
import type { Notifier } from '../../notify';
import type { GatewayDeps } from '../gateway/gateway.service';

export async function insuranceRoutes(_app: FastifyInstance, _deps: RouteDeps & { config: Config; gateway: GatewayDeps; notifier: Notifier }) {}
