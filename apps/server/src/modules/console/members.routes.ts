// 会员管理 (consoleMembersApi, admin only): the member list and detail, feature codes, the
// security flag, disabling, and Decision 9's dormant accounts marked for closure. Thin: one
// members.service call each, answered with the service's message.
import { consoleMembersApi } from '@apimarket/contracts';
import type { FastifyInstance } from 'fastify';
import { list, ok } from '../../http/envelope';
import { routes } from '../../http/route';
import type { ConsoleDeps } from './console.routes';
import {
  type Change,
  listDormant,
  listMembers,
  markClosure,
  memberDetail,
  setMemberFeatures,
  setMemberFlag,
  setMemberStatus,
  unmarkClosure,
} from './members.service';

const answer = (done: Change) => ok({ changed: done.changed }, done.message);

export async function membersRoutes(app: FastifyInstance, deps: ConsoleDeps) {
  const route = routes(app, deps);
  const { db, notifier } = deps;

  route(consoleMembersApi.list, async ({ input }) => {
    const page = await listMembers(db, input);
    return list(page.rows, page.total);
  });

  route(consoleMembersApi.detail, async ({ input }) => ok(await memberDetail(db, input.id)));

  route(consoleMembersApi.features, async ({ caller, input }) => answer(await setMemberFeatures(db, caller.actor, { id: input.id }, input.codes)));

  route(consoleMembersApi.flags, async ({ caller, input }) => answer(await setMemberFlag(db, caller.actor, input)));

  route(consoleMembersApi.status, async ({ caller, input }) => answer(await setMemberStatus(db, caller.actor, input)));

  route(consoleMembersApi.dormant, async ({ input }) => {
    const page = await listDormant(db, input);
    return list(page.rows, page.total);
  });

  route(consoleMembersApi.markClosure, async ({ caller, input }) => answer(await markClosure(db, notifier, caller.actor, input.id)));

  route(consoleMembersApi.unmarkClosure, async ({ caller, input }) => answer(await unmarkClosure(db, caller.actor, input.id)));
}
