// Where the setup project leaves the shared signed-in state, and how a spec uses it:
//   test.use({ storageState: CUSTOMER.state, extraHTTPHeaders: CUSTOMER.headers })
// The account is a customer whose company is authenticated, with the default feature codes: it
// sees every built user-center screen. Specs that change the account make their own instead.
import path from 'node:path';

export const CUSTOMER = {
  state: path.resolve(import.meta.dirname, '../../../test-results/e2e-state/customer.json'),
  /** The address the account registered from (its own throttles, like any journey's). */
  headers: { 'X-Forwarded-For': '10.30.0.1' },
  password: 'fit2026ok',
} as const;
