// accountManagement/* and the sub-account invitation (contracts' subAccountsApi). Thin: the
// registrar checks who calls and parses the input; accounts.service.ts decides.
import { subAccountsApi } from '@apimarket/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { list, ok } from '../../http/envelope';
import { type RouteDeps, routes } from '../../http/route';
import type { Notifier } from '../../notify';
import {
  acceptInvite,
  changeSubState,
  type InviteSender,
  listSubAccounts,
  resetSubPassword,
  SUB_DONE,
  saveBillingMode,
  saveSubAccount,
  subAccountConf,
  subCompanyNames,
  viewInvite,
} from './accounts.service';

/**
 * Where the invitation link opens: PUBLIC_ORIGIN, else the address this request came to (the page
 * the main account is on, through the web's proxy). Not WEB_ORIGIN: that is the web's internal
 * address (npm start sets 127.0.0.1), which a phone cannot open.
 */
function publicOrigin(config: Config, request: FastifyRequest): string {
  return (config.web.publicOrigin || `${request.protocol}://${request.host}`).replace(/\/+$/, '');
}

export async function subAccountRoutes(app: FastifyInstance, deps: RouteDeps & { config: Config; notifier: Notifier }) {
  const route = routes(app, deps);
  const { db, config, notifier } = deps;
  const sender = (request: FastifyRequest): InviteSender => ({ notifier, origin: publicOrigin(config, request) });

  route(subAccountsApi.list, async ({ caller, input }) => {
    const page = await listSubAccounts(db, caller, input);
    return list(page.rows, page.total);
  });

  route(subAccountsApi.save, async ({ caller, input, request }) => {
    const { message, ...saved } = await saveSubAccount(db, sender(request), caller, input);
    return ok(saved, message);
  });

  route(subAccountsApi.changeState, async ({ caller, input }) => ok(null, await changeSubState(db, caller, input)));

  route(subAccountsApi.resetPassword, async ({ caller, input, request }) => {
    const { message, ...saved } = await resetSubPassword(db, sender(request), caller, input);
    return ok(saved, message);
  });

  route(subAccountsApi.saveBillingMode, async ({ caller, input }) => ok(await saveBillingMode(db, caller, input), SUB_DONE.billingSaved));

  route(subAccountsApi.subCompanyNames, async ({ caller }) => ok(await subCompanyNames(db, caller)));

  route(subAccountsApi.conf, async ({ caller }) => ok(await subAccountConf(db, caller)));

  route(subAccountsApi.invite, async ({ input, request }) => ok(await viewInvite(db, request.ip, input.inviteToken)));

  route(subAccountsApi.acceptInvite, async ({ input, request }) => {
    await acceptInvite(db, request.ip, input);
    return ok(null, SUB_DONE.passwordSet);
  });
}
