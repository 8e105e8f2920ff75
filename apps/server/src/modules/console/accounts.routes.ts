// The console's 账户资金 area (consoleAccountsApi; finance and admin): balances, a member's
// ledger (its xlsx audited), and the adjustment (Decision 169).
import { chinaDay, consoleAccountsApi } from '@apimarket/contracts';
import type { FastifyInstance } from 'fastify';
import { sendXlsx } from '../../http/download';
import { list, ok } from '../../http/envelope';
import { routes } from '../../http/route';
import { ledgerXlsx } from '../billing/statement';
import { accountLedger, accountLedgerExport, adjustBalance, listAccounts } from './accounts.service';
import type { ConsoleDeps } from './console.routes';

export async function accountsConsoleRoutes(app: FastifyInstance, deps: ConsoleDeps) {
  const route = routes(app, deps);
  const { db } = deps;

  route(consoleAccountsApi.list, async ({ caller, input }) => {
    const page = await listAccounts(db, caller.actor, input);
    return list(page.rows, page.total);
  });

  route(consoleAccountsApi.ledger, async ({ caller, input, reply }) => {
    if (input.export) {
      const { rows, loginName } = await accountLedgerExport(db, caller.actor, input);
      const day = chinaDay().replaceAll('-', '');
      return sendXlsx(reply, await ledgerXlsx(rows), `ledger-${input.memberId}-${day}.xlsx`, `账户流水-${loginName}-${day}.xlsx`);
    }
    const page = await accountLedger(db, caller.actor, input);
    return list(page.rows, page.total);
  });

  route(consoleAccountsApi.adjust, async ({ caller, input }) => {
    const { message, ...result } = await adjustBalance(db, caller.actor, input);
    return ok(result, message);
  });
}
