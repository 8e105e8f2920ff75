// Issue #16 §5: the portal with two API processes on one database, as the README's production
// set-up runs it behind a load balancer. A and B share the database (the same in-memory PGlite,
// or two pools on one PostgreSQL under `npm run test:postgres`) and nothing else: each has its own
// DATA_DIR, and B is built from a fresh copy of every server module, so whatever one process keeps
// in memory (spent nonces, caches) the other does not see — as with two real processes.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { hmacSign, signingString } from '../modules/gateway/signed';
import { creditCode, newAccount, qualifiedAccount } from './account';
import { buyCheapest } from './billing';
import { consolePost, newOperator } from './console';
import { gatewayPost } from './gateway';
import { buildTestApp, type TestApp } from './harness';
import { captcha, get, post, postMultipart, smsCount } from './identity';

let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  a = await buildTestApp();
  vi.resetModules();
  const secondProcess: typeof import('./harness') = await import('./harness');
  b = await secondProcess.buildTestApp({ sharedWith: a });
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

it('the two apps are two processes: separate DATA_DIRs and separate module state', async () => {
  expect(b.config.dataDir).not.toBe(a.config.dataDir);
  const again: typeof import('../modules/gateway/signed') = await import('../modules/gateway/signed');
  expect(again.signingString).not.toBe(signingString);
});

describe('uploads', () => {
  const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(512, 5)]);

  it('a licence uploaded through A is shown through B, to its owner and to the console reviewer', async () => {
    const owner = await newAccount(a, '10.120.0.1');
    const submitted = await postMultipart(
      a,
      'myAccount/companyQualification',
      { companyName: '杭州双进程示例数据有限公司', creditCode: creditCode(), legalPerson: '孙八' },
      { name: '营业执照.png', content: PNG, type: 'image/png' },
      { cookies: owner.cookies },
    );
    expect(submitted.json()).toMatchObject({ code: 200, msg: '提交成功，请等待平台审核' });

    // The owner's user center, served by B.
    const view = (await post(b, 'myAccount/getCompanyQualification', {}, { cookies: owner.cookies })).json().data;
    expect(view).toMatchObject({ status: 'pending', statusLabel: '审核中', companyName: '杭州双进程示例数据有限公司' });
    const mine = await b.app.inject({ method: 'GET', url: view.licenceUrl, cookies: owner.cookies });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('image/png');
    expect(mine.rawPayload).toEqual(PNG);

    // The reviewer signs in through A; the queue, the detail and the image come from B.
    const reviewer = await newOperator(a, 'reviewer');
    const queue = (await consolePost(b, 'qualifications/list', reviewer, { keyword: owner.uName })).json();
    const id: number = queue.rows[0]?.id;
    const detail = (await consolePost(b, 'qualifications/detail', reviewer, { id: String(id) })).json().data;
    expect(detail.licenceUrl).toBe(`/apiHome/console/qualifications/licence/${id}`);
    const theirs = await b.app.inject({ method: 'GET', url: detail.licenceUrl, cookies: reviewer.cookies });
    expect(theirs.statusCode).toBe(200);
    expect(theirs.rawPayload).toEqual(PNG);
  });
});

describe('captchas, SMS limits and sessions', () => {
  it('a captcha issued by A is checked by B, and spent for both', async () => {
    const c = await captcha(a, '10.120.1.1');
    const wrong = await get(b, 'api/sms/send', { phone: '13712340001', captcha: c.text === 'abcd' ? 'abce' : 'abcd', uuid: c.uuid }, { ip: '10.120.1.1' });
    expect(wrong.json().msg).toBe('图片验证码错误，请重新输入');
    const c2 = await captcha(a, '10.120.1.1');
    const sent = await get(b, 'api/sms/send', { phone: '13712340001', captcha: c2.text, uuid: c2.uuid }, { ip: '10.120.1.1' });
    expect(sent.json().code).toBe(200);
    // Spent on B, so A refuses it too.
    const again = await get(a, 'api/sms/send', { phone: '13712340002', captcha: c2.text, uuid: c2.uuid }, { ip: '10.120.1.1' });
    expect(again.json().msg).toBe('图片验证码已失效，请点击图片刷新');
  });

  it('an SMS code sent through A counts toward the limit on B', async () => {
    const phone = '13712340011';
    const first = await captcha(a, '10.120.2.1');
    expect((await get(a, 'api/sms/send', { phone, captcha: first.text, uuid: first.uuid }, { ip: '10.120.2.1' })).json().code).toBe(200);
    const second = await captcha(b, '10.120.2.2');
    const refused = await get(b, 'api/sms/send', { phone, captcha: second.text, uuid: second.uuid }, { ip: '10.120.2.2' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().msg).toBe('验证码发送过于频繁，请60秒后再试');
    expect(await smsCount(b, phone)).toBe(1);
  });

  it('a session from A is valid on B, and logging out on A ends it on B', async () => {
    const member = await newAccount(a, '10.120.3.1');
    const state = await post(b, 'memberShip/isLoginState', {}, { cookies: member.cookies });
    expect(state.statusCode).toBe(200);
    expect(state.json().data).toMatchObject({ loginName: member.uName });

    expect((await post(a, 'memberShip/outLogin', {}, { cookies: member.cookies })).json()).toMatchObject({ code: 200, msg: '退出成功' });
    const after = await post(b, 'memberShip/isLoginState', {}, { cookies: member.cookies });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ code: 'ALL_0024', msg: '登录已过期，请重新登录' });
  });
});

describe('signed-mode nonces', () => {
  // Spent nonces are kept in the database for the whole timestamp window (issue #16 §3); when
  // each process remembered only its own, B answered the replay and charged it again.
  it('a signed call answered by A is refused as a replay by B', async () => {
    const customer = await qualifiedAccount(a, '10.120.4.1');
    const key = await buyCheapest(a, customer, 1882);
    const appKey: string = (await post(a, 'myAccount/myAppKey', {}, { cookies: customer.cookies })).json().data.appKey;
    const secret: string = (await post(a, 'myAccount/docSecretKey', { action: 'create', password: customer.password }, { cookies: customer.cookies })).json()
      .data.secret;
    expect((await post(a, 'myAccount/encryptSign', { signMode: 'hmac-sha256', password: customer.password }, { cookies: customer.cookies })).json().code).toBe(
      200,
    );

    const nonce = `two${createHash('sha1').update(String(Date.now())).digest('hex').slice(0, 20)}`;
    const fields = { key, appKey, timestamp: String(Date.now()), nonce, name: '张三', idcard: '110101199003074514' };
    const call = { ...fields, sign: hmacSign(signingString(fields), secret) };
    const send = (t: TestApp) => gatewayPost(t, '/communication/personal/1882', call);
    expect((await send(a)).json().code).toBe('10000');
    expect((await send(b)).json()).toMatchObject({ code: 'SYSTEM_040', message: '请求重复（nonce 已使用）', data: null });
  });
});
