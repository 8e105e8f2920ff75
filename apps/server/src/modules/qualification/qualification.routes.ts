// Enterprise authentication calls of spec 02 §7. Thin: who is asking, parse, call the service.
// The operator's decision is the console's (modules/console/reviews.*), and
// `npm run console -- qualification approve|reject` calls the same audited service.
import path from 'node:path';
import { ContactsInput, LICENCE_FILE, parseId, QUALIFICATION_MSG, QualificationInput } from '@apimarket/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { ok } from '../../http/envelope';
import { AppError, Invalid, NotFound } from '../../http/errors';
import { parseInput } from '../../http/parse';
import type { FileStore } from '../../storage';
import { isQualified, requireAccount, requireCompanyView } from '../account/access';
import {
  contactsOf,
  licenceImage,
  qualificationHistory,
  qualificationOf,
  revokeQualification,
  saveContacts,
  submitQualification,
} from './qualification.service';

export async function qualificationRoutes(app: FastifyInstance, { db, files }: { db: Db; files: FileStore }) {
  const fields = (request: FastifyRequest) => request.body ?? request.query;

  app.post('/myAccount/getCompanyQualification', async (request) => ok(await qualificationOf(db, await requireCompanyView(request, db))));

  app.post('/myAccount/queryCompanyQualification', async (request) => {
    const rows = await qualificationHistory(db, await requireCompanyView(request, db));
    return { code: 200, msg: '查询成功', rows, total: rows.length };
  });

  // The spec's boolean success flag (spec 02 §3): is the account's company authenticated.
  app.post('/dataApi/checkCompanyQualification', async (request) => ok(await isQualified(db, await requireAccount(request))));

  // Multipart: the licence image plus the text fields; the wire conventions ride in the query.
  app.post('/myAccount/companyQualification', async (request) => {
    const account = await requireAccount(request);
    if (!request.isMultipart()) throw new AppError('ALL_0007');
    const file = await request.file({ limits: { fileSize: LICENCE_FILE.maxBytes } });
    if (!file) throw new Invalid(QUALIFICATION_MSG.licenceRequired);
    const formFields = Object.fromEntries(
      Object.values(file.fields).flatMap((f) => (f && !Array.isArray(f) && f.type === 'field' ? [[f.fieldname, String(f.value)]] : [])),
    );
    const input = parseInput(QualificationInput, formFields);
    const extension = path.extname(file.filename).slice(1).toLowerCase();
    if (!(LICENCE_FILE.extensions as readonly string[]).includes(extension)) throw new Invalid(QUALIFICATION_MSG.licenceType);
    let content: Buffer;
    try {
      content = await file.toBuffer();
    } catch {
      throw new AppError('ALL_0006', QUALIFICATION_MSG.licenceSize);
    }
    if (content.length === 0) throw new Invalid(QUALIFICATION_MSG.licenceRequired);
    return ok(await submitQualification(db, files, account, input, { content, extension }), QUALIFICATION_MSG.submitted);
  });

  app.post('/myAccount/revoke', async (request) => ok(await revokeQualification(db, await requireAccount(request)), QUALIFICATION_MSG.revoked));

  // The licence image for <img>: unsigned (an image request cannot sign), the session cookie
  // decides, and only the company's own accounts get it.
  app.get('/myAccount/licence/:id', { config: { sign: false } }, async (request, reply) => {
    const account = await requireCompanyView(request, db);
    const id = parseId((request.params as { id?: string }).id);
    if (!id) throw new NotFound();
    const image = await licenceImage(db, files, account, id);
    reply.header('cache-control', 'private, no-store').header('x-content-type-options', 'nosniff').type(image.type);
    return reply.send(image.bytes);
  });

  app.post('/myAccount/queryContacts', async (request) => ok(await contactsOf(db, await requireCompanyView(request, db))));

  app.post('/memberShip/postRepresent', async (request) => {
    const account = await requireAccount(request);
    await saveContacts(db, account, parseInput(ContactsInput, fields(request)));
    return ok(null, '联系人信息已保存');
  });
}
