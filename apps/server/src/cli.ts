// `npm run console -- …`: operator commands from a shell. With the server running in the same
// DATA_DIR the command goes through its console socket (the embedded database admits one
// process); otherwise this process opens the database itself.
import { CommandError, runCommand } from './cli/commands';
import { sendToRunningServer } from './cli/socket';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';

async function main(argv: string[]): Promise<number> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      return 2;
    }
    throw err;
  }
  const viaServer = await sendToRunningServer(config.dataDir, argv);
  if (viaServer) {
    (viaServer.ok ? console.log : console.error)(viaServer.output);
    return viaServer.ok ? 0 : 1;
  }
  const database = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir });
  try {
    await database.migrate();
    console.log(await runCommand({ db: database.db }, argv));
    return 0;
  } catch (err) {
    if (err instanceof CommandError) {
      console.error(err.message);
      return 1;
    }
    throw err;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
