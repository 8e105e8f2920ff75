// The operator console under /apiHome/console (issue #10): this plugin registers each area's
// routes, one file per area (the session, the home, page views, the audit log, operator
// accounts, the review queues, leads, members, the catalogue and the content editors). Every
// call is declared in contracts with the area that may call it; the registrar's guard knows
// only the console cookie.
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { Notifier } from '../../notify';
import type { FileStore } from '../../storage';
import { auditRoutes } from './audit.routes';
import { catalogueRoutes } from './catalogue.routes';
import { contentConsoleRoutes } from './content.routes';
import { accountsConsoleRoutes } from './accounts.routes';
import { financeRoutes } from './finance.routes';
import { invoicesConsoleRoutes } from './invoices.routes';
import { leadsRoutes } from './leads.routes';
import { membersRoutes } from './members.routes';
import { operatorsRoutes } from './operators.routes';
import { overviewRoutes } from './overview.routes';
import { pageViewsRoutes } from './page-views.routes';
import { payTestsRoutes } from './pay-tests.routes';
import { paymentsConsoleRoutes } from './payments.routes';
import { qualificationsRoutes } from './qualifications.routes';
import { sessionRoutes } from './session.routes';

export interface ConsoleDeps {
  config: Config;
  db: Db;
  notifier: Notifier;
  /** Uploaded files (the reviewer's licence image). */
  files: FileStore;
}

export async function consoleRoutes(app: FastifyInstance, deps: ConsoleDeps) {
  for (const area of AREAS) await app.register(area, deps);
}

/** Every area's routes, in the order they register. */
const AREAS: Array<(app: FastifyInstance, deps: ConsoleDeps) => Promise<void>> = [
  // ── Sign-in and the areas every role shares ───────────────────────────────────────────────
  sessionRoutes,
  overviewRoutes,
  pageViewsRoutes,
  auditRoutes,
  operatorsRoutes,
  // ── The queues and editors, one file each ─────────────────────────────────────────────────
  qualificationsRoutes,
  payTestsRoutes,
  financeRoutes,
  paymentsConsoleRoutes,
  invoicesConsoleRoutes,
  accountsConsoleRoutes,
  leadsRoutes,
  membersRoutes,
  catalogueRoutes,
  contentConsoleRoutes,
];
