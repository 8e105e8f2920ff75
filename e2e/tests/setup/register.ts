// A customer made through the portal API, as a page would make one but without the pages:
// captcha and SMS code from the dev tools, registration, the company authenticated and approved
// by the operator command. Leaves `request` signed in as the new customer.
import { usccCheckChar } from '@apimarket/contracts';
import { type APIRequestContext, expect } from '@playwright/test';
import { LICENCE_PNG, operator, smsCode, unique } from '../helpers';
import { call } from './wire';

export interface NewCustomer {
  password: string;
  companyName: string;
  legalPerson: string;
  /** The first ten characters of the company's credit code (the rest is unique per run). */
  creditPrefix: string;
}

export async function registerCustomer(request: APIRequestContext, c: NewCustomer): Promise<{ name: string; phone: string }> {
  const who = unique();
  // The login-flavour captcha: its key is the imageCodeKey cookie the image answer sets.
  // Polled: the first call may meet a stack still starting.
  const captcha = async () => (await request.get('/apiHome/memberShip/code').catch(() => null))?.status();
  await expect.poll(captcha, { timeout: 60_000 }).toBe(200);
  const key = (await request.storageState()).cookies.find((k) => k.name === 'imageCodeKey')?.value ?? '';
  const imgCode = (await (await request.get(`/apiHome/dev/captcha?key=${key}`)).json()).data.text as string;
  await call(request, 'memberShip/sendSms', { encrypt: true, data: { phone: who.phone, code: imgCode } });
  const code = await smsCode(request, who.phone);
  await call(request, 'memberShip/register', {
    encrypt: true,
    data: { contacter: '测试联系人', uName: who.name, password: c.password, checkPass: c.password, mobile: who.phone, code, imgCode },
  });
  const credit = `${c.creditPrefix}${String(Date.now()).slice(-7)}`;
  await call(request, 'myAccount/companyQualification', {
    as: 'multipart',
    data: { companyName: c.companyName, creditCode: credit + usccCheckChar(credit), legalPerson: c.legalPerson },
    files: { file: new File([LICENCE_PNG], 'licence.png', { type: 'image/png' }) },
  });
  operator('qualification', 'approve', who.name);
  return who;
}
