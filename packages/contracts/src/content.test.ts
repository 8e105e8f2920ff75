import { describe, expect, it } from 'vitest';
import { AUDIT_INDUSTRIES, AuditCommitInput, checkField, firstMessage, INDUSTRIES, NEWS_TYPES, newsTypeName } from './index';

const VALID = { companyName: '某某科技有限公司', contactName: '李女士', phone: '13912345678', industry: '保险', content: '需要评估授权流程' };

/** The message the form shows for the input, or null when it passes. */
function messageOf(input: Record<string, unknown>): string | null {
  const result = AuditCommitInput.safeParse(input);
  return result.success ? null : firstMessage(result.error);
}

describe('AuditCommitInput', () => {
  it('accepts a complete request and trims it', () => {
    expect(AuditCommitInput.parse({ ...VALID, companyName: ' 某某科技有限公司 ', industry: ' 保险 ' })).toEqual(VALID);
    expect(messageOf({ ...VALID, content: undefined })).toBeNull();
    expect(messageOf({ ...VALID, content: '' })).toBeNull();
    expect(messageOf({ ...VALID, content: '字'.repeat(500) })).toBeNull();
  });

  it.each([
    [{ companyName: undefined }, '请输入公司名称'],
    [{ companyName: '' }, '请输入公司名称'],
    [{ companyName: '  ' }, '请输入公司名称'],
    [{ companyName: 'a'.repeat(101) }, '长度不能超过100个字符'],
    [{ contactName: undefined }, '请输入联系人姓名'],
    [{ contactName: '' }, '请输入联系人姓名'],
    [{ contactName: 'a'.repeat(33) }, '长度不能超过32个字符'],
    [{ phone: undefined }, '请输入手机号码'],
    [{ phone: '' }, '请输入手机号码'],
    [{ phone: '23800138000' }, '请输入正确的手机号码'],
    [{ phone: '138001380001' }, '请输入正确的手机号码'],
    [{ industry: undefined }, '请选择所属行业'],
    [{ industry: '' }, '请选择所属行业'],
    [{ industry: '餐饮' }, '请选择所属行业'],
    [{ industry: 3 }, '请选择所属行业'],
    [{ content: '字'.repeat(501) }, '需求描述不能超过500个字'],
  ])('%o → %s', (change, msg) => {
    expect(messageOf({ ...VALID, ...change })).toBe(msg);
  });

  it('reports the first field in form order', () => {
    expect(messageOf({})).toBe('请输入公司名称');
    expect(messageOf({ companyName: '公司' })).toBe('请输入联系人姓名');
    expect(messageOf({ companyName: '公司', contactName: '张三' })).toBe('请输入手机号码');
    expect(messageOf({ companyName: '公司', contactName: '张三', phone: '13800138000' })).toBe('请选择所属行业');
  });

  it('offers every solution industry and 其他', () => {
    expect(AUDIT_INDUSTRIES).toEqual([...INDUSTRIES, '其他']);
    for (const industry of AUDIT_INDUSTRIES) expect(checkField(AuditCommitInput.shape.industry, industry)).toBeNull();
  });
});

describe('news types', () => {
  it('names the three types of /news', () => {
    expect(NEWS_TYPES.map((t) => [t.type, t.typeName])).toEqual([
      [1, '行业资讯'],
      [2, '公司新闻'],
      [3, '领导视察'],
    ]);
    expect(newsTypeName(2)).toBe('公司新闻');
    expect(newsTypeName(9)).toBe('');
  });
});
