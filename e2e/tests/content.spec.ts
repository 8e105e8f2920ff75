// The content pages as a visitor reads them: news by type and an article's neighbours, cases
// by industry, a policy search, the knowledge base, the 404s, and the data-compliance audit form.
import { expect, type Locator, test } from '@playwright/test';

/** The number shown beside a filter tab (「公司新闻 18」 → 18). */
async function tabCount(tab: Locator): Promise<number> {
  return Number((await tab.locator('span').textContent()) ?? Number.NaN);
}

test.describe('news', () => {
  test('the menu leads to the news centre and its type tab shows only 公司新闻', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '新闻资讯' }).click();
    await page.waitForURL((u) => u.pathname === '/news');
    const tabs = page.getByRole('navigation', { name: '新闻分类' });
    await tabs.getByRole('link', { name: /公司新闻/ }).click();
    await page.waitForURL(/\/news\?type=2$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('公司新闻');
    await expect(tabs.getByRole('link', { name: /公司新闻/ })).toHaveAttribute('aria-current', 'page');

    const total = await tabCount(tabs.getByRole('link', { name: /公司新闻/ }));
    expect(total).toBeGreaterThan(10);
    await expect(page.getByRole('navigation', { name: '分页' })).toContainText(`共 ${total} 条`);
    const cards = page.getByTestId('news-list').locator('li');
    await expect(cards).toHaveCount(10);
    for (let i = 0; i < 10; i++) {
      await expect(cards.nth(i)).toContainText('公司新闻');
      await expect(cards.nth(i)).not.toContainText(/行业资讯|领导视察/);
    }
  });

  test('the filtered list is in the server-rendered HTML with its own title', async ({ request }) => {
    const html = await (await request.get('/news?type=3')).text();
    expect(html).toContain('<title>领导视察 - 新闻资讯 - 数据API市场</title>');
    expect(html).toContain('data-testid="news-list"');
    expect(html).not.toContain('>行业资讯</span><h2');
  });

  test('an article shows its body and 下一篇 opens the next one of its type', async ({ page, request }) => {
    await page.goto('/news?type=1');
    const first = page.getByTestId('news-list').locator('li').first().getByRole('link');
    const title = (await first.textContent()) ?? '';
    await first.click();
    await page.waitForURL(/\/news\/\d+$/);
    const firstUrl = page.url();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    const article = page.getByTestId('news-article');
    await expect(article).toContainText('行业资讯');
    await expect(article).toContainText('发布时间');
    expect(await article.locator('p').count()).toBeGreaterThan(3);
    await expect(page.getByRole('navigation', { name: '面包屑' })).toContainText('新闻资讯');

    // The body is in the HTML itself, not filled in by scripts.
    const firstParagraph = (await article.locator('div p').first().textContent()) ?? '';
    expect(firstParagraph.length).toBeGreaterThan(20);
    expect(await (await request.get(new URL(firstUrl).pathname)).text()).toContain(firstParagraph);

    const next = page.getByRole('link', { name: /^下一篇/ });
    const nextTitle = ((await next.locator('strong').textContent()) ?? '').trim();
    await next.click();
    await page.waitForURL((u) => /^\/news\/\d+$/.test(u.pathname) && u.href !== firstUrl);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(nextTitle);
    await expect(page.getByRole('link', { name: /^上一篇/ })).toContainText(title);
  });

  test('unknown and non-numeric ids are 404 pages', async ({ page }) => {
    for (const path of ['/news/999999', '/news/abc', '/case/abc', '/case/999999', '/policy/0', '/knowlege/1e3']) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(404);
    }
    await expect(page.getByRole('heading', { name: '很抱歉，您访问的页面找不到了' })).toBeVisible();
  });

  test('an unknown type has a designed empty state with a way back', async ({ page }) => {
    await page.goto('/news?type=9');
    await expect(page.getByRole('status')).toContainText('暂无相关内容');
    await page.getByRole('status').getByRole('link', { name: '查看全部新闻' }).click();
    await page.waitForURL((u) => u.pathname === '/news' && u.search === '');
    await expect(page.getByTestId('news-list').locator('li')).toHaveCount(10);
  });
});

