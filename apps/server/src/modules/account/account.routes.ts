// Account, menu and messages calls of spec 02 §7. Thin: who is asking (and whether the
// company must be authenticated first), parse, call the service.
import {
  ACCOUNT_MSG,
  ActivationCodeInput,
  ChangeLoginInput,
  ChangePasswordInput,
  MessageListInput,
  MessageReadInput,
  PageQuery,
  parseId,
  SmsSendInput,
  UpdateMobileInput,
} from '@apimarket/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { setSessionCookies } from '../../http/cookies';
import { list, ok } from '../../http/envelope';
import { NotFound } from '../../http/errors';
import { parseInput } from '../../http/parse';
import type { Notifier } from '../../notify';
import { SMS_MSG } from '../identity/sms.service';
import { requireAccount, requireQualified } from './access';
import {
  accountSummary,
  bindEmail,
  changePassword,
  childrenOf,
  homeData,
  menuOf,
  sendEmailCode,
  sendMobileChangeCode,
  switchToChild,
  updateMobile,
} from './account.service';
import { listMessages, markRead, readMessage } from './messages.service';

export async function accountRoutes(app: FastifyInstance, { config, db, notifier }: { config: Config; db: Db; notifier: Notifier }) {
  const fields = (request: FastifyRequest) => request.body ?? request.query;
  const rules = { specialUsers: config.account.specialUsers };

  // ── Menu and dashboard ─────────────────────────────────────────────────────────────────────
  app.post('/UserCenter/getMembershipMenu', async (request) => ok(await menuOf(db, await requireAccount(request), rules)));

  app.post('/myAccount/userCenter', async (request) => ok(await accountSummary(db, await requireAccount(request))));

  app.post('/myAccount/home/data', async (request) => ok(await homeData(db, await requireQualified(request, db), rules)));

  // ── Settings ───────────────────────────────────────────────────────────────────────────────
  app.post('/UserCenter/Modification', async (request) => {
    const account = await requireAccount(request);
    await changePassword(db, account, parseInput(ChangePasswordInput, fields(request)));
    return ok(null, ACCOUNT_MSG.passwordChanged);
  });

  app.post('/myAccount/updateMobile', async (request) => {
    const account = await requireAccount(request);
    const mobile = await updateMobile(db, notifier, account, parseInput(UpdateMobileInput, fields(request)));
    return ok({ mobile }, ACCOUNT_MSG.mobileChanged);
  });

  app.post('/myAccount/sendMobileCode', async (request) => {
    const account = await requireAccount(request);
    await sendMobileChangeCode(db, notifier, account, parseInput(SmsSendInput, fields(request)), request.ip);
    return ok(null, SMS_MSG.sent);
  });

  app.post('/UserCenter/activationCode', async (request) => {
    const account = await requireAccount(request);
    const input = parseInput(ActivationCodeInput, fields(request));
    if (!input.code) {
      await sendEmailCode(db, notifier, input.email, request.ip);
      return ok(null, ACCOUNT_MSG.emailCodeSent);
    }
    await bindEmail(db, account, input.email, input.code);
    return ok({ email: input.email.toLowerCase() }, ACCOUNT_MSG.emailBound);
  });

  // ── Sub-accounts ───────────────────────────────────────────────────────────────────────────
  app.post('/myAccount/getChild', async (request) => {
    const rows = await childrenOf(db, await requireQualified(request, db));
    return list(rows, rows.length);
  });

  app.post('/myAccount/changeLogin', async (request, reply) => {
    const account = await requireQualified(request, db);
    const { childId } = parseInput(ChangeLoginInput, fields(request));
    const child = await switchToChild(db, account, childId, { ip: request.ip, userAgent: request.headers['user-agent'] ?? '' });
    setSessionCookies(config, request, reply, { token: child.token, memberId: child.memberId, remember: false });
    // Browsers keep the HttpOnly cookie only; an API client gets the token in the body.
    const browser = request.headers['x-requested-with'] === 'XMLHttpRequest';
    return ok({ token: browser ? '' : child.token, membershipId: child.memberId, loginName: child.loginName }, ACCOUNT_MSG.switched);
  });

  // ── Messages ───────────────────────────────────────────────────────────────────────────────
  app.post('/UserCenter/userNews', async (request) => {
    const account = await requireAccount(request);
    const query = { ...parseInput(PageQuery, fields(request)), ...parseInput(MessageListInput, fields(request)) };
    const page = await listMessages(db, account.memberId, query);
    const unread = config.account.specialUsers.has(account.loginName) ? 0 : page.unread;
    return { ...list(page.rows, page.total), unread };
  });

  app.post('/UserCenter/getMessageInfo', async (request) => {
    const account = await requireAccount(request);
    const id = parseId((fields(request) as { id?: unknown }).id);
    if (!id) throw new NotFound('消息不存在');
    return ok(await readMessage(db, account.memberId, id));
  });

  app.post('/UserCenter/editMyAccountAlertStatus', async (request) => {
    const account = await requireAccount(request);
    const changed = await markRead(db, account.memberId, parseInput(MessageReadInput, fields(request)));
    return ok({ changed }, '已标记为已读');
  });
}
