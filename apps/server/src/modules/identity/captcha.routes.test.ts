import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/harness';
import { captcha, cookieOf, get, post } from '../../test/identity';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const PNG_MAGIC = '89504e47';

describe('GET memberShip/code', () => {
  it('answers a PNG, unsigned (an <img> source), with its key in the imageCodeKey cookie', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/apiHome/memberShip/code?${Math.random()}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.rawPayload.subarray(0, 4).toString('hex')).toBe(PNG_MAGIC);
    const key = cookieOf(res, 'imageCodeKey');
    expect(key?.value).toMatch(/^[0-9a-f-]{36}$/);
    const answer = await t.app.inject({ method: 'GET', url: `/apiHome/dev/captcha?key=${key?.value}` });
    expect(answer.json().data.text).toMatch(/^[a-z0-9]{4}$/);
  });
});

describe('GET captchaImage', () => {
  it('answers img (base64 PNG) and uuid', async () => {
    const res = await get(t, 'captchaImage');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.code).toBe(200);
    expect(Buffer.from(body.img, 'base64').subarray(0, 4).toString('hex')).toBe(PNG_MAGIC);
    expect(body.uuid).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('captcha checks (through the SMS send)', () => {
  const send = (uuid: string, code: string) => post(t, 'memberShip/sendSms', { phone: '13700000001', code, imageCodeKey: uuid });

  it('a wrong answer is refused, and the captcha is then used up', async () => {
    const c = await captcha(t);
    const wrong = await send(c.uuid, 'zzzz');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ code: 'ALL_0001', msg: '图片验证码错误，请重新输入' });
    const again = await send(c.uuid, c.text);
    expect(again.json().msg).toBe('图片验证码已失效，请点击图片刷新');
  });

  it('is case-insensitive and single use', async () => {
    const c = await captcha(t);
    const first = await send(c.uuid, c.text.toUpperCase());
    expect(first.json()).toMatchObject({ code: 200, msg: '验证码已发送，请注意查收' });
    const reuse = await post(t, 'memberShip/sendSms', { phone: '13700000002', code: c.text, imageCodeKey: c.uuid });
    expect(reuse.json().msg).toBe('图片验证码已失效，请点击图片刷新');
  });

  it('expires after five minutes', async () => {
    const c = await captcha(t);
    await t.database.db.execute(sql`update captchas set expires_at = now() - interval '1 second' where id = ${c.uuid}`);
    const res = await send(c.uuid, c.text);
    expect(res.json().msg).toBe('图片验证码已失效，请点击图片刷新');
  });
});
