// The setup project: registers ONE customer through the portal API, authenticates its company
// and saves the signed-in browser state for the specs that only need "a customer" (state.ts).
import { test as setup } from '@playwright/test';
import { registerCustomer } from './register';
import { CUSTOMER } from './state';

setup.use({ extraHTTPHeaders: CUSTOMER.headers });

setup('a signed-in customer with an authenticated company', async ({ request }) => {
  await registerCustomer(request, { password: CUSTOMER.password, companyName: '上海版式测试科技有限公司', legalPerson: '周宽', creditPrefix: '91310115MA' });
  await request.storageState({ path: CUSTOMER.state });
});
