// The setup project: registers ONE customer through the portal API, authenticates its company
// and saves the signed-in browser state for the specs that only need "a customer" (state.ts).
import { test as setup } from '@playwright/test';
import { operator } from '../helpers';
import { registerCustomer } from './register';
import { CUSTOMER } from './state';

setup.use({ extraHTTPHeaders: CUSTOMER.headers });

setup('a signed-in customer with an authenticated company', async ({ request }) => {
  const who = await registerCustomer(request, {
    password: CUSTOMER.password,
    companyName: '上海版式测试科技有限公司',
    legalPerson: '周宽',
    creditPrefix: '91310115MA',
  });
  // 车辆运力 (code 11) is opened per account by the operator: open it here so the fit sweep measures its screens.
  operator('features', who.name, '1,7,11,15');
  await request.storageState({ path: CUSTOMER.state });
});
