import { existsSync } from 'node:fs';
import path from 'node:path';
import { isValidUscc } from '@apimarket/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand } from '../../cli/commands';
import { members, messages, qualifications } from '../../db/schema';
import { creditCode, newAccount, type TestAccount } from '../../test/account';
import { buildTestApp, type TestApp, type UploadFile } from '../../test/harness';
import { get, post, postMultipart } from '../../test/identity';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(256, 7)]);
const png = (name = '营业执照.png'): UploadFile => ({ name, content: PNG, type: 'image/png' });

const submit = (a: TestAccount | null, fields: Record<string, string>, file?: UploadFile) =>
  postMultipart(t, 'myAccount/companyQualification', fields, file, { cookies: a?.cookies });

const company = () => ({ companyName: '杭州示例数据服务有限公司', creditCode: creditCode(), legalPerson: '李四' });
const current = (a: TestAccount) => post(t, 'myAccount/getCompanyQualification', {}, { cookies: a.cookies });
const inbox = (a: TestAccount) => t.database.db.select().from(messages).where(eq(messages.memberId, a.memberId)).orderBy(messages.id);
const approveCmd = (a: TestAccount) => runCommand({ db: t.database.db }, ['qualification', 'approve', a.uName]);

describe('unified social credit code', () => {
  it('accepts a code whose check character matches and refuses a changed one', () => {
    expect(isValidUscc('91350100M000100Y43')).toBe(true);
    expect(isValidUscc('91350100M000100Y44')).toBe(false);
    expect(isValidUscc(creditCode())).toBe(true);
  });
});

