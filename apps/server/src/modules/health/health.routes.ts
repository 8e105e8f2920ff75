// GET /apiHome/health: load balancers and `npm start` ask whether this process can serve.
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { AppError } from '../../http/errors';
import { ok } from '../../http/envelope';

export async function healthRoutes(app: FastifyInstance, { database }: { database: Database }) {
  app.get('/health', { config: { sign: false } }, async () => {
    if (!(await database.ping())) throw new AppError('ALL_0098', '数据库不可达');
    return ok({ status: 'ok', database: database.kind });
  });
}