test.describe('cases', () => {
  test('an industry tab shows only that industry', async ({ page }) => {
    await page.goto('/case');
    const tabs = page.getByRole('navigation', { name: '案例行业' });
    const tab = tabs.getByRole('link', { name: /保险/ });
    const total = await tabCount(tab);
    await tab.click();
    await page.waitForURL((u) => u.pathname === '/case' && u.searchParams.get('industry') === '保险');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('保险行业案例');
    const cards = page.getByTestId('case-list').locator('li');
    await expect(cards).toHaveCount(total);
    for (let i = 0; i < total; i++) await expect(cards.nth(i).locator('span').first()).toHaveText('保险');
  });

  test('a case tells challenge, solution and results, links its interfaces and recommends others', async ({ page }) => {
    await page.goto('/case?industry=%E9%87%91%E8%9E%8D%E7%A7%91%E6%8A%80');
    const first = page.getByTestId('case-list').locator('li').first().getByRole('link');
    const title = (await first.textContent()) ?? '';
    await first.click();
    await page.waitForURL(/\/case\/\d+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    const article = page.getByRole('main');
    for (const part of ['业务挑战', '解决方案', '实施成效']) await expect(article.getByRole('heading', { level: 2, name: new RegExp(part) })).toBeVisible();
    const used = page.getByRole('region', { name: '使用的接口' }).getByRole('link');
    expect(await used.count()).toBeGreaterThan(0);
    await expect(used.first()).toHaveAttribute('href', /^\/api\/\d+$/);
    const recommended = page.getByTestId('case-recommend').locator('li');
    await expect(recommended).toHaveCount(3);
    await expect(recommended.first()).toContainText('金融科技'); // its own industry first
    await used.first().click();
    await page.waitForURL(/\/api\/\d+$/);
    await expect(page.getByText('价格套餐')).toBeVisible();
  });
});

test.describe('policy readings', () => {
  test('a keyword search finds readings and one opens with issuer and 文号', async ({ page }) => {
    await page.goto('/policy');
    await page.getByRole('searchbox', { name: '搜索政策解读' }).fill('个人信息');
    await page.getByRole('searchbox', { name: '搜索政策解读' }).press('Enter');
    await page.waitForURL((u) => u.pathname === '/policy' && u.searchParams.get('keyword') === '个人信息');
    await expect(page.getByText(/找到与“个人信息”相关的内容 \d+ 条/)).toBeVisible();
    const first = page.getByTestId('policy-list').locator('li').first().getByRole('heading').getByRole('link');
    const title = (await first.textContent()) ?? '';
    await first.click();
    await page.waitForURL(/\/policy\/\d+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(page.getByTestId('policy-article')).toContainText('发布机关');
  });

  test('a search with no match says so and offers the full list', async ({ page }) => {
    await page.goto('/policy?keyword=%E6%B2%A1%E6%9C%89%E8%BF%99%E4%B8%AA%E8%AF%8D');
    await expect(page.getByRole('status')).toContainText('暂无相关内容');
    await expect(page.getByRole('status').getByRole('link', { name: '查看全部政策解读' })).toHaveAttribute('href', '/policy');
  });
});

test.describe('knowledge base', () => {
  test('an article opens from the list, with its interfaces and the most read beside it', async ({ page }) => {
    await page.goto('/knowlege');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('知识库');
    await expect(page.getByTestId('knowledge-popular').locator('li')).toHaveCount(5);
    const first = page.getByTestId('knowledge-list').locator('li').first().getByRole('link');
    const title = (await first.textContent()) ?? '';
    await first.click();
    await page.waitForURL(/\/knowlege\/\d+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    expect(await page.getByTestId('knowledge-article').locator('div p').count()).toBeGreaterThan(1);
    await expect(page.getByRole('navigation', { name: '上一篇和下一篇' })).toBeVisible();
  });

  test('a type tab and a keyword narrow the list together', async ({ page }) => {
    await page.goto('/knowlege');
    const tab = page.getByRole('navigation', { name: '知识库分类' }).getByRole('link').nth(1);
    const type = ((await tab.textContent()) ?? '').replace(/\d+$/, '');
    await tab.click();
    await page.waitForURL((u) => u.searchParams.get('type') === type);
    const cards = page.getByTestId('knowledge-list').locator('li');
    const n = await cards.count();
    for (let i = 0; i < n; i++) await expect(cards.nth(i).locator('span').first()).toHaveText(type);
    await page.getByRole('searchbox', { name: '搜索知识库' }).fill('不会出现的关键词');
    await page.getByRole('searchbox', { name: '搜索知识库' }).press('Enter');
    await page.waitForURL((u) => u.searchParams.get('type') === type && u.searchParams.get('keyword') === '不会出现的关键词');
    await expect(page.getByRole('status')).toContainText('暂无相关内容');
  });
});

test.describe('data-compliance audit', () => {
  test('explains the audit in the server HTML and lists the industries', async ({ request }) => {
    const html = await (await request.get('/audit')).text();
    expect(html).toContain('<title>数据合规审计 - 数据API市场</title>');
    for (const part of ['数据来源合法性', '授权链路', '最小必要', '留存与销毁', '跨境与共享']) expect(html).toContain(part);
    for (const industry of ['互联网', '保险', '交通物流', '金融科技', '数字政府', '其他']) expect(html).toContain(`<option value="${industry}">`);
    expect(html).not.toContain('ant-btn');
  });

  test('an empty submit shows each rule message; valid data gets the server’s answer', async ({ page }) => {
    await page.goto('/audit');
    const form = page.getByRole('form', { name: '数据合规审计申请' });
    await form.getByRole('button', { name: '提交申请' }).click();
    // Exactly the server's messages (AuditCommitInput), one under each required field, in order.
    await expect(form.getByRole('alert')).toHaveText(['请输入公司名称', '请输入联系人姓名', '请输入手机号码', '请选择所属行业']);
    await expect(form.getByLabel('公司名称')).toBeFocused();

    await form.getByLabel('公司名称').fill('某某数据科技有限公司');
    await expect(form.getByRole('alert')).toHaveText(['请输入联系人姓名', '请输入手机号码', '请选择所属行业']);
    await form.getByLabel('联系人').fill('王经理');
    await form.getByLabel('手机号码').fill('1380013800');
    await form.getByLabel('手机号码').blur();
    await expect(form.getByRole('alert').filter({ hasText: '手机' })).toHaveText('请输入正确的手机号码');
    await form.getByLabel('手机号码').fill('13800138000');
    await expect(form.getByRole('alert')).toHaveText(['请选择所属行业']);
    await form.getByLabel('所属行业').selectOption('金融科技');
    await form.getByLabel('需求描述').fill('希望评估人脸核身与银行卡核验的授权流程是否合规。');
    await form.getByRole('checkbox', { name: /我已阅读并同意/ }).check();
    await form.getByRole('button', { name: '提交申请' }).click();

    await expect(page.getByTestId('audit-success')).toContainText('提交成功，我们的数据合规顾问将在1个工作日内与您联系');
    await page.getByRole('button', { name: '再提交一份需求' }).click();
    await expect(page.getByLabel('公司名称')).toHaveValue('');
  });
});
