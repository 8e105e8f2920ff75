// IP whitelist calls of spec 02 §7 (declared in contracts' whitelistApi): GET myAccount/getIpWhite,
// UserCenter/FindInterfaceInfo; POST UserCenter/SaveIpBinding, UserCenter/DropIpBinding. The
// declarations admit an account whose company is authenticated.
import { WHITELIST_MSG, whitelistApi } from '@apimarket/contracts';
import type { FastifyInstance } from 'fastify';
import { listAll, ok } from '../../http/envelope';
import { NotFound } from '../../http/errors';
import { type RouteDeps, routes } from '../../http/route';
import { dropBinding, listBindings, whitelistInterfaces, saveBindings } from './whitelist.service';

export async function whitelistRoutes(app: FastifyInstance, deps: RouteDeps) {
  const route = routes(app, deps);
  const { db } = deps;

  route(whitelistApi.list, async ({ caller }) => listAll(await listBindings(db, caller)));

  route(whitelistApi.purchased, async ({ caller }) => listAll(await whitelistInterfaces(db, caller)));

  route(whitelistApi.save, async ({ caller, input }) => {
    const added = await saveBindings(db, caller, input);
    return ok({ added }, WHITELIST_MSG.saved);
  });

  route(whitelistApi.drop, async ({ caller, input }) => {
    if (input.id === null) throw new NotFound(WHITELIST_MSG.missing);
    await dropBinding(db, caller, input.id);
    return ok(null, WHITELIST_MSG.dropped);
  });
}