describe('enterprise authentication', () => {
  it('starts at none, and anonymous callers are told to log in', async () => {
    const a = await newAccount(t, '10.40.0.1');
    expect((await current(a)).json().data).toMatchObject({ status: 'none', statusLabel: '未认证', editable: true });
    expect((await post(t, 'dataApi/checkCompanyQualification', {}, { cookies: a.cookies })).json().data).toBe(false);
    const anon = await post(t, 'myAccount/getCompanyQualification', {});
    expect(anon.statusCode).toBe(401);
    expect(anon.json()).toEqual({ code: 'ALL_0024', msg: '登录已过期，请重新登录' });
    expect((await submit(null, company(), png())).json().code).toBe('ALL_0024');
  });

  it('checks every field with its message and keeps nothing on a refusal', async () => {
    const a = await newAccount(t, '10.40.0.2');
    const msg = async (fields: Record<string, string>, file?: UploadFile) => (await submit(a, fields, file)).json().msg;
    expect(await msg({ ...company(), companyName: '' }, png())).toBe('请输入公司名称');
    expect(await msg({ ...company(), creditCode: '' }, png())).toBe('请输入统一社会信用代码');
    expect(await msg({ ...company(), creditCode: '1234' }, png())).toBe('统一社会信用代码应为18位数字或大写字母');
    expect(await msg({ ...company(), creditCode: '91350100M000100Y44' }, png())).toBe('统一社会信用代码校验不通过，请核对后重新输入');
    expect(await msg({ ...company(), legalPerson: ' ' }, png())).toBe('请输入法定代表人姓名');
    expect(await msg(company())).toBe('请上传营业执照');
    expect(await msg(company(), { name: 'licence.pdf', content: Buffer.from('%PDF-1.7'), type: 'application/pdf' })).toBe('营业执照仅支持 JPG、PNG 格式的图片');
    // Named like an image, but not one.
    expect(await msg(company(), { name: 'licence.png', content: Buffer.from('MZ\x90\x00 not an image'), type: 'image/png' })).toBe(
      '营业执照仅支持 JPG、PNG 格式的图片',
    );
    const big = await submit(a, company(), {
      name: 'big.jpg',
      content: Buffer.concat([Buffer.from('ffd8ffe0', 'hex'), Buffer.alloc(5 * 1024 * 1024)]),
      type: 'image/jpeg',
    });
    expect(big.json()).toEqual({ code: 'ALL_0006', msg: '营业执照图片不能超过5MB' });
    expect((await current(a)).json().data.status).toBe('none');
  });

  it('submits, shows 审核中, refuses a second submission, and the command approves it once', async () => {
    const a = await newAccount(t, '10.40.0.3');
    const fields = company();
    const res = await submit(a, { ...fields, creditCode: fields.creditCode.toLowerCase() }, png());
    expect(res.json()).toMatchObject({ code: 200, msg: '提交成功，请等待平台审核' });
    const view = (await current(a)).json().data;
    expect(view).toMatchObject({
      status: 'pending',
      statusLabel: '审核中',
      companyName: fields.companyName,
      creditCode: fields.creditCode,
      legalPerson: '李四',
    });
    const [row] = await t.database.db.select().from(qualifications).where(eq(qualifications.memberId, a.memberId));
    // In the file store every API process reads, nothing under this process's DATA_DIR.
    expect((await t.files.get(row?.licencePath ?? ''))?.bytes.equals(PNG)).toBe(true);
    expect(existsSync(path.join(t.config.dataDir, 'uploads'))).toBe(false);

    // The licence image reaches its owner only.
    const img = await t.app.inject({ method: 'GET', url: view.licenceUrl, cookies: a.cookies });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.rawPayload.equals(PNG)).toBe(true);
    const other = await newAccount(t, '10.40.0.4');
    expect((await t.app.inject({ method: 'GET', url: view.licenceUrl, cookies: other.cookies })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: view.licenceUrl })).statusCode).toBe(401);

    expect((await submit(a, company(), png())).json()).toEqual({ code: 'ALL_0013', msg: '企业认证正在审核中，请勿重复提交' });
    // Another account cannot claim the company under review.
    expect((await submit(other, fields, png())).json().msg).toBe('该企业已由其他账号认证或正在审核中');

    expect(await approveCmd(a)).toBe(`${a.uName}（${fields.companyName}）的企业认证已通过，已通知客户`);
    expect(await approveCmd(a)).toBe(`${a.uName} 的企业认证此前已通过，未重复处理`);
    expect((await current(a)).json().data).toMatchObject({ status: 'approved', statusLabel: '已认证' });
    expect((await post(t, 'dataApi/checkCompanyQualification', {}, { cookies: a.cookies })).json().data).toBe(true);
    expect((await inbox(a)).map((m) => m.title)).toEqual(['企业认证已提交', '企业认证已通过']);
    expect((await submit(a, company(), png())).json().msg).toBe('企业已通过认证，如需变更请先撤销认证');
  });

  it('a rejection carries its reason to the customer, who can submit again', async () => {
    const a = await newAccount(t, '10.40.0.5');
    await submit(a, company(), png());
    await expect(runCommand({ db: t.database.db }, ['qualification', 'reject', a.uName])).rejects.toThrow('请填写驳回原因');
    await runCommand({ db: t.database.db }, ['qualification', 'reject', a.uName, '营业执照照片不清晰']);
    expect((await current(a)).json().data).toMatchObject({ status: 'rejected', statusLabel: '未通过', reason: '营业执照照片不清晰' });
    const last = (await inbox(a)).at(-1);
    expect(last?.title).toBe('企业认证未通过');
    expect(last?.body).toContain('原因：营业执照照片不清晰');
    // A rejection cannot be turned into an approval afterwards: the customer resubmits.
    await expect(approveCmd(a)).rejects.toThrow('该申请已处理，不能再次审核');
    expect((await submit(a, company(), png())).json().code).toBe(200);
    const history = (await post(t, 'myAccount/queryCompanyQualification', {}, { cookies: a.cookies })).json();
    expect(history.rows.map((r: { status: string }) => r.status)).toEqual(['pending', 'rejected']);
  });

  it('revokes a pending or approved authentication, with a message, and nothing else', async () => {
    const a = await newAccount(t, '10.40.0.6');
    expect((await post(t, 'myAccount/revoke', {}, { cookies: a.cookies })).json()).toEqual({ code: 'ALL_0013', msg: '当前状态不能撤销' });
    await submit(a, company(), png());
    await approveCmd(a);
    const res = await post(t, 'myAccount/revoke', {}, { cookies: a.cookies });
    expect(res.json()).toMatchObject({ code: 200, msg: '企业认证已撤销', data: { status: 'revoked', statusLabel: '已撤销' } });
    expect((await post(t, 'dataApi/checkCompanyQualification', {}, { cookies: a.cookies })).json().data).toBe(false);
    expect((await inbox(a)).at(-1)?.title).toBe('企业认证已撤销');
  });

  it('keeps the business contact, with the phone rule', async () => {
    const a = await newAccount(t, '10.40.0.7');
    const before = (await post(t, 'myAccount/queryContacts', {}, { cookies: a.cookies })).json().data;
    expect(before).toMatchObject({ contacter: '测试联系人', contactMobile: a.mobile });
    expect((await post(t, 'memberShip/postRepresent', { contacter: '王五', contactMobile: '123' }, { cookies: a.cookies })).json().msg).toBe(
      '请输入正确的手机号',
    );
    const saved = await post(
      t,
      'memberShip/postRepresent',
      { contacter: '王五', contactMobile: '13700001111', email: 'ww@example.cn', position: '技术总监' },
      { cookies: a.cookies },
    );
    expect(saved.json()).toEqual({ code: 200, msg: '联系人信息已保存', data: null });
    expect((await post(t, 'myAccount/queryContacts', {}, { cookies: a.cookies })).json().data).toEqual({
      contacter: '王五',
      contactMobile: '13700001111',
      email: 'ww@example.cn',
      position: '技术总监',
    });
  });

  it('a sub-account reads its parent company read-only, only when allowed, and cannot submit or revoke', async () => {
    const parent = await newAccount(t, '10.40.0.8');
    await submit(parent, company(), png());
    await approveCmd(parent);
    const child = await newAccount(t, '10.40.0.9');
    await t.database.db.update(members).set({ parentId: parent.memberId }).where(eq(members.id, child.memberId));
    const hidden = await current(child);
    expect(hidden.statusCode).toBe(403);
    expect(hidden.json()).toEqual({ code: 'ALL_0010', msg: '主账号未向子账号开放企业信息' });
    expect((await post(t, 'myAccount/queryContacts', {}, { cookies: child.cookies })).json().code).toBe('ALL_0010');
    await t.database.db.update(members).set({ companyInfoVisible: true }).where(eq(members.id, child.memberId));
    const view = (await current(child)).json().data;
    expect(view).toMatchObject({ status: 'approved', editable: false });
    expect((await post(t, 'dataApi/checkCompanyQualification', {}, { cookies: child.cookies })).json().data).toBe(true);
    expect((await submit(child, company(), png())).json()).toEqual({ code: 'ALL_0010', msg: '子账号的企业认证由主账号办理' });
    expect((await post(t, 'myAccount/revoke', {}, { cookies: child.cookies })).json().code).toBe('ALL_0010');
    expect((await t.app.inject({ method: 'GET', url: view.licenceUrl, cookies: child.cookies })).statusCode).toBe(200);
  });

  it('the image route needs no sign but answers nothing to a stranger', async () => {
    expect((await get(t, 'myAccount/licence/999999')).statusCode).toBe(401);
  });
});
