// The ledger and the monthly statement (mytrade/consume/list, mytrade/statement; Decision 164).
// A sub-account reads its company's ledger: the money is the main account's, and the calls are
// declared for qualified members, as the other 费用管理 reads are.
import { companyMoneyReader } from '../account/access';
import { ledgerApi, PDF_TYPE } from '@apimarket/contracts';
import type { FastifyInstance } from 'fastify';
import { sendFile, sendXlsx } from '../../http/download';
import { list, ok } from '../../http/envelope';
import { type RouteDeps, routes } from '../../http/route';
import { ledgerFileName, ledgerRowsForExport, listLedger } from './ledger.service';
import { ledgerXlsx, statementFileName, statementOf, statementPdf, statementXlsx } from './statement';

export async function ledgerRoutes(app: FastifyInstance, deps: RouteDeps) {
  const route = routes(app, deps);
  const { db } = deps;

  route(ledgerApi.ledger, async ({ caller, input, reply }) => {
    if (input.export)
      return sendXlsx(reply, await ledgerXlsx(await ledgerRowsForExport(db, companyMoneyReader(caller), input)), 'ledger.xlsx', ledgerFileName());
    const page = await listLedger(db, caller, input);
    return list(page.rows, page.total);
  });

  route(ledgerApi.statement, async ({ caller, input, reply }) => {
    const { statement, rows } = await statementOf(db, caller, input);
    if (!input.format) return ok(statement);
    const { ascii, name } = statementFileName(statement.month, input.format);
    if (input.format === 'xlsx') return sendXlsx(reply, await statementXlsx(statement, rows), ascii, name);
    return sendFile(reply, await statementPdf(statement, rows), PDF_TYPE, ascii, name);
  });
}
