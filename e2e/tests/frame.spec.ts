// The page frame as a visitor meets it: the server-rendered home, the 404 page and its
// countdown, the API behind the same origin, and the dev outbox on Ant Design.
import { expect, test } from '@playwright/test';

test.describe('home', () => {
  test('is server-rendered Chinese HTML with live categories and no antd on the public page', async ({ request }) => {
    const res = await request.get('/');
    expect(res.status()).toBe(200);
    const html = await res.text();
    expect(html).toContain('<html lang="zh-CN"');
    expect(html).toContain('<title>数据API市场 - 一站式企业数据 API 服务平台</title>');
    expect(html).toContain('一站式企业数据 API 服务平台');
    // The category list comes from the API server and is in the HTML itself (crawlers run no JS).
    expect(html).toContain('身份核验');
    expect(html).toContain('政务数据');
    expect(html).toContain('--color-primary:#1d5cff');
    expect(html).not.toContain('ant-btn');
  });

  test('shows the frame: header, claims, categories, footer with the eight offices', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('一站式企业数据 API 服务平台');
    await expect(page.getByText('99.5%+')).toBeVisible();
    // The eleven categories and a closing tile to need matching (the grid's rows stay full).
    await expect(page.locator('#categories li')).toHaveCount(12);
    await expect(page.locator('#categories li').last()).toContainText('按需求匹配接口');
    const footer = page.locator('footer');
    for (const city of ['上海', '北京', '贵阳', '成都', '南宁', '杭州', '盐城', '长沙']) {
      await expect(footer.getByText(city, { exact: true })).toBeVisible();
    }
    await expect(footer.getByRole('link', { name: '400-0999-656', exact: true })).toBeVisible();
  });
});

test.describe('unknown route', () => {
  test('answers 404 with the message, counts down 3 s, then goes home', async ({ page }) => {
    const res = await page.goto('/no-such-page-here');
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: '很抱歉，您访问的页面找不到了' })).toBeVisible();
    await expect(page.getByTestId('countdown')).toContainText('秒后自动返回首页');
    await page.waitForURL((url) => url.pathname === '/', { timeout: 8_000 });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('一站式企业数据 API 服务平台');
  });
});

test.describe('portal API through the web origin', () => {
  test('health answers through /apiHome and an unknown call gets the envelope', async ({ request }) => {
    const health = await request.get('/apiHome/health');
    expect(health.status()).toBe(200);
    expect(await health.json()).toMatchObject({ code: 200, data: { status: 'ok' } });
    expect(health.headers()['x-request-id']).toBeTruthy();
    const unknown = await request.get('/apiHome/no/such');
    expect(unknown.status()).toBe(404);
    expect(await unknown.json()).toEqual({ code: 'ALL_0008', msg: '请求的接口不存在' });
  });
});

test.describe('dev outbox', () => {
  test('renders on Ant Design with server-side styles and a designed empty state', async ({ page, request }) => {
    const html = await (await request.get('/dev/outbox')).text();
    expect(html).toMatch(/<style[^>]*>[^<]*\.ant-table/);
    await page.goto('/dev/outbox?to=13800138000');
    await expect(page.getByRole('heading', { name: '发件箱' })).toBeVisible();
    await expect(page.getByText('没有发给 13800138000 的消息')).toBeVisible();
  });

  test('the refresh goes through the signed request client', async ({ page }) => {
    // A recipient no journey writes to, so the answer is empty whatever ran before.
    await page.goto('/dev/outbox?to=13000000009');
    const call = page.waitForResponse((r) => r.url().includes('/apiHome/dev/outbox'));
    // antd spaces two-character Chinese button labels (刷 新).
    await page.getByRole('button', { name: /刷\s*新/ }).click();
    const res = await call;
    expect(res.status()).toBe(200);
    const url = new URL(res.url());
    expect(url.searchParams.get('sign')).toMatch(/^[0-9a-f]{32}$/);
    expect(url.searchParams.get('cdpDate')).toMatch(/^\d{13}$/);
    await expect(page.getByText('没有发给 13000000009 的消息')).toBeVisible();
  });
});
