// npm run test:postgres: the server's integration suite against a real PostgreSQL. Uses
// TEST_DATABASE_URL when given; otherwise starts a throwaway cluster on 127.0.0.1 (installing
// Debian's postgresql when missing and running as root) and removes it afterwards.
import { run, withCluster } from './lib.mjs';

const runSuite = (url) => run('npx', ['vitest', 'run', '--project', 'server'], { env: { ...process.env, TEST_DATABASE_URL: url } });

const code = process.env.TEST_DATABASE_URL ? await runSuite(process.env.TEST_DATABASE_URL) : await withCluster(runSuite, { durable: false });
process.exit(code);
