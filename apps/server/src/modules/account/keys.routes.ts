// Keys and secrets of the user center (spec 02 §7, declared in contracts' keysApi): myAppKey,
// docSecretKey, encryptSign, asymmetrySecret, asymmetry. Thin: the declaration admits an account
// whose company is authenticated, the session decides whose material it is, the service does the rest.
import { KEYS_MSG, keysApi } from '@apimarket/contracts';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import { ok } from '../../http/envelope';
import { type RouteDeps, routes } from '../../http/route';
import type { Notifier } from '../../notify';
import type { Account } from './access';
import { asymmetryView, encryptSign, issueSecret, type KeysCtx, myAppKey, setCustomerKey } from './keys.service';

export async function keysRoutes(app: FastifyInstance, deps: RouteDeps & { config: Config; notifier: Notifier }) {
  // Every answer here is about secret material (two carry a clear secret or private key): no
  // browser, proxy or CDN may keep a copy. Encapsulated, so only these routes get the header.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  const route = routes(app, deps);
  const { config, db } = deps;
  /** The member id comes from the session only. */
  const ctxOf = (caller: Account): KeysCtx => ({ db, config, memberId: caller.memberId });

  route(keysApi.appKey, async ({ caller }) => ok(await myAppKey(ctxOf(caller))));

  route(keysApi.docSecretKey, async ({ caller, input }) => {
    const issued = await issueSecret(ctxOf(caller), input);
    return ok(issued, input.action === 'create' ? KEYS_MSG.secretCreated : KEYS_MSG.secretRotated);
  });

  route(keysApi.encryptSign, async ({ caller, input }) => {
    const view = await encryptSign(ctxOf(caller), input);
    const isUpdate = input.signMode !== undefined || input.encryptMode !== undefined;
    return isUpdate ? ok(view, KEYS_MSG.modesSaved) : ok(view);
  });

  route(keysApi.asymmetrySecret, async ({ caller }) => ok(await asymmetryView(ctxOf(caller))));

  route(keysApi.asymmetry, async ({ caller, input }) => {
    const result = await setCustomerKey(ctxOf(caller), input);
    return ok(result, input.action === 'generate' ? KEYS_MSG.keyGenerated : KEYS_MSG.keyUploaded);
  });
}
