// Usage alerts end to end: an authenticated company with a 实名认证 package adds an alert contact
// and verifies its phone (image captcha, SMS code from the dev outbox), sets a remaining-calls
// alert just under its calls left, calls the open data API from "its own system" (fetch) until
// the alert is crossed, and finds the SMS in the outbox and the message in 消息中心.
import { expect, test } from '@playwright/test';
import { authenticateCompany, buyFirstPackage, rechargeConfirmed, registerThroughPage, smsCode, unique } from './helpers';

const GATEWAY = process.env.GATEWAY_URL ?? 'http://127.0.0.1:3001';

test.use({ extraHTTPHeaders: { 'X-Forwarded-For': '10.23.0.1' } });

test('verified contact, remaining-calls alert crossed by gateway calls: SMS in the outbox, message in 消息中心', async ({ page, request }) => {
  test.setTimeout(150_000);
  const who = unique();
  await registerThroughPage(page, request, who, 'abc123');

  await authenticateCompany(page, who, { name: '深圳预警示例科技有限公司', legalPerson: '钱敏', creditPrefix: '91440300MA' });

  await rechargeConfirmed(page, '10000', '深圳预警示例科技有限公司', 'E2EA');

  await buyFirstPackage(page, 1882);
  await page.goto('/userCenter/dataManage/myAPI');
  const key = ((await page.getByTestId('purchase-key').first().textContent()) ?? '').trim();
  const left = Number(((await page.getByTestId('calls-left').first().locator('strong').textContent()) ?? '').replaceAll(',', ''));

  // An alert contact, verified by the code sent to the phone (image captcha first).
  const phone = `136${String(Date.now()).slice(-8)}`;
  const email = `ops${Date.now()}@example.com`;
  await page.goto('/userCenter/warningManage/warningNumber');
  await expect(page.getByText('还没有预警联系人')).toBeVisible();
  await page.getByTestId('contact-add').click();
  await page.getByLabel('姓名').fill('王运维');
  await page.getByLabel('手机号').fill(phone);
  await page.getByLabel('邮箱（选填）').fill(email);
  const captchaShown = page.waitForResponse((r) => r.url().includes('/captchaImage'));
  await page.getByTestId('contact-get-code').click();
  const { uuid } = await (await captchaShown).json();
  const answer = (await (await request.get(`/apiHome/dev/captcha?uuid=${uuid}`)).json()).data.text;
  await page.getByLabel('图片验证码').fill(answer);
  await page.getByRole('button', { name: '发送验证码' }).click();
  await expect(page.getByTestId('contact-get-code')).toContainText('秒后重新获取');
  await page.getByLabel('短信验证码').fill(await smsCode(request, phone));
  await page.getByRole('button', { name: '保 存' }).click();
  const row = page.getByRole('row', { name: /王运维/ });
  await expect(row).toContainText('已验证');
  await expect(row).toContainText(`${phone.slice(0, 3)}****${phone.slice(7)}`);

  // A remaining-calls alert three calls under what is left.
  await page.goto('/userCenter/warningManage/myWarning');
  await expect(page.getByText('还没有触发过预警')).toBeVisible();
  await page.getByTestId('remaining-set-1882').click();
  await page.getByLabel('剩余次数阈值').fill(String(left - 3));
  await page.getByRole('button', { name: '保 存' }).click();
  await expect(page.getByTestId('alert-remaining')).toContainText('监控中');

  // The customer's system calls until the calls left fall under it.
  for (let i = 0; i < 6; i++) {
    const res = await fetch(`${GATEWAY}/communication/personal/1882`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ key, name: '张三', idcard: '110101199003074514' }),
    });
    expect((await res.json()).code).toBe('10000');
  }

  // Evaluated off the answers' path (debounced): the SMS arrives within moments, once.
  await expect
    .poll(async () => {
      const rows: Array<{ body: string }> = (await (await request.get(`/apiHome/dev/outbox?to=${phone}`)).json()).rows;
      return rows.filter((r) => r.body.includes('剩余次数预警')).length;
    })
    .toBe(1);
  await page.reload();
  await expect(page.getByTestId('alert-remaining')).toContainText('已触发');
  await expect(page.getByTestId('alert-history')).toContainText('剩余次数预警');

  await page.goto('/userCenter/messageCt');
  await expect(page.getByText('剩余次数预警').first()).toBeVisible();
});
