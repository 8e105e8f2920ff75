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
  // The menu codes an operator opens per account (车辆运力, 车险分析, 司法平台, 企业运力, 包名管理…):
  // open them all here so the fit sweep measures every screen.
  operator('features', who.name, '1,6,7,10,11,12,13,15');
  await request.storageState({ path: CUSTOMER.state });
});
