// Receipts of an online query or a batch job (spec 01 §7.2 compress-file call; issue #21).
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { RouteDeps } from '../../http/route';

export async function receiptsRoutes(_app: FastifyInstance, _deps: RouteDeps & { config: Config }) {}
