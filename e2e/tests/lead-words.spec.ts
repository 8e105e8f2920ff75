// The lead dialogs speak of the page they opened on (spec 01 §2.4, §8), ask for the privacy tick
// before anything is sent (PIPL art. 14), drop a stale error once a code is on its way; the
// banner stays closed once closed and leaves no band under the footer; the footer names the
// operator. The route→words table itself is unit-tested (components/leads/lead-words.test.ts).
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { smsCode, unique } from './helpers';

test.use({ extraHTTPHeaders: { 'X-Forwarded-For': '10.31.0.1' } });
// A first visit to a page may compile it (development server): room beyond the default 30 s.
test.describe.configure({ timeout: 60_000 });

/** Fills a consultation dialog and gets its SMS code through the nested captcha dialog. */
async function fillConsult(page: Page, request: APIRequestContext, dialog: Locator, phone: string) {
  await dialog.getByPlaceholder('公司名称').fill('苏州示例精密制造有限公司');
  await dialog.getByPlaceholder('联系人姓名').fill('吴经理');
  await dialog.getByPlaceholder('联系方式（手机号）').fill(phone);
  // Sent too early: the code's own message shows in red…
  await dialog.getByRole('button', { name: '立即咨询' }).click();
  await expect(dialog.getByText('请输入短信验证码')).toBeVisible();
  await dialog.getByRole('button', { name: '获取验证码' }).click();
  const captcha = page.getByRole('dialog', { name: '请输入图片验证码' });
  // A click draws a new image, and the dialog shows only the last one asked for: its answer is
  // the one to type whatever else a (development) server was still drawing.
  await expect(captcha.getByTestId('lead-captcha')).toBeVisible();
  const drawn = page.waitForResponse((r) => r.url().includes('/apiHome/captchaImage'));
  await captcha.getByTestId('lead-captcha').click();
  const { img, uuid } = await (await drawn).json();
  await expect(captcha.getByTestId('lead-captcha')).toHaveAttribute('src', `data:image/png;base64,${img}`);
  const text = (await (await request.get(`/apiHome/dev/captcha?uuid=${uuid}`)).json()).data.text;
  await captcha.getByRole('textbox', { name: '图片验证码' }).fill(text);
  await captcha.getByRole('button', { name: '确定' }).click();
  // …and goes once the code is sent, leaving the green notice alone.
  await expect(dialog.getByText('验证码已发送，请注意查收')).toBeVisible();
  await expect(dialog.getByText('请输入短信验证码')).toHaveCount(0);
  await dialog.getByPlaceholder('短信验证码').fill(await smsCode(request, phone));
}

const ROUTES = [
  {
    path: '/aboutUs/contactUs',
    opener: '留下咨询需求',
    title: '商务咨询',
    headline: '预约 1V1 商务沟通',
    success: '咨询提交成功！客户经理将尽快与您联系',
  },
  {
    path: '/dataIntoTable',
    opener: '咨询合作',
    title: '数据资产入表咨询',
    headline: '数据资产入表产品与服务',
    success: '数据资产入表咨询合作成功！工作人员将尽快与您联系',
  },
  {
    path: '/deepSeek',
    opener: '立即咨询',
    title: '专属方案咨询',
    headline: '专属方案 1V1 咨询',
    success: 'AI大模型专属方案咨询提交成功！方案顾问将尽快与您联系',
  },
  {
    path: '/solutionPlan/digitalGov',
    opener: '预约方案沟通',
    title: '行业方案咨询',
    headline: '预约行业解决方案 1V1 沟通',
    success: '行业方案咨询提交成功！方案顾问将尽快与您联系',
  },
] as const;

for (const r of ROUTES) {
  test(`on ${r.path} the consultation reads 「${r.headline}」 and ends with its own success`, async ({ page, request }) => {
    const { phone } = unique();
    await page.goto(r.path);
    // Hydrated (the header's account corner has loaded) before the page's buttons are used.
    await expect(page.getByRole('banner').getByRole('link', { name: '登录', exact: true })).toBeVisible();
    await page.locator('main').getByRole('button', { name: r.opener }).first().click();
    const dialog = page.getByRole('dialog', { name: r.title });
    await expect(dialog.getByTestId('lead-headline')).toHaveText(r.headline);
    await expect(dialog).not.toContainText('1000+');
    await fillConsult(page, request, dialog, phone);

    // No tick, no lead: the form says why and sends nothing.
    await dialog.getByRole('button', { name: '立即咨询' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('请阅读并勾选同意《隐私政策》');
    await dialog.getByRole('checkbox', { name: /我已阅读并同意/ }).check();
    await dialog.getByRole('button', { name: '立即咨询' }).click();
    await expect(dialog.getByRole('status')).toHaveText(r.success);
  });
}

test('the privacy policy is one click from a lead form, in a new tab, and names the operator', async ({ page, context }) => {
  await page.goto('/');
  await expect(page.getByRole('banner').getByRole('link', { name: '登录', exact: true })).toBeVisible();
  await page.getByRole('banner').getByRole('button', { name: '免费试用' }).click();
  const dialog = page.getByRole('dialog', { name: '免费试用' });
  await expect(dialog.getByTestId('privacy-consent')).toContainText('仅用于客户经理与您联系');
  const opened = context.waitForEvent('page');
  await dialog.getByRole('link', { name: '《隐私政策》' }).first().click();
  const policy = await opened;
  await expect(policy).toHaveURL(/\/privacy$/);
  // The embedded default names an example operator, and says it is one.
  await expect(policy.getByText(/由示例：.+负责运营/)).toBeVisible();
  await expect(policy.getByText('平台运营方负责运营')).toHaveCount(0);
  await policy.close();
  // The form behind kept its place.
  await expect(dialog).toBeVisible();
});

test('the footer names the operator, its credit code and both records', async ({ page }) => {
  await page.goto('/news');
  const legal = page.getByTestId('footer-legal');
  await expect(legal).toContainText('运营主体：示例：');
  await expect(legal).toContainText('统一社会信用代码：');
  await expect(legal.getByRole('link', { name: /ICP备/ })).toHaveAttribute('href', 'https://beian.miit.gov.cn/');
  await expect(legal.getByRole('link', { name: /公网安备/ })).toHaveAttribute('href', /^https:\/\/beian\.mps\.gov\.cn\//);
});

test('a closed banner stays closed on the next load, and leaves no band under the footer', async ({ page }) => {
  await page.clock.install();
  await page.goto('/news');
  await page.clock.fastForward(4_000);
  const banner = page.getByTestId('trial-banner');
  await expect(banner).toBeVisible();
  await banner.getByRole('button', { name: '关闭' }).click();
  await expect(banner).toHaveCount(0);
  const gapUnderFooter = () =>
    page.evaluate(
      () => document.documentElement.scrollHeight - Math.round((document.querySelector('footer')?.getBoundingClientRect().bottom ?? 0) + window.scrollY),
    );
  expect(await gapUnderFooter()).toBe(0);

  await page.reload();
  await expect(page.getByRole('banner').getByRole('link', { name: '登录', exact: true })).toBeVisible();
  await page.clock.fastForward(10_000);
  await expect(page.getByTestId('contact-bar')).toBeVisible();
  await expect(banner).toHaveCount(0);
  expect(await gapUnderFooter()).toBe(0);
});
