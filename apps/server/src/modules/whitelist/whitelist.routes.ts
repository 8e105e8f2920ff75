// IP whitelist calls of spec 02 §7: GET myAccount/getIpWhite, UserCenter/FindInterfaceInfo;
// POST UserCenter/SaveIpBinding, UserCenter/DropIpBinding. The company must be authenticated.
import { parseId, SaveIpBindingInput, WHITELIST_MSG } from '@apimarket/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { list, ok } from '../../http/envelope';
import { NotFound } from '../../http/errors';
import { parseInput } from '../../http/parse';
import { requireQualified } from '../account/access';
import { dropBinding, listBindings, purchasedInterfaces, saveBindings } from './whitelist.service';

export async function whitelistRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const fields = (request: FastifyRequest) => request.body ?? request.query;

  app.get('/myAccount/getIpWhite', async (request) => {
    const rows = await listBindings(db, await requireQualified(request, db));
    return list(rows, rows.length);
  });

  app.get('/UserCenter/FindInterfaceInfo', async (request) => {
    const rows = await purchasedInterfaces(db, await requireQualified(request, db));
    return list(rows, rows.length);
  });

  app.post('/UserCenter/SaveIpBinding', async (request) => {
    const account = await requireQualified(request, db);
    const added = await saveBindings(db, account, parseInput(SaveIpBindingInput, fields(request)));
    return ok({ added }, WHITELIST_MSG.saved);
  });

  app.post('/UserCenter/DropIpBinding', async (request) => {
    const account = await requireQualified(request, db);
    const id = parseId((fields(request) as { id?: unknown }).id);
    if (!id) throw new NotFound(WHITELIST_MSG.missing);
    await dropBinding(db, account, id);
    return ok(null, WHITELIST_MSG.dropped);
  });
}
