// Builds the Fastify instance: wire conventions, error mapping and every domain's routes under
// /apiHome. main.ts listens with it; tests drive it with inject().
import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import { FEE_ATTACHMENT, type GatewayAnswer, type PlatformCode } from '@apimarket/contracts';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { OneLinePerRequest } from './http/logging';
import type { Config } from './config';
import type { Database } from './db/client';
import { clientErrorHandler } from './http/client-errors';
import { registerErrorHandling } from './http/error-handler';
import { securityHeaders } from './http/security-headers';
import { wirePlugin } from './http/wire';
import { accountRoutes } from './modules/account/account.routes';
import { keysRoutes } from './modules/account/keys.routes';
import { billingRoutes } from './modules/billing/billing.routes';
import { ledgerRoutes } from './modules/billing/ledger.routes';
import { invoicesRoutes } from './modules/invoices/invoices.routes';
import { paymentsRoutes } from './modules/payments/payments.routes';
import { purchasesRoutes } from './modules/purchases/purchases.routes';
import { renewDue } from './modules/purchases/renewal.service';
import { catalogRoutes } from './modules/catalog/catalog.routes';
import { contentRoutes } from './modules/content/content.routes';
import { devRoutes } from './modules/dev/dev.routes';
import { createGatewayDeps, gatewayAddressGuard, gatewayOutside, gatewayRoutes } from './modules/gateway/gateway.routes';
import type { GatewayDeps } from './modules/gateway/gateway.service';
import { answerUnread } from './modules/gateway/gateway.service';
import { type BatchRunner, createBatchRunner } from './modules/online/batch.runner';
import { onlineRoutes } from './modules/online/online.routes';
import { queryRoutes } from './modules/query/query.routes';
import { receiptsRoutes } from './modules/receipts/receipts.routes';
import { transportRoutes } from './modules/transport/transport.routes';
import { packageNamesRoutes } from './modules/packagenames/packagenames.routes';
import { monitorRoutes } from './modules/monitor/monitor.routes';
import { judicialRoutes } from './modules/judicial/judicial.routes';
import { insuranceRoutes } from './modules/insurance/insurance.routes';
import { capacityRoutes } from './modules/capacity/capacity.routes';
import { healthRoutes } from './modules/health/health.routes';
import { identityRoutes } from './modules/identity/identity.routes';
import { setPasswordConcurrency } from './modules/identity/password';
import { leadsRoutes } from './modules/leads/leads.routes';
import { qualificationRoutes } from './modules/qualification/qualification.routes';
import { whitelistRoutes } from './modules/whitelist/whitelist.routes';
import { favoritesRoutes } from './modules/favorites/favorites.routes';
import { docsRoutes } from './modules/docs/docs.routes';
import { payTestRoutes } from './modules/paytest/paytest.routes';
import { subAccountConsumeRoutes } from './modules/billing/subaccount-consume.routes';
import { subAccountRoutes } from './modules/subaccounts/accounts.routes';
import { productRoutes } from './modules/subaccounts/products.routes';
import { entitlementsRoutes } from './modules/entitlements/entitlements.routes';
import { trialRoutes } from './modules/trial/trial.routes';
import { usageRoutes } from './modules/usage/usage.routes';
import { alertsRoutes } from './modules/alerts/alerts.routes';
import { consoleRoutes } from './modules/console/console.routes';
import { createAlertEngine } from './modules/alerts/alerts.engine';
import { watchBalances } from './modules/billing/billing.service';
import { createNotifier, type Notifier } from './notify';
import { sandboxProvider } from './providers';
import { recordBreaker } from './modules/suppliers/suppliers.service';
import { SupplierRouter } from './modules/suppliers/router';
import { suppliersRoutes } from './modules/suppliers/suppliers.routes';
import { createFileStore, type FileStore } from './storage';

export interface AppDeps {
  config: Config;
  database: Database;
  logger: FastifyBaseLogger;
  /** Told of every route as it is registered (the boundary property test walks them all). */
  onRoute?: (route: { method: string | string[]; url: string; declared: boolean }) => void;
  /** Hold every answer to its declared schema (the test harness; Decision 150). */
  checkAnswers?: boolean;
}

