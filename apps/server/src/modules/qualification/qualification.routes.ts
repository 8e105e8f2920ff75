import { LICENCE_FILE, QUALIFICATION_MSG, qualificationApi } from '@apimarket/contracts';
import type { FastifyInstance } from 'fastify';
import { listAll, ok } from '../../http/envelope';
import { Invalid } from '../../http/errors';
import { readUpload } from '../../http/upload';
import { type RouteDeps, routes } from '../../http/route';
import type { FileStore } from '../../storage';
import { isQualified } from '../account/access';
import {
  contactsOf,
  licenceImage,
  qualificationHistory,
  qualificationOf,
  revokeQualification,
  saveContacts,
  submitQualification,
} from './qualification.service';

export async function qualificationRoutes(app: FastifyInstance, deps: RouteDeps & { files: FileStore }) {
  const route = routes(app, deps);
  const { db, files } = deps;

  route(qualificationApi.current, async ({ caller }) => ok(await qualificationOf(db, caller)));

  route(qualificationApi.history, async ({ caller }) => listAll(await qualificationHistory(db, caller)));

  // The spec's boolean success flag (spec 02 §3): is the account's company authenticated.
  route(qualificationApi.check, async ({ caller }) => ok(await isQualified(db, caller)));

  // Multipart: the licence image plus the text fields; the wire conventions ride in the query.
  route(qualificationApi.submit, async ({ caller, request }) => {
    const { input, extension, content } = await readUpload(request, qualificationApi.submit.input, LICENCE_FILE, {
      missing: QUALIFICATION_MSG.licenceRequired,
      type: QUALIFICATION_MSG.licenceType,
      size: QUALIFICATION_MSG.licenceSize,
    });
    if (content.length === 0) throw new Invalid(QUALIFICATION_MSG.licenceRequired);
    return ok(await submitQualification(db, files, caller, input, { content, extension }), QUALIFICATION_MSG.submitted);
  });

  route(qualificationApi.revoke, async ({ caller }) => ok(await revokeQualification(db, caller), QUALIFICATION_MSG.revoked));

  // The licence image for <img>: unsigned (an image request cannot sign), the session cookie
  // decides, and only the company's own accounts get it (an id that is not theirs: 404).
  route(qualificationApi.licence, async ({ caller, input, reply }) => {
    const image = await licenceImage(db, files, caller, input);
    reply.header('cache-control', 'private, no-store').header('x-content-type-options', 'nosniff').type(image.type);
    return reply.send(image.bytes);
  });

  route(qualificationApi.contacts, async ({ caller }) => ok(await contactsOf(db, caller)));

  route(qualificationApi.saveContacts, async ({ caller, input }) => {
    await saveContacts(db, caller, input);
    return ok(null, '联系人信息已保存');
  });
}
