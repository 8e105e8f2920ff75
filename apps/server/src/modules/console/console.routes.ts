// The operator console's calls, under /apiHome/console (issue #10). Sign-in, the session and the
// areas every role shares live here; each queue or editor registers its own file below. Every
// route goes through requireOperator, which knows only the console cookie.
import {
  ConsoleAuditQuery,
  CONSOLE_COOKIE,
  CONSOLE_MSG,
  ConsoleEnrollInput,
  ConsoleLoginInput,
  OperatorCreateInput,
  PageQuery,
  pageOffset,
  PageViewQuery,
  parseId,
} from '@apimarket/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { list, ok } from '../../http/envelope';
import { Forbidden, NotFound, Unauthenticated } from '../../http/errors';
import { parseInput } from '../../http/parse';
import { cookieSecure } from '../../http/wire';
import type { Notifier } from '../../notify';
import type { FileStore } from '../../storage';
import { exportAudit, listAudit, recordAudit } from './audit.service';
import { catalogueRoutes } from './catalogue.routes';
import { exportFileName, sendXlsx } from './console-export';
import { contentConsoleRoutes } from './content.routes';
import { consoleToken, requireOperator, sessionOperator } from './guard';
import { leadsRoutes } from './leads.routes';
import { membersRoutes } from './members.routes';
import { createOperator, enroll, listOperators, login, logout, resetOperator, setOperatorStatus } from './operators.service';
import { overviewFor, pageViewCounts } from './overview.service';
import { reviewRoutes } from './reviews.routes';

export interface ConsoleDeps {
  config: Config;
  db: Db;
  notifier: Notifier;
  /** Uploaded files (the reviewer's licence image). */
  files: FileStore;
}

/** The start of a China day, and of the day after it (an inclusive `to`). */
const chinaDayStart = (day: string, plusDays = 0) => new Date(Date.parse(`${day}T00:00:00+08:00`) + plusDays * 86_400_000);

