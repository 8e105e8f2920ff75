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
import { financeRoutes } from './finance.routes';
import { leadsRoutes } from './leads.routes';
import { membersRoutes } from './members.routes';
import { operatorsRoutes } from './operators.routes';
import { overviewRoutes } from './overview.routes';
import { pageViewsRoutes } from './page-views.routes';
import { payTestsRoutes } from './pay-tests.routes';
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
  // ── Sign-in and the areas every role shares ───────────────────────────────────────────────
  await app.register(sessionRoutes, deps);
  await app.register(overviewRoutes, deps);
  await app.register(pageViewsRoutes, deps);
  await app.register(auditRoutes, deps);
  await app.register(operatorsRoutes, deps);
  // ── The queues and editors, one file each ─────────────────────────────────────────────────
  await app.register(qualificationsRoutes, deps);
  await app.register(payTestsRoutes, deps);
  await app.register(financeRoutes, deps);
  await app.register(leadsRoutes, deps);
  await app.register(membersRoutes, deps);
  await app.register(catalogueRoutes, deps);
  await app.register(contentConsoleRoutes, deps);
}
