// Member management's calls (area `members`: admin only) under /apiHome/console/members/….
// Thin: parse, call members.service, answer the envelope with the service's message.
import {
  DormantListQuery,
  MemberFeaturesInput,
  MemberFlagsInput,
  MemberIdInput,
  MemberListQuery,
  MemberStatusInput,
  PageQuery,
} from '@apimarket/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { list, ok } from '../../http/envelope';
import { parseInput } from '../../http/parse';
import type { ConsoleDeps } from './console.routes';
import { requireOperator } from './guard';
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

export async function membersRoutes(app: FastifyInstance, { db, notifier }: ConsoleDeps) {
  const fields = (request: FastifyRequest) => request.body ?? request.query;

  app.post('/console/members/list', async (request) => {
    await requireOperator(db, request, 'members');
    const page = await listMembers(db, parseInput(MemberListQuery, fields(request)), parseInput(PageQuery, fields(request)));
    return list(page.rows, page.total);
  });

  app.post('/console/members/detail', async (request) => {
    await requireOperator(db, request, 'members');
    return ok(await memberDetail(db, parseInput(MemberIdInput, fields(request)).id));
  });

  app.post('/console/members/features', async (request) => {
    const { actor } = await requireOperator(db, request, 'members');
    const input = parseInput(MemberFeaturesInput, fields(request));
    return answer(await setMemberFeatures(db, actor, { id: input.id }, input.codes));
  });

  app.post('/console/members/flags', async (request) => {
    const { actor } = await requireOperator(db, request, 'members');
    const input = parseInput(MemberFlagsInput, fields(request));
    return answer(await setMemberFlag(db, actor, input.id, input.securityFlagged));
  });

  app.post('/console/members/status', async (request) => {
    const { actor } = await requireOperator(db, request, 'members');
    const input = parseInput(MemberStatusInput, fields(request));
    return answer(await setMemberStatus(db, actor, input.id, input.status));
  });

  app.post('/console/members/dormant', async (request) => {
    await requireOperator(db, request, 'members');
    const page = await listDormant(db, parseInput(DormantListQuery, fields(request)), parseInput(PageQuery, fields(request)));
    return list(page.rows, page.total);
  });

  app.post('/console/members/markClosure', async (request) => {
    const { actor } = await requireOperator(db, request, 'members');
    return answer(await markClosure(db, notifier, actor, parseInput(MemberIdInput, fields(request)).id));
  });

  app.post('/console/members/unmarkClosure', async (request) => {
    const { actor } = await requireOperator(db, request, 'members');
    return answer(await unmarkClosure(db, actor, parseInput(MemberIdInput, fields(request)).id));
  });
}