export async function consoleRoutes(app: FastifyInstance, deps: ConsoleDeps) {
  const { config, db } = deps;
  const fields = (request: FastifyRequest) => request.body ?? request.query;
  const attempt = (request: FastifyRequest) => ({ ip: request.ip, userAgent: String(request.headers['user-agent'] ?? '') });

  const setCookie = (request: FastifyRequest, reply: FastifyReply, token: string) =>
    reply.setCookie(CONSOLE_COOKIE.name, token, {
      path: CONSOLE_COOKIE.path,
      httpOnly: true,
      sameSite: 'strict',
      secure: cookieSecure(config, request),
    });

  // ── Sign-in ───────────────────────────────────────────────────────────────────────────────
  app.post('/console/login', async (request, reply) => {
    const input = parseInput(ConsoleLoginInput, fields(request));
    const result = await login(db, config, { ...input, ...attempt(request) });
    if (result.stage === 'enroll') return ok(result, CONSOLE_MSG.enroll);
    setCookie(request, reply, result.token);
    return ok({ stage: 'done', operator: result.operator }, CONSOLE_MSG.loggedIn);
  });

  app.post('/console/enroll', async (request, reply) => {
    const input = parseInput(ConsoleEnrollInput, fields(request));
    const { token, operator } = await enroll(db, config, { ...input, ...attempt(request) });
    setCookie(request, reply, token);
    return ok({ stage: 'done', operator }, CONSOLE_MSG.enrolled);
  });

  app.post('/console/logout', async (request, reply) => {
    await logout(db, consoleToken(request));
    reply.clearCookie(CONSOLE_COOKIE.name, { path: CONSOLE_COOKIE.path });
    return ok(null, CONSOLE_MSG.loggedOut);
  });

  app.post('/console/me', async (request) => {
    const operator = await sessionOperator(db, request);
    if (!operator) throw new Unauthenticated();
    const { sessionId: _session, ...me } = operator;
    return ok(me);
  });

  // ── Shared areas ──────────────────────────────────────────────────────────────────────────
  app.post('/console/overview', async (request) => {
    const { operator } = await requireOperator(db, request, 'overview');
    return ok(await overviewFor(db, operator.role));
  });

  app.post('/console/pageViews/list', async (request) => {
    await requireOperator(db, request, 'pageViews');
    return ok(await pageViewCounts(db, parseInput(PageViewQuery, fields(request))));
  });

  app.post('/console/audit/list', async (request) => {
    await requireOperator(db, request, 'audit');
    const q = parseInput(ConsoleAuditQuery, fields(request));
    const page = parseInput(PageQuery, fields(request));
    const { rows, total } = await listAudit(db, {
      ...q,
      from: q.from ? chinaDayStart(q.from) : undefined,
      to: q.to ? chinaDayStart(q.to, 1) : undefined,
      limit: page.pageSize,
      offset: pageOffset(page),
    });
    return list(rows, total);
  });

  // The same filters as the list, all pages, as an xlsx for the auditors (a signed GET).
  app.get('/console/audit/export', async (request, reply) => {
    const { actor } = await requireOperator(db, request, 'audit');
    const q = parseInput(ConsoleAuditQuery, request.query);
    const filter = { ...q, from: q.from ? chinaDayStart(q.from) : undefined, to: q.to ? chinaDayStart(q.to, 1) : undefined };
    const file = await exportAudit(db, actor, filter, q);
    return sendXlsx(reply, file, 'audit.xlsx', exportFileName('操作日志'));
  });

  // ── Operator accounts (admin) ─────────────────────────────────────────────────────────────
  app.post('/console/operators/list', async (request) => {
    await requireOperator(db, request, 'operators');
    const rows = await listOperators(db);
    return list(rows, rows.length);
  });

  app.post('/console/operators/create', async (request) => {
    const { actor } = await requireOperator(db, request, 'operators');
    const input = parseInput(OperatorCreateInput, fields(request));
    return db.transaction(async (tx) => {
      const { id, password } = await createOperator(tx, input);
      await recordAudit(tx, actor, { action: 'operator.create', targetType: 'operator', targetId: id, after: input });
      // The one time the password is shown; the new operator binds an authenticator on first sign-in.
      return ok({ id, username: input.username, password }, '运营账号已创建，请把初始密码当面交给本人');
    });
  });

  const StatusInput = z.object({ id: z.coerce.number().int().positive(), status: z.enum(['active', 'disabled']) });
  app.post('/console/operators/status', async (request) => {
    const { actor, operator } = await requireOperator(db, request, 'operators');
    const input = parseInput(StatusInput, fields(request));
    if (input.id === operator.id && input.status === 'disabled') throw new Forbidden(CONSOLE_MSG.selfDisable);
    return db.transaction(async (tx) => {
      const change = await setOperatorStatus(tx, input.id, input.status);
      if (!change.changed) return ok({ changed: false }, input.status === 'active' ? '该账号已是启用状态，未重复修改' : '该账号已是停用状态，未重复修改');
      await recordAudit(tx, actor, { action: `operator.${input.status === 'active' ? 'enable' : 'disable'}`, targetType: 'operator', targetId: input.id, before: { status: change.before }, after: { status: change.after } });
      return ok({ changed: true }, input.status === 'active' ? '已启用' : '已停用，该账号的登录已全部失效');
    });
  });

  app.post('/console/operators/reset', async (request) => {
    const { actor } = await requireOperator(db, request, 'operators');
    const id = parseId((fields(request) as { id?: unknown }).id);
    if (!id) throw new NotFound(CONSOLE_MSG.operatorMissing);
    const [row] = (await listOperators(db)).filter((o) => o.id === id);
    if (!row) throw new NotFound(CONSOLE_MSG.operatorMissing);
    return db.transaction(async (tx) => {
      const { password } = await resetOperator(tx, row.username);
      await recordAudit(tx, actor, { action: 'operator.reset', targetType: 'operator', targetId: id, before: { enrolled: row.enrolled }, after: { enrolled: false } });
      return ok({ id, username: row.username, password }, '已重置密码并解绑身份验证器，请把新密码当面交给本人');
    });
  });
  // ── The queues and editors, one file each ─────────────────────────────────────────────────
  await app.register(reviewRoutes, deps);
  await app.register(leadsRoutes, deps);
  await app.register(membersRoutes, deps);
  await app.register(catalogueRoutes, deps);
  await app.register(contentConsoleRoutes, deps);
}
