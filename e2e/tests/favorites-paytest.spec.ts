// Favourites and paid tests end to end: a visitor's 收藏 asks for a login and comes back; an
// authenticated company collects 实名认证 on its page, finds it in 我的收藏 and removes it; then
// applies for a paid test (the fee shown before applying), the operator approves it from the
// command line, and the test calls appear with the fee taken from the balance.
import { expect, test } from '@playwright/test';
import { authenticateCompany, operator, registerThroughPage, unique } from './helpers';

test.use({ extraHTTPHeaders: { 'X-Forwarded-For': '10.23.0.1' } });

test('logged out, 收藏 on an interface page goes to the login with the way back', async ({ page }) => {
  await page.goto('/api/1882');
  const toggle = page.getByTestId('favorite-toggle');
  await expect(toggle).toHaveText('收藏');
  // The button works once the page is interactive; click until the login opens.
  await expect(async () => {
    if (!page.url().includes('/login')) await toggle.click({ timeout: 2_000 });
    await expect(page).toHaveURL(/\/login\?redirect=%2Fapi%2F1882$/, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
});

test('collect and remove a favourite, apply for a paid test, the operator approves it', async ({ page, request }) => {
  test.setTimeout(150_000);
  const who = unique();
  await registerThroughPage(page, request, who, 'abc123');

  // Enterprise authentication, approved by the operator.
  await authenticateCompany(page, who, { name: '深圳示例测试科技有限公司', legalPerson: '周敏', creditPrefix: '91440300MA' });

  // ── Favourites ─────────────────────────────────────────────────────────────────────────────
  await page.goto('/userCenter/dataManage/myCollect');
  await expect(page.getByTestId('collect-empty')).toContainText('还没有收藏的接口');

  const checked = page.waitForResponse((r) => r.url().includes('/apiHome/MyAccount/goFavorite'));
  await page.goto('/api/1882');
  await checked;
  const toggle = page.getByTestId('favorite-toggle');
  await expect(toggle).toHaveText('收藏');
  await toggle.click();
  await expect(toggle).toHaveText('已收藏');
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  const again = page.waitForResponse((r) => r.url().includes('/apiHome/MyAccount/goFavorite'));
  await page.reload();
  await again;
  await expect(page.getByTestId('favorite-toggle')).toHaveText('已收藏');

  await page.goto('/userCenter/dataManage/myCollect');
  await expect(page.getByRole('link', { name: '实名认证' })).toHaveAttribute('href', '/api/1882');
  await expect(page.getByRole('link', { name: '购买' })).toHaveAttribute('href', '/api/1882#packages');
  await expect(page.getByRole('cell', { name: '在售' })).toBeVisible();
  await page.getByRole('button', { name: '取消收藏' }).click();
  await page.getByRole('button', { name: /移\s*出/ }).click();
  await expect(page.getByText('已取消收藏')).toBeVisible();
  await expect(page.getByTestId('collect-empty')).toBeVisible();

  // ── Paid test ──────────────────────────────────────────────────────────────────────────────
  // 100 元 by bank transfer, confirmed by the operator.
  const transferRef = `E2EPT${Date.now()}`;
  await page.goto('/userCenter/paymentManage/myOrder?tab=recharge');
  await page.getByLabel('转账金额（元）').fill('100');
  await page.getByLabel('银行转账流水号').fill(transferRef);
  await page.getByLabel('付款账户名称').fill('深圳示例测试科技有限公司');
  await page.getByRole('button', { name: '提交充值申请' }).click();
  await expect(page.getByRole('cell', { name: transferRef })).toBeVisible();
  const rechargeId =
    operator('recharge', 'list')
      .split('\n')
      .find((l) => l.includes(transferRef))
      ?.split('\t')[0] ?? '';
  expect(operator('recharge', 'confirm', rechargeId)).toContain('已确认到账');

  await page.goto('/userCenter/payTest');
  await expect(page.getByTestId('paytest-empty')).toContainText('还没有付费测试');
  await page.getByRole('button', { name: '申请测试' }).first().click();
  const dialog = page.getByRole('dialog', { name: '申请付费测试' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('测试接口').fill('实名认证');
  await page.locator('.ant-select-item-option[title="实名认证"]').click();
  await dialog.getByLabel('测试次数').fill('100');
  // 实名认证's cheapest package is 0.20 元 a call: 100 calls cost 20.00 元, shown before applying.
  await expect(dialog.getByTestId('paytest-fee')).toContainText('测试费用 ¥20.00');
  await expect(dialog.getByTestId('paytest-fee')).toContainText('当前余额 ¥100.00');
  await dialog.getByLabel('测试用途').fill('评估实名认证在开户流程中的通过率');
  await dialog.getByLabel('联系人').fill('周敏');
  await dialog.getByLabel('联系电话').fill('12345678901');
  await dialog.getByRole('button', { name: '提交申请' }).click();
  await expect(dialog.getByText('请输入正确的手机号')).toBeVisible();
  await dialog.getByLabel('联系电话').fill(who.phone);
  const applied = page.waitForResponse((r) => r.url().includes('/apiHome/payTest/apply'));
  await dialog.getByRole('button', { name: '提交申请' }).click();
  expect((await (await applied).json()).msg).toBe('申请已提交，平台审核通过后将从账户余额扣除测试费用并开通测试次数');
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('paytest-status')).toHaveText('审核中');

  // One open application per interface.
  await page.getByRole('button', { name: '申请测试' }).first().click();
  await dialog.getByLabel('测试接口').fill('实名认证');
  await page.locator('.ant-select-item-option[title="实名认证"]').click();
  await dialog.getByLabel('测试用途').fill('再次申请同一接口');
  await dialog.getByLabel('联系人').fill('周敏');
  await dialog.getByLabel('联系电话').fill(who.phone);
  await dialog.getByRole('button', { name: '提交申请' }).click();
  await expect(dialog.getByText('该接口已有审核中或进行中的付费测试，请勿重复申请')).toBeVisible();
  await dialog.getByRole('button', { name: /取\s*消/ }).click();

  // The operator approves: the fee leaves the balance, the test calls join the purchase.
  const line = operator('paytest', 'list')
    .split('\n')
    .find((l) => l.includes(who.name));
  const id = line?.split('\t')[0] ?? '';
  expect(line).toContain('20.00 元');
  expect(operator('paytest', 'approve', id)).toContain(`付费测试 ${id} 已通过：扣除 20.00 元，开通 100 次测试调用`);

  await page.reload();
  await expect(page.getByTestId('paytest-status')).toHaveText('已通过');
  await expect(page.getByTestId('paytest-left')).toHaveText('100');

  await page.goto('/userCenter/dataManage/myAPI');
  await expect(page.getByRole('link', { name: '实名认证' })).toBeVisible();
  await expect(page.getByTestId('calls-left').first().locator('strong')).toHaveText('100');
  await page.goto('/userCenter/paymentManage/myOrder?tab=recharge');
  await expect(page.getByTestId('balance')).toContainText('80.00');
});
