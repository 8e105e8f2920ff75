// Enterprise authentication calls of spec 02 §7 (declared in contracts' qualificationApi). Thin:
// the declaration admits the caller and parses, the service decides. The operator's decision is
// the console's (modules/console/reviews.*), and `npm run console -- qualification approve|reject`
// calls the same audited service.
import path from 'node:path';
import { LICENCE_FILE, QUALIFICATION_MSG, qualificationApi } from '@apimarket/contracts';
import type { FastifyInstance } from 'fastify';
import { list, ok } from '../../http/envelope';
import { AppError, Invalid } from '../../http/errors';
import { parseInput } from '../../http/parse';
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

  route(qualificationApi.history, async ({ caller }) => {
    const rows = await qualificationHistory(db, caller);
    return list(rows, rows.length);
  });

  // The spec's boolean success flag (spec 02 §3): is the account's company authenticated.
  route(qualificationApi.check, async ({ caller }) => ok(await isQualified(db, caller)));

  // Multipart: the licence image plus the text fields; the wire conventions ride in the query.
  route(qualificationApi.submit, async ({ caller, request }) => {
    if (!request.isMultipart()) throw new AppError('ALL_0007');
    const file = await request.file({ limits: { fileSize: LICENCE_FILE.maxBytes } });
    if (!file) throw new Invalid(QUALIFICATION_MSG.licenceRequired);
    const formFields = Object.fromEntries(
      Object.values(file.fields).flatMap((f) => (f && !Array.isArray(f) && f.type === 'field' ? [[f.fieldname, String(f.value)]] : [])),
    );
    const input = parseInput(qualificationApi.submit.input, formFields);
    const extension = path.extname(file.filename).slice(1).toLowerCase();
    if (!(LICENCE_FILE.extensions as readonly string[]).includes(extension)) throw new Invalid(QUALIFICATION_MSG.licenceType);
    let content: Buffer;
    try {
      content = await file.toBuffer();
    } catch {
      throw new AppError('ALL_0006', QUALIFICATION_MSG.licenceSize);
    }
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
