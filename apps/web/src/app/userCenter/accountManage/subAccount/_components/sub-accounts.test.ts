import { MSG, SUB_MSG, type SubAccountRow, SubAccountSaveInput } from '@apimarket/contracts';
import { describe, expect, it } from 'vitest';
import { atLimit, billingText, countText, departmentOptions, fieldOf, initialValues, saveInput } from './sub-accounts';

const row: SubAccountRow = {
  id: 7,
  loginName: 'risk2026',
  contacter: '王敏',
  mobile: '138****8000',
  subCompanyName: '风控部',
  status: 'active',
  statusLabel: '启用',
  companyInfoVisible: true,
  billingMode: 'amount',
  billingModeLabel: '按金额额度',
  amountLeftFen: 128_050,
  spentFen: 0,
  assignments: 2,
  lastLoginAt: null,
  createdAt: '2026-11-26T03:00:00.000Z',
  invitePending: false,
};

describe('子账号管理 head', () => {
  it('counts sub-accounts against the limit and turns creation off at it', () => {
    expect(countText({ used: 3, maxSubAccounts: 20 })).toBe('已启用 3 / 上限 20');
    expect(atLimit({ used: 19, maxSubAccounts: 20 })).toBe(false);
    expect(atLimit({ used: 20, maxSubAccounts: 20 })).toBe(true);
    // An operator lowered the limit below what exists: still no new ones.
    expect(atLimit({ used: 5, maxSubAccounts: 3 })).toBe(true);
    // Not loaded yet: the button is not held back by a guess.
    expect(atLimit(undefined)).toBe(false);
  });
});

describe('billing cell', () => {
  it('shows what an amount-mode sub-account has left, and nothing more in calls mode', () => {
    expect(billingText(row)).toEqual({ mode: '按金额额度', left: '剩余额度 1,280.50 元' });
    expect(billingText({ billingMode: 'calls', billingModeLabel: '按次数分配', amountLeftFen: 0 })).toEqual({ mode: '按次数分配', left: null });
  });
});

describe('save input', () => {
  it('sends a new sub-account with its login name and password choice, accepted by the contract', () => {
    const input = saveInput(
      { loginName: ' risk2026 ', contacter: ' 王敏 ', mobile: '13800138000', subCompanyName: ' 风控部 ', companyInfoVisible: true, passwordDelivery: 'sms' },
      null,
    );
    expect(input).toEqual({
      loginName: 'risk2026',
      contacter: '王敏',
      mobile: '13800138000',
      subCompanyName: '风控部',
      companyInfoVisible: '1',
      passwordDelivery: 'sms',
    });
    const parsed = SubAccountSaveInput.parse(input);
    expect(parsed).toMatchObject({ loginName: 'risk2026', companyInfoVisible: true, passwordDelivery: 'sms' });
    expect(parsed.id).toBeUndefined();
  });

  it('sends a change with the id and without login name or password choice', () => {
    const input = saveInput({ contacter: '李雷', mobile: '13900139000', companyInfoVisible: false }, row);
    expect(input).toEqual({ id: '7', contacter: '李雷', mobile: '13900139000', subCompanyName: '', companyInfoVisible: '0' });
    const parsed = SubAccountSaveInput.parse(input);
    expect(parsed).toMatchObject({ id: 7, companyInfoVisible: false });
    expect(parsed.loginName).toBeUndefined();
  });

  it('a change may leave the phone empty (kept); a new sub-account may not', () => {
    expect(SubAccountSaveInput.parse(saveInput({ contacter: '李雷', mobile: '', companyInfoVisible: false }, row))).toMatchObject({ id: 7, mobile: '' });
    const fresh = SubAccountSaveInput.safeParse(saveInput({ loginName: 'risk2026', contacter: '李雷', mobile: '', companyInfoVisible: false }, null));
    expect(fresh.success ? null : fresh.error.issues.map((i) => i.message)).toEqual([MSG.mobileRequired]);
  });

  it('opens a change with the row but an empty phone (the list only has it masked)', () => {
    expect(initialValues(row)).toEqual({ contacter: '王敏', mobile: '', subCompanyName: '风控部', companyInfoVisible: true });
    expect(initialValues(null).passwordDelivery).toBe('show');
  });
});

describe('refusals under their field', () => {
  it('puts the server words under the field they are about', () => {
    expect(fieldOf(SUB_MSG.nameTaken)).toBe('loginName');
    expect(fieldOf(MSG.username)).toBe('loginName');
    expect(fieldOf(SUB_MSG.subCompanyName)).toBe('subCompanyName');
    expect(fieldOf(MSG.mobileInvalid)).toBe('mobile');
    expect(fieldOf(MSG.contactName)).toBe('contacter');
    expect(fieldOf(SUB_MSG.limit(20))).toBeNull();
    expect(fieldOf(SUB_MSG.mainOnly)).toBeNull();
  });
});

describe('department suggestions', () => {
  it('offers the names in use that contain what is typed, once each', () => {
    const names = ['风控部', '华东子公司', ' 风控部 ', '', '运营中心'];
    expect(departmentOptions(names, '')).toEqual([{ value: '风控部' }, { value: '华东子公司' }, { value: '运营中心' }]);
    expect(departmentOptions(names, '子公司')).toEqual([{ value: '华东子公司' }]);
    expect(departmentOptions(['North Team'], 'north')).toEqual([{ value: 'North Team' }]);
  });
});
