// Public catalogue calls of spec 01 §7.2.
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { ok } from '../../http/envelope';
import { listCategories } from './category.service';

export async function catalogRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.get('/api/category/list', async () => ok(await listCategories(db)));
}
