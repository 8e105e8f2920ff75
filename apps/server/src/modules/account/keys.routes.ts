// Keys and secrets of the user center (spec 02 §7): myAccount/myAppKey, docSecretKey, encryptSign,
// asymmetrySecret, asymmetry. Thin: the session decides whose material it is, the service does the rest.
import { AsymmetryInput, DocSecretKeyInput, EncryptSignInput, KEYS_MSG } from '@apimarket/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { ok } from '../../http/envelope';
import { parseInput } from '../../http/parse';
import type { Notifier } from '../../notify';
import { requireQualified } from './access';
import { asymmetryView, encryptSign, issueSecret, type KeysCtx, myAppKey, setCustomerKey } from './keys.service';

export async function keysRoutes(app: FastifyInstance, { config, db }: { config: Config; db: Db; notifier: Notifier }) {
  // Every answer here is about secret material (two carry a clear secret or private key): no
  // browser, proxy or CDN may keep a copy. Encapsulated, so only these routes get the header.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  const fields = (request: FastifyRequest) => request.body ?? request.query;
  /** Logged in, company authenticated; the member id comes from the session only. */
  const ctxOf = async (request: FastifyRequest): Promise<KeysCtx> => ({ db, config, memberId: (await requireQualified(request, db)).memberId });

  app.post('/myAccount/myAppKey', async (request) => ok(await myAppKey(await ctxOf(request))));

  app.post('/myAccount/docSecretKey', async (request) => {
    const ctx = await ctxOf(request);
    const input = parseInput(DocSecretKeyInput, fields(request));
    const issued = await issueSecret({ ctx, input });
    return ok(issued, input.action === 'create' ? KEYS_MSG.secretCreated : KEYS_MSG.secretRotated);
  });

  app.post('/myAccount/encryptSign', async (request) => {
    const ctx = await ctxOf(request);
    const input = parseInput(EncryptSignInput, fields(request));
    const view = await encryptSign({ ctx, input });
    const isUpdate = input.signMode !== undefined || input.encryptMode !== undefined;
    return isUpdate ? ok(view, KEYS_MSG.modesSaved) : ok(view);
  });

  app.post('/myAccount/asymmetrySecret', async (request) => ok(await asymmetryView(await ctxOf(request))));

  app.post('/myAccount/asymmetry', async (request) => {
    const ctx = await ctxOf(request);
    const input = parseInput(AsymmetryInput, fields(request));
    const result = await setCustomerKey({ ctx, input });
    return ok(result, input.action === 'generate' ? KEYS_MSG.keyGenerated : KEYS_MSG.keyUploaded);
  });
}
