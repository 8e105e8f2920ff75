// GET /apiHome/health (declared in contracts' healthApi): load balancers and `npm start` ask
// whether this process can serve.
import { healthApi } from '@apimarket/contracts';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { ok } from '../../http/envelope';
import { AppError } from '../../http/errors';
import { routes } from '../../http/route';

export async function healthRoutes(app: FastifyInstance, { database }: { database: Database }) {
  const route = routes(app, { db: database.db });

  route(healthApi.health, async () => {
    if (!(await database.ping())) throw new AppError('ALL_0098', '数据库不可达');
    return ok({ status: 'ok' as const, database: database.kind });
  });
}
