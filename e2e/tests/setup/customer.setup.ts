// The setup project: registers ONE customer through the portal API (captcha and SMS code from
// the dev tools), authenticates its company (approved by the operator command) and saves the
// signed-in browser state for the specs that only need "a customer" (setup/state.ts).
import { expect, test as setup } from '@playwright/test';
import { usccCheckChar } from '@apimarket/contracts';
import { LICENCE_PNG, operator, smsCode, unique } from '../helpers';
import { CUSTOMER } from './state';
import { call } from './wire';

setup.use({ extraHTTPHeaders: CUSTOMER.headers });

setup('a signed-in customer with an authenticated company', async ({ request }) => {
  const who = unique();
  // The login-flavour captcha: its key is the imageCodeKey cookie the image answer sets.
  // Polled: the first call may meet a stack still starting.
  const captcha = async () => (await request.get('/apiHome/memberShip/code').catch(() => null))?.status();
  await expect.poll(captcha, { timeout: 60_000 }).toBe(200);
  const key = (await request.storageState()).cookies.find((c) => c.name === 'imageCodeKey')?.value ?? '';
  const imgCode = (await (await request.get(`/apiHome/dev/captcha?key=${key}`)).json()).data.text as string;
  await call(request, 'memberShip/sendSms', { encrypt: true, data: { phone: who.phone, code: imgCode } });
  const code = await smsCode(request, who.phone);
  await call(request, 'memberShip/register', {
    encrypt: true,
    data: { contacter: '测试联系人', uName: who.name, password: CUSTOMER.password, checkPass: CUSTOMER.password, mobile: who.phone, code, imgCode },
  });

  const credit = `91310115MA${String(Date.now()).slice(-7)}`;
  await call(request, 'myAccount/companyQualification', {
    as: 'multipart',
    data: { companyName: '上海版式测试科技有限公司', creditCode: credit + usccCheckChar(credit), legalPerson: '周宽' },
    files: { file: new File([LICENCE_PNG], 'licence.png', { type: 'image/png' }) },
  });
  operator('qualification', 'approve', who.name);
  await request.storageState({ path: CUSTOMER.state });
});
