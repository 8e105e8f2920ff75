// The server process: validate config, open and migrate the database, seed, listen; close
// cleanly on SIGINT/SIGTERM so PGlite flushes its files.
import { legalEntityWarning } from '@apimarket/contracts';
import { type Config, ConfigError, loadConfig } from './config';
import { buildApp } from './app';
import { startConsoleSocket } from './cli/socket';
import { openDatabase } from './db/client';
import { seed } from './db/seed';
import { createLogger } from './http/logging';
import { seedFirstAdmin } from './modules/console/operators.service';
import { startLeadJobs } from './modules/leads/leads.jobs';
import { startPurchaseJobs } from './modules/purchases/purchases.jobs';
import { startPayTestJobs } from './modules/paytest/paytest.jobs';
import { startPaymentJobs } from './modules/payments/payments.jobs';
import { startRetentionJobs } from './modules/retention/retention.jobs';
import { startFenceMonitor } from './modules/transport/transport.jobs';
import { createNotifier } from './notify';
import { startNotifyJobs } from './notify/jobs';
import { importLegacyUploads } from './storage/legacy';

async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }
  const logger = createLogger(config.logLevel, undefined, config.logFormat);
  if (config.devTools) {
    logger.warn('DEV_TOOLS=1: /apiHome/dev/* exposes sent codes; never enable it in production');
  }
  const legalWarning = config.devTools ? null : legalEntityWarning(config.legalEntity);
  if (legalWarning) logger.warn(legalWarning);

  const database = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir });
  if (config.role === 'gateway') {
    // The portal process owns the schema: a gateway never migrates or seeds (start it after one).
    logger.info({ database: database.kind, role: config.role }, 'database opened');
  } else {
    await database.migrate();
    await seed(database.db);
    logger.info({ database: database.kind, role: config.role }, 'database migrated and seeded');
    // The embedded default comes with one console admin; its password is printed this once,
    // to the terminal only (never the log). A PostgreSQL deployment creates its operators with
    // `npm run console -- create-operator`.
    const password = database.kind === 'pglite' ? await seedFirstAdmin(database.db) : null;
    if (password) {
      process.stdout.write(
        `\n  运营后台 /console 的管理员账号已创建（密码只显示这一次）\n  账号: admin  初始密码: ${password}\n  首次登录时绑定身份验证器\n\n`,
      );
    }
  }

  const { app, notifier, batchRunner, files, gateway } = await buildApp({ config, database, logger });
  // Uploads an earlier version wrote under DATA_DIR move into the file store before the first request.
  if (config.role !== 'gateway') await importLegacyUploads(database.db, files, config.dataDir, logger);
  await app.listen({ host: config.host, port: config.port });
  // Batch jobs left running by a previous start carry on now, not at the runner's first sweep.
  batchRunner?.sweep().catch((err: unknown) => logger.error({ err }, 'batch jobs could not be resumed'));
  const closeConsole = config.role === 'gateway' ? async () => {} : await startConsoleSocket(config.dataDir, { db: database.db }, logger);
  const stopJobs = config.runJobs ? startLeadJobs({ db: database.db, notifier, salesEmail: config.sales.email, files }, logger) : async () => {};
  const stopPurchaseJobs = config.runJobs ? startPurchaseJobs({ db: database.db }, logger) : async () => {};
  const stopPayTestJobs = config.runJobs ? startPayTestJobs(database.db, logger) : async () => {};
  // Online payments whose notification never came are asked about every minute (same providers as the routes).
  const stopPaymentJobs = config.runJobs ? startPaymentJobs(database.db, config.payments, logger) : async () => {};
  const stopRetention = config.runJobs ? startRetentionJobs({ db: database.db, retention: config.retention, files }, logger) : async () => {};
  // Fences with 进出提醒 on are checked every hour as their owners asked (charged calls).
  const stopFenceMonitor = config.runJobs && config.role !== 'gateway' ? startFenceMonitor({ db: database.db, gateway, notifier }, logger) : async () => {};
  // Messages a carrier refused for now (flow control, a timeout) go out again from here.
  const stopNotifyJobs = config.runJobs ? startNotifyJobs(createNotifier(config, database.db), logger) : async () => {};

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'shutting down');
    await Promise.all([stopJobs(), stopPurchaseJobs(), stopPayTestJobs(), stopPaymentJobs(), stopNotifyJobs(), stopRetention(), stopFenceMonitor()]);
    await closeConsole();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
