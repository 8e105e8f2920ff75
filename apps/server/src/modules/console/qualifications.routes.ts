// 企业认证审核 (consoleQualificationsApi, reviewer and admin): the queue with its tab counts, the
// detail, the decision the member is told of, and the licence image for the detail's <img>.
import { consoleQualificationsApi } from '@apimarket/contracts';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../http/envelope';
import { alreadyDecided, queueAnswer } from './queue';
import { routes } from '../../http/route';
import type { ConsoleDeps } from './console.routes';
import { decideQualificationInQueue, licenceImage, listQualifications, qualificationDetail } from './qualifications.service';

export async function qualificationsRoutes(app: FastifyInstance, deps: ConsoleDeps) {
  const route = routes(app, deps);
  const { db, files } = deps;

  route(consoleQualificationsApi.list, async ({ input }) => queueAnswer(await listQualifications(db, input)));

  route(consoleQualificationsApi.detail, async ({ caller, input }) => ok(await qualificationDetail(db, caller.actor, input)));

  route(consoleQualificationsApi.decide, async ({ caller, input }) => {
    const { row, changed } = await decideQualificationInQueue(db, caller.actor, input);
    const verb = input.decision === 'approve' ? '通过' : '驳回';
    return ok({ row, changed }, changed ? `企业认证已${verb}，已通知客户` : alreadyDecided('企业认证', verb));
  });

  // An image request cannot sign (the declaration says so): the console cookie alone decides,
  // and the answer is never cached or sniffed.
  route(consoleQualificationsApi.licence, async ({ input, reply }) => {
    const image = await licenceImage(db, files, input);
    reply.header('cache-control', 'private, no-store').header('x-content-type-options', 'nosniff').type(image.type);
    return reply.send(image.bytes);
  });
}
