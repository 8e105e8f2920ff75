import { existsSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leads, outbox } from '../../db/schema';
import type { Message, Notifier } from '../../notify';
import { buildTestApp, signed, type TestApp, type UploadFile } from '../../test/harness';
import { postMultipart } from '../../test/identity';
import { notifySales } from './leads.service';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const send = (fields: Record<string, string>, file?: UploadFile) => postMultipart(t, 'api/fee/sendEmail', fields, file, { ip: '10.8.0.1', apiClient: true });

const pdf = (size = 2048) => ({ name: '需求说明.pdf', content: Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(size, 32)]), type: 'application/pdf' });
const who = {
  companyName: '示例物流科技有限公司',
  contactName: '周七',
  phone: '13822220001',
  remark: '需要货车风险评分模型的年度报价',
  interfaceId: '9963',
  consent: 'true',
};

describe('api/fee/sendEmail (multipart)', () => {
  it('stores the document with a lead and mails it to sales', async () => {
    const res = await send(who, pdf());
    expect(res.json()).toEqual({ code: 200, msg: '资料已发送，我们的顾问将尽快为您报价', data: null });
    const [lead] = await t.database.db.select().from(leads).where(sql`${leads.phone} = '13822220001'`);
    expect(lead).toMatchObject({ kind: 'document', companyName: '示例物流科技有限公司', attachmentName: '需求说明.pdf', notifyState: 'sent' });
    // In the file store (any API process can mail it), not under this process's DATA_DIR.
    const stored = await t.files.get(lead?.attachmentPath ?? '');
    expect(stored).toMatchObject({ contentType: 'application/pdf', bytes: pdf().content });
    expect(existsSync(path.join(t.config.dataDir, 'uploads'))).toBe(false);
    const [mail] = await t.database.db.select().from(outbox).where(sql`${outbox.subject} = '【新线索】资料报价 13822220001'`);
    expect(mail?.body).toContain('附件：需求说明.pdf');
  });

  it('the mail to sales carries the document itself, read back from the store', async () => {
    const doc = pdf(4096);
    await send({ ...who, phone: '13822220002' }, doc);
    const [lead] = await t.database.db.select().from(leads).where(sql`${leads.phone} = '13822220002'`);
    const mails: Message[] = [];
    const notifier: Notifier = {
      send: async (m) => {
        mails.push(m);
        return { id: mails.length, status: 'sent' };
      },
    };
    const ctx = { db: t.database.db, notifier, salesEmail: t.config.sales.email, files: t.files };
    expect(await notifySales(ctx, lead?.id ?? 0)).toBe('sent');
    expect(mails[0]?.attachments).toEqual([{ filename: '需求说明.pdf', content: doc.content, contentType: 'application/pdf' }]);
    expect(mails[0]?.body).toContain('客户资料：需求说明.pdf（见附件）');
    // A document removed since (retention) leaves the mail without it, saying so, rather than failing.
    expect(await t.files.delete(lead?.attachmentPath ?? '')).toBe(true);
    expect(await notifySales(ctx, lead?.id ?? 0)).toBe('sent');
    expect(mails[1]?.attachments).toBeUndefined();
    expect(mails[1]?.body).toContain('客户资料：需求说明.pdf（附件已不存在）');
  });

  it('checks the fields with their messages', async () => {
    expect((await send({ ...who, companyName: '' }, pdf())).json().msg).toBe('请输入公司名称');
    expect((await send({ ...who, phone: '123' }, pdf())).json().msg).toBe('请输入正确的手机号码');
    expect((await send({ ...who, email: 'not-an-email' }, pdf())).json().msg).toBe('请输入正确的邮箱地址');
    expect((await send(who)).json().msg).toBe('请上传附件');
    const { consent: _, ...noTick } = who;
    expect((await send({ ...noTick, phone: '13822220009' }, pdf())).json().msg).toBe('请阅读并勾选同意《隐私政策》');
  });

  it('refuses a 30 MB file with a clear message', async () => {
    const res = await send(who, pdf(30 * 1024 * 1024));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ code: 'ALL_0006', msg: '附件不能超过10MB' });
  });

  it('refuses executables, by name and by content', async () => {
    const exe = await send(who, { name: 'setup.exe', content: Buffer.from('MZ\x90\x00'), type: 'application/octet-stream' });
    expect(exe.json().msg).toBe('仅支持 PDF、Word、Excel、图片或 ZIP 格式的附件');
    const disguised = await send(who, { name: '报价.pdf', content: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(100)]), type: 'application/pdf' });
    expect(disguised.json().msg).toBe('仅支持 PDF、Word、Excel、图片或 ZIP 格式的附件');
  });

  it('is multipart only', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/apiHome/api/fee/sendEmail', payload: signed(t.config, who) });
    expect(res.statusCode).toBe(415);
  });
});
