// Every public route of spec 01 §2.1 outside the user center, the receipts and the trial pages
// (those come with buying and calling): it answers 200 with server-rendered Chinese text and its
// own <title>, logs no console error, and every internal link on it answers below 400.
import { expect, test } from '@playwright/test';

const ROUTES = [
  '/',
  '/aboutUs',
  '/aboutUs/briefIntroduction',
  '/aboutUs/contactUs',
  '/aboutUs/develop',
  '/aboutUs/FAQ',
  '/aboutUs/FAQ?type=2',
  '/aboutUs/joinUsSchool',
  '/aboutUs/joinUsSocial',
  '/aboutUs/qualification',
  '/aboutUs/team',
  '/api',
  '/api/1882',
  '/api/marry',
  '/apiDetails?id=1882',
  '/apiSearch?value=身份证',
  '/ApiSearch?value=银行卡',
  '/audit',
  '/case',
  '/case/1',
  '/news',
  '/news/1',
  '/policy',
  '/policy/1',
  '/knowlege',
  '/knowlege/1',
  '/dataIntoTable',
  '/dataIntoTable/ability',
  '/dataIntoTable/ability/cms',
  '/dataIntoTable/ability/comb',
  '/dataIntoTable/ability/consult',
  '/dataIntoTable/ability/develop',
  '/dataIntoTable/ability/operate',
  '/dataIntoTable/ability/property',
  '/dataIntoTable/ability/safetybox',
  '/dataIntoTable/ability/service',
  '/dataIntoTable/cooperation',
  '/dataIntoTable/training',
  '/deepSeek',
  '/enterpriseFleet',
  '/faceRecgnition',
  '/ie',
  '/truck',
  '/interfaceInfo/interface',
  '/login',
  '/register',
  '/privacy',
  '/protocol',
  '/solutionPlan/digitalGov',
  '/solutionPlan/digitalGov/operationPlatform',
  '/solutionPlan/financial',
  '/solutionPlan/financial/list',
  '/solutionPlan/financialAndInsurance',
  '/solutionPlan/insureIndustry',
  '/solutionPlan/insureIndustry/typeLabel',
  '/solutionPlan/insureIndustry/typeModel',
  '/solutionPlan/insureIndustry/typeVerification',
  '/solutionPlan/internetWork',
  '/solutionPlan/internetWork/authenticationer',
  '/solutionPlan/internetWork/portraiter',
  '/solutionPlan/internetWork/riskManager',
  '/solutionPlan/paradigmInternet',
  '/solutionPlan/Logistics',
  '/solutionPlan/logistics',
  '/solutionPlan/logistics1',
  '/transportation/aiScheduling',
  '/transportation/product',
  '/transportation/searcher',
];

const checked = new Map<string, number>();
const titles = new Map<string, string>();

for (const route of ROUTES) {
  test(`${route} renders its own page with working links`, async ({ page, request }) => {
    // The first page checks every header link once (about 80 interface pages of the category menu).
    test.setTimeout(60_000);
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    const res = await page.goto(route, { waitUntil: 'load' });
    expect(res?.status()).toBe(200);
    // Server-rendered Chinese copy: in the HTML as sent, before any script runs.
    const html = (await res?.text()) ?? '';
    expect(html.match(/[\u4e00-\u9fff]/g)?.length ?? 0).toBeGreaterThan(50);

    const title = await page.title();
    expect(title).not.toBe('');
    // Spelling variants of one page share its title; no two different pages do.
    const page_ = route
      .replace(/^\/apiDetails\?id=(\d+)$/, '/api/$1')
      .replace(/\?.*$/, '')
      .replace(/^\/ApiSearch$/, '/apiSearch')
      .replace(/\/solutionPlan\/(Logistics|logistics1)$/, '/solutionPlan/logistics');
    const owner = titles.get(title);
    if (owner) expect(owner, `${route} has the title of ${owner}`).toBe(page_);
    titles.set(title, page_);

    const hrefs = await page.locator('a[href^="/"]').evaluateAll((as) => [...new Set(as.map((a) => a.getAttribute('href') ?? ''))]);
    for (const href of hrefs) {
      if (href.startsWith('/apiHome') || href.startsWith('/userCenter')) continue;
      if (!checked.has(href)) checked.set(href, (await request.get(href, { maxRedirects: 5 })).status());
      expect(checked.get(href), `${route} links ${href}`).toBeLessThan(400);
    }
    expect(errors, `console errors on ${route}`).toEqual([]);
  });
}

test('the face landing: the anchor nav scrolls to each section; the quote form checks and sends', async ({ page }) => {
  await page.goto('/faceRecgnition');
  const nav = page.getByRole('navigation', { name: '页面导航' });
  for (const [label, id] of [
    ['热门问题', 'faq'],
    ['安全合规', 'security'],
    ['公司简介', 'company'],
  ] as const) {
    await nav.getByRole('link', { name: label }).click();
    await expect(page).toHaveURL(new RegExp(`#${id}$`));
    await expect(page.locator(`#${id}`)).toBeInViewport();
  }
  const form = page.getByRole('form', { name: '获取报价' });
  await form.getByLabel('联系电话').fill('12345');
  await form.getByRole('button', { name: '获取报价' }).click();
  await expect(form.getByText('请输入正确的联系电话')).toBeVisible();
  await expect(form.getByText('请输入您的姓名')).toBeVisible();
  await form.getByLabel('联系电话').fill('021-62345678');
  await form.getByLabel('您的姓名').fill('陈先生');
  await form.getByRole('checkbox', { name: /我已阅读并同意/ }).check();
  const sent = page.waitForResponse((r) => r.url().includes('/apiHome/api/leaveCustomerInfo/sendCustomerInfoEmail'));
  await form.getByRole('button', { name: '获取报价' }).click();
  expect((await (await sent).json()).msg).toBe('提交成功，我们的顾问将尽快与您联系');
  await expect(page.getByText('提交成功，我们的顾问将尽快与您联系')).toBeVisible();
});

test('an old browser is shown /ie, which explains what to do', async ({ browser }) => {
  const context = await browser.newContext({ userAgent: 'Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko' });
  const page = await context.newPage();
  await page.goto('/solutionPlan/financial');
  await expect(page).toHaveURL(/\/ie$/);
  await expect(page.getByRole('heading', { name: '您正在使用的浏览器版本过低' })).toBeVisible();
  await expect(page.getByText('极速模式').first()).toBeVisible();
  await context.close();
});

test('/aboutUs/FAQ follows ?type= and the operation manual downloads as a PDF', async ({ page, request }) => {
  await page.goto('/aboutUs/FAQ?type=3');
  await expect(page.getByRole('navigation', { name: '问题分类' }).getByRole('link', { name: '技术问题' })).toHaveAttribute('aria-current', 'page');
  const tech = await page.locator('details summary').allTextContents();
  await page.goto('/aboutUs/FAQ?type=1');
  const company = await page.locator('details summary').allTextContents();
  expect(tech.length).toBeGreaterThan(5);
  expect(company.filter((q) => tech.includes(q))).toEqual([]);
  const pdf = await request.get('/manual.pdf');
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
});