export interface App {
  app: FastifyInstance;
  notifier: Notifier;
  /** Runs executed batch jobs; none in a gateway-role process. */
  batchRunner: BatchRunner | null;
  /** Uploaded files, in the database or the S3 bucket: every API process sees the same ones. */
  files: FileStore;
  /** The open data API's pipeline, for jobs that call interfaces as an account (the fence monitor). */
  gateway: GatewayDeps;
}

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

export async function buildApp({ config, database, logger, onRoute, checkAnswers = false }: AppDeps): Promise<App> {
  const app: FastifyInstance = Fastify({
    loggerInstance: logger,
    bodyLimit: config.bodyLimit,
    trustProxy: config.trustProxy,
    // Keep a caller's request id (the web proxy forwards one) only when it is well-formed.
    genReqId: (req) => {
      const sent = req.headers['x-request-id'];
      return typeof sent === 'string' && REQUEST_ID.test(sent) ? sent : randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // One line per request, written when its answer has gone, not Fastify's two.
    logController: new OneLinePerRequest(),
    // A path the router cannot read (a bad escape, a segment over maxParamLength) is answered
    // like any other error: the portal's envelope, or the open data API's outside /apiHome.
    frameworkErrors: (error, request, reply) => app.errorHandler(error, request, reply),
    // …and a request Node cannot read at all is answered on the socket the same way.
    clientErrorHandler: clientErrorHandler(() => answerGatewayCall),
  });
  // Set once the gateway exists (below), when this process serves the open data API.
  let answerGatewayCall: ((code: PlatformCode, ip: string) => Promise<GatewayAnswer>) | undefined;
  // Read by every declared route (http/route.ts): tests hold each answer to its declaration.
  app.decorate('checkAnswers', checkAnswers);
  if (onRoute) app.addHook('onRoute', (route) => onRoute({ method: route.method, url: route.url, declared: route.config?.declared === true }));

  // At most this many password hashes at once in the process (ARGON2_CONCURRENCY).
  setPasswordConcurrency(config.argon2Concurrency);
  const db = database.db;
  const notifier = createNotifier(config, db);
  const files = createFileStore(db, config.uploads);
  app.addHook('onClose', async () => files.close());
  // Usage alerts: accounts are evaluated after their calls commit and after their balance
  // changes, debounced, never on an answer's path (modules/alerts).
  const alertEngine = createAlertEngine({ db, notifier, logger: app.log });
  watchBalances(db, (memberId) => alertEngine.touch([memberId]));

  // The open data API's pipeline (sandbox providers, Decision 10), shared by the gateway's route
  // and the user center's test and batch calls, so both group into the same commits.
  const sandbox = sandboxProvider();
  // Interfaces with suppliers configured are answered by them (failover, breakers, bulkheads);
  // the others by the sandbox.
  const suppliers = new SupplierRouter({
    db,
    config,
    logger: app.log,
    fallback: sandbox,
    onBreaker: (supplierId, state, reason) => {
      recordBreaker({ db, notifier, opsEmail: config.opsEmail, logger: app.log }, supplierId, state, reason).catch((err: unknown) =>
        app.log.error({ err, supplierId, state }, 'a breaker change could not be recorded'),
      );
    },
  });
  const gateway = createGatewayDeps({
    db,
    config,
    logger: app.log,
    providerFor: (id) => suppliers.providerFor(id),
    ratePerKey: config.gateway.ratePerKey,
    upstreamTimeoutMs: config.gateway.upstreamTimeoutMs,
    // A purchase with automatic renewal that just used its last call is renewed now rather
    // than at the job's next run; the answer to the call never waits for it.
    onExhausted: (purchaseIds) => {
      renewDue(db, { purchaseIds }).catch((err: unknown) => app.log.error({ err, purchaseIds }, 'automatic renewal after the last call failed'));
    },
    // The accounts a committed group called for have their usage alerts evaluated (debounced).
    onCommitted: (summary) => {
      try {
        alertEngine.touch(summary.calls.map((c) => c.memberId));
      } catch (err) {
        app.log.error({ err }, 'usage alert evaluation could not be scheduled');
      }
    },
  });
  // Batch jobs run in portal processes, paced well below the key's own rate limit.
  const batchRunner =
    config.role === 'gateway'
      ? null
      : createBatchRunner({ db, gateway, logger: app.log, callsPerSecond: Math.max(1, Math.min(20, Math.floor(config.gateway.ratePerKey / 2))) });
  // Closing, in order: the batch row in hand finishes, the calls answered-to-be commit, then the
  // alerts those commits scheduled are evaluated — all before the database closes.
  app.addHook('onClose', async () => {
    await batchRunner?.stop();
    await gateway.committer.settle();
    await suppliers.close();
    await alertEngine.settle();
    alertEngine.stop();
  });

  // Callback style: on every answer, so no promise of its own per request.
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    done(null, payload);
  });
  // Outside /apiHome the open data API answers in its own envelope, errors and unknown paths
  // included, and a client address's budget is counted before anything is parsed.
  const servesGateway = config.role !== 'portal';
  registerErrorHandling(app, servesGateway ? gatewayOutside(gateway) : undefined);
  if (servesGateway) answerGatewayCall = (code, ip) => answerUnread(gateway, code, ip);
  if (servesGateway) app.addHook('onRequest', gatewayAddressGuard(gateway));

  app.addHook('onRequest', securityHeaders);
  await app.register(formbody, { bodyLimit: config.bodyLimit });
  // The portal's cookies, attachments and wire (signed fields, tourist token, CSRF) hook every
  // request: a gateway-role process, which answers only the open data API and its health check,
  // leaves them out (a multipart call is then refused by the content-type parser: SYSTEM_045).
  if (config.role !== 'gateway') {
    await app.register(cookie);
    // One attachment per request, for api/fee/sendEmail; routes read it with request.file().
    await app.register(multipart, { limits: { fileSize: FEE_ATTACHMENT.maxBytes, files: 1, fields: 20 } });
    await app.register(wirePlugin, { config, db });
  }

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { database });
      // A gateway-role process answers the open data API and its health check, nothing else.
      if (config.role === 'gateway') return;
      await api.register(catalogRoutes, { db, config });
      await api.register(contentRoutes, { db });
      await api.register(identityRoutes, { config, db, notifier });
      await api.register(leadsRoutes, { config, db, notifier, files });
      await api.register(accountRoutes, { config, db, notifier });
      await api.register(keysRoutes, { config, db, notifier });
      await api.register(qualificationRoutes, { db, files });
      await api.register(billingRoutes, { db, config });
      await api.register(ledgerRoutes, { db });
      await api.register(paymentsRoutes, { db, config });
      await api.register(invoicesRoutes, { db, files });
      await api.register(purchasesRoutes, { db, config });
      await api.register(whitelistRoutes, { db });
      await api.register(favoritesRoutes, { db });
      await api.register(docsRoutes, { db, config });
      await api.register(payTestRoutes, { db });
      await api.register(subAccountConsumeRoutes, { db });
      await api.register(subAccountRoutes, { db, config, notifier });
      await api.register(productRoutes, { db });
      await api.register(entitlementsRoutes, { db });
      await api.register(trialRoutes, { db });
      await api.register(alertsRoutes, { db, notifier, engine: alertEngine });
      await api.register(usageRoutes, { db });
      await api.register(consoleRoutes, { config, db, notifier, files });
      await api.register(suppliersRoutes, { config, db, router: suppliers });
      if (batchRunner) await api.register(onlineRoutes, { db, gateway, runner: batchRunner });
      await api.register(queryRoutes, { db, config, gateway });
      await api.register(receiptsRoutes, { db, config });
      await api.register(transportRoutes, { db, config, gateway, notifier });
      await api.register(packageNamesRoutes, { db, config, gateway, notifier });
      await api.register(monitorRoutes, { db, config, gateway, notifier });
      await api.register(judicialRoutes, { db, config, gateway, notifier });
      await api.register(insuranceRoutes, { db, config, gateway, notifier });
      await api.register(capacityRoutes, { db, config, gateway, notifier });
      if (config.devTools) await api.register(devRoutes, { db, config, notifier });
    },
    { prefix: '/apiHome' },
  );

  // The open data API, at the root: POST /{domain}/{sub}/{interfaceId}.
  if (config.role === 'portal') return { app, notifier, batchRunner, files, gateway };
  await app.register(gatewayRoutes, { deps: gateway });

  return { app, notifier, batchRunner, files, gateway };
}
