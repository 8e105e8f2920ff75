// productManagement/* (contracts' productsApi): what a main account assigns its sub-accounts.
// Thin: the registrar checks who calls and parses the input; products.service.ts decides.
import { productsApi } from '@apimarket/contracts';
import type { FastifyInstance } from 'fastify';
import { sendXlsx } from '../../http/download';
import { list, listAll, ok } from '../../http/envelope';
import { type RouteDeps, routes } from '../../http/route';
import {
  assignableInterfaces,
  assignInterface,
  assignmentCalls,
  assignmentsFileName,
  changeAssignmentState,
  changeAssignmentStates,
  exportAssignments,
  listAssignments,
  subAccountStatistics,
} from './products.service';

export async function productRoutes(app: FastifyInstance, deps: RouteDeps) {
  const route = routes(app, deps);
  const { db } = deps;

  route(productsApi.interfaceList, async ({ caller }) => listAll(await assignableInterfaces(db, caller)));

  route(productsApi.assign, async ({ caller, input }) => ok(await assignInterface(db, caller, input)));

  route(productsApi.changeState, async ({ caller, input }) => {
    await changeAssignmentState(db, caller, input);
    return ok(null);
  });

  route(productsApi.batchChangeState, async ({ caller, input }) => ok(await changeAssignmentStates(db, caller, input)));

  route(productsApi.page, async ({ caller, input }) => {
    const page = await listAssignments(db, caller, input);
    return list(page.rows, page.total);
  });

  route(productsApi.detail, async ({ caller, input }) => {
    const page = await assignmentCalls(db, caller, input);
    return list(page.rows, page.total);
  });

  route(productsApi.download, async ({ caller, input, reply }) =>
    sendXlsx(reply, await exportAssignments(db, caller, input), 'assignments.xlsx', assignmentsFileName()),
  );

  route(productsApi.statistics, async ({ caller, input }) => {
    const { rows, period } = await subAccountStatistics(db, caller, input);
    return { ...listAll(rows), period };
  });
}
