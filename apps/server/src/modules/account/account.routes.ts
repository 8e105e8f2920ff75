// Account, menu and messages calls of spec 02 §7 (declared in contracts' accountApi). Thin: the
// declaration says who may ask (and whether the company must be authenticated first) and parses
// the fields; the service does the rest.
import { ACCOUNT_MSG, accountApi } from '@apimarket/contracts';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import { setSessionCookies } from '../../http/cookies';
import { listAll, list, ok } from '../../http/envelope';
import { NotFound } from '../../http/errors';
import { type RouteDeps, routes } from '../../http/route';
import type { Notifier } from '../../notify';
import { SMS_MSG } from '../identity/sms.service';
import {
  accountSummary,
  bindEmail,
  changePassword,
  childrenOf,
  homeData,
  menuOf,
  sendEmailCode,
  sendMobileChangeCode,
  switchBack,
  switchToChild,
  updateMobile,
} from './account.service';
import { listMessages, markRead, readMessage } from './messages.service';

export async function accountRoutes(app: FastifyInstance, deps: RouteDeps & { config: Config; notifier: Notifier }) {
  const route = routes(app, deps);
  const { config, db, notifier } = deps;
  const rules = { specialUsers: config.account.specialUsers };

  // ── Menu and dashboard ─────────────────────────────────────────────────────────────────────
  route(accountApi.menu, async ({ caller }) => ok(await menuOf(db, caller, rules)));

  route(accountApi.summary, async ({ caller }) => ok(await accountSummary(db, caller)));

  route(accountApi.home, async ({ caller }) => ok(await homeData(db, caller, rules)));

  // ── Settings ───────────────────────────────────────────────────────────────────────────────
  route(accountApi.changePassword, async ({ caller, input }) => {
    await changePassword(db, caller, input);
    return ok(null, ACCOUNT_MSG.passwordChanged);
  });

  route(accountApi.updateMobile, async ({ caller, input }) => {
    const mobile = await updateMobile(db, notifier, caller, input);
    return ok({ mobile }, ACCOUNT_MSG.mobileChanged);
  });

  route(accountApi.sendMobileCode, async ({ caller, input, request }) => {
    await sendMobileChangeCode(db, notifier, caller, input, request.ip);
    return ok(null, SMS_MSG.sent);
  });

  route(accountApi.activationCode, async ({ caller, input, request }) => {
    if (!input.code) {
      await sendEmailCode(db, notifier, input.email, request.ip);
      return ok(null, ACCOUNT_MSG.emailCodeSent);
    }
    await bindEmail(db, caller, input.email, input.code);
    return ok({ email: input.email.toLowerCase() }, ACCOUNT_MSG.emailBound);
  });

  // ── Sub-accounts ───────────────────────────────────────────────────────────────────────────
  route(accountApi.children, async ({ caller }) => listAll(await childrenOf(db, caller)));

  route(accountApi.changeLogin, async ({ caller, input, request, reply }) => {
    const child = await switchToChild(db, caller, input.childId, { ip: request.ip, userAgent: request.headers['user-agent'] ?? '' });
    setSessionCookies(config, request, reply, { token: child.token, memberId: child.memberId, remember: false });
    // Browsers keep the HttpOnly cookie only; an API client gets the token in the body.
    const browser = request.headers['x-requested-with'] === 'XMLHttpRequest';
    return ok({ token: browser ? '' : child.token, membershipId: child.memberId, loginName: child.loginName }, ACCOUNT_MSG.switched);
  });

  route(accountApi.changeBack, async ({ caller, request, reply }) => {
    const main = await switchBack(db, caller, { ip: request.ip, userAgent: request.headers['user-agent'] ?? '' });
    setSessionCookies(config, request, reply, { token: main.token, memberId: main.memberId, remember: false });
    const browser = request.headers['x-requested-with'] === 'XMLHttpRequest';
    return ok({ token: browser ? '' : main.token, membershipId: main.memberId, loginName: main.loginName }, ACCOUNT_MSG.switched);
  });

  // ── Messages ───────────────────────────────────────────────────────────────────────────────
  route(accountApi.messages, async ({ caller, input }) => {
    const page = await listMessages(db, caller, input);
    // Beside rows and total: the account's unread count (0 for Decision 3's special users).
    const unread = config.account.specialUsers.has(caller.loginName) ? 0 : page.unread;
    return { ...list(page.rows, page.total), unread };
  });

  route(accountApi.message, async ({ caller, input }) => {
    if (input.id === null) throw new NotFound('消息不存在');
    return ok(await readMessage(db, caller, input.id));
  });

  route(accountApi.markRead, async ({ caller, input }) => {
    const changed = await markRead(db, caller, input);
    return ok({ changed }, '已标记为已读');
  });
}
