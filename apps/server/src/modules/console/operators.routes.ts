// 运营账号 (consoleOperatorsApi, admin): the console's accounts — list, create with a one-time
// password, enable or disable, and reset the password with the authenticator.
import { consoleOperatorsApi } from '@apimarket/contracts';
import type { FastifyInstance } from 'fastify';
import { listAll, ok } from '../../http/envelope';
import { type RouteDeps, routes } from '../../http/route';
import { addOperator, changeOperatorStatus, listOperators, resetOperatorAccount } from './operators.service';

export async function operatorsRoutes(app: FastifyInstance, deps: RouteDeps) {
  const route = routes(app, deps);
  const { db } = deps;

  route(consoleOperatorsApi.list, async () => listAll(await listOperators(db)));

  // The one time the password is shown; the new operator binds an authenticator on first sign-in.
  route(consoleOperatorsApi.create, async ({ caller, input }) => ok(await addOperator(db, caller.actor, input), '运营账号已创建，请把初始密码当面交给本人'));

  route(consoleOperatorsApi.status, async ({ caller, input }) => {
    const { changed } = await changeOperatorStatus(db, caller.actor, input);
    const active = input.status === 'active';
    if (!changed) return ok({ changed }, active ? '该账号已是启用状态，未重复修改' : '该账号已是停用状态，未重复修改');
    return ok({ changed }, active ? '已启用' : '已停用，该账号的登录已全部失效');
  });

  route(consoleOperatorsApi.reset, async ({ caller, input }) =>
    ok(await resetOperatorAccount(db, caller.actor, input), '已重置密码并解绑身份验证器，请把新密码当面交给本人'),
  );
}
