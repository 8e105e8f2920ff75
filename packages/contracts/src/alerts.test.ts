import { describe, expect, it } from 'vitest';
import {
  ALERT_MSG,
  AddContactInput,
  AlertStatusInput,
  BalanceAlertInput,
  ContactListInput,
  DailyAlertInput,
  ErrorRateAlertInput,
  MSG,
  RemainingAlertInput,
  SendContactCodeInput,
  alertAmount,
  firstMessage,
  maskEmail,
  maskPhone,
} from './index';

const msgOf = (r: { success: boolean; error?: unknown }) => (r.success ? null : firstMessage(r.error as never));

describe('alert rules (the dialogs and the server agree)', () => {
  it('takes a balance threshold in 元 with two decimals, on by default', () => {
    expect(BalanceAlertInput.parse({ amount: '100.5' })).toEqual({ amount: 10050, status: true });
    expect(BalanceAlertInput.parse({ amount: '0.01', status: '0' })).toEqual({ amount: 1, status: false });
    expect(msgOf(BalanceAlertInput.safeParse({ amount: '1.234' }))).toBe(ALERT_MSG.balanceAmount);
    expect(msgOf(BalanceAlertInput.safeParse({ amount: '0' }))).toBe(ALERT_MSG.balanceRange);
    expect(msgOf(BalanceAlertInput.safeParse({}))).toBe(ALERT_MSG.balanceAmount);
  });

  it('takes whole call counts from 1 to 100 000 000', () => {
    expect(RemainingAlertInput.parse({ interfaceId: '1882', threshold: '100' })).toEqual({ interfaceId: 1882, threshold: 100, status: true });
    for (const bad of ['0', '-1', '1.5', 'abc', '100000001', '']) {
      expect(msgOf(RemainingAlertInput.safeParse({ interfaceId: '1882', threshold: bad })), bad).toBe(ALERT_MSG.calls);
    }
    expect(msgOf(RemainingAlertInput.safeParse({ interfaceId: '', threshold: '5' }))).toBe(ALERT_MSG.interface);
  });

  it('calls per day may watch all interfaces (0)', () => {
    expect(DailyAlertInput.parse({ interfaceId: '0', threshold: '5000' })).toEqual({ interfaceId: 0, threshold: 5000, status: true });
    expect(DailyAlertInput.parse({ interfaceId: 1882, threshold: 1 })).toEqual({ interfaceId: 1882, threshold: 1, status: true });
  });

  it('error rate: codes, a whole percent and an offered window', () => {
    expect(ErrorRateAlertInput.parse({ interfaceId: '1882', codes: '10005, SYSTEM_042', rate: '30', windowMinutes: '10' })).toEqual({
      interfaceId: 1882,
      codes: ['10005', 'SYSTEM_042'],
      rate: 30,
      windowMinutes: 10,
      status: true,
    });
    expect(ErrorRateAlertInput.parse({ id: '7', interfaceId: 1882, codes: ['10001'], rate: 100, windowMinutes: 60, status: false })).toMatchObject({
      id: 7,
      status: false,
    });
    expect(msgOf(ErrorRateAlertInput.safeParse({ interfaceId: '1882', codes: '', rate: '30', windowMinutes: '10' }))).toBe(ALERT_MSG.codes);
    expect(msgOf(ErrorRateAlertInput.safeParse({ interfaceId: '1882', codes: 'drop table', rate: '30', windowMinutes: '10' }))).toBe(ALERT_MSG.codeUnknown);
    expect(msgOf(ErrorRateAlertInput.safeParse({ interfaceId: '1882', codes: '10005', rate: '0', windowMinutes: '10' }))).toBe(ALERT_MSG.rate);
    expect(msgOf(ErrorRateAlertInput.safeParse({ interfaceId: '1882', codes: '10005', rate: '30', windowMinutes: '15' }))).toBe(ALERT_MSG.window);
  });

  it('a status is 1/0 or true/false, never guessed', () => {
    expect(AlertStatusInput.parse({ id: '3', status: '0' })).toEqual({ id: 3, status: false });
    expect(AlertStatusInput.parse({ id: 3, status: true })).toEqual({ id: 3, status: true });
    expect(msgOf(AlertStatusInput.safeParse({ id: '3' }))).toBe(ALERT_MSG.status);
    expect(msgOf(AlertStatusInput.safeParse({ id: 'x', status: '1' }))).toBe(ALERT_MSG.ruleMissing);
  });
});

describe('alert contacts', () => {
  it('uses the spec’s phone rule and message', () => {
    expect(AddContactInput.parse({ name: ' 王五 ', phone: '13800138000' })).toEqual({ name: '王五', phone: '13800138000' });
    expect(msgOf(AddContactInput.safeParse({ name: '王五', phone: '12800138000' }))).toBe(MSG.mobileInvalid);
    expect(msgOf(AddContactInput.safeParse({ name: '王五', phone: '' }))).toBe(MSG.mobileRequired);
    expect(msgOf(AddContactInput.safeParse({ name: '', phone: '13800138000' }))).toBe(ALERT_MSG.contactName);
    expect(msgOf(AddContactInput.safeParse({ name: '王五', phone: '13800138000', email: 'a@b' }))).toBe(MSG.email);
    expect(AddContactInput.parse({ name: '王五', phone: '13800138000', email: '', smsCode: '123456' })).toEqual({
      name: '王五',
      phone: '13800138000',
      smsCode: '123456',
    });
  });

  it('honours the contact list’s pageSize 9999', () => {
    expect(ContactListInput.parse({ pageIndex: '1', pageSize: '9999' })).toEqual({ pageIndex: 1, pageSize: 9999 });
    expect(ContactListInput.parse({})).toEqual({ pageIndex: 1, pageSize: 9999 });
    expect(ContactListInput.parse({ pageIndex: '-3', pageSize: '100000' })).toEqual({ pageIndex: 1, pageSize: 9999 });
  });

  it('a code goes to a new phone or a saved contact, after the image captcha', () => {
    expect(SendContactCodeInput.parse({ phone: '13800138000', captcha: 'ab12', uuid: 'u' })).toMatchObject({ phone: '13800138000' });
    expect(SendContactCodeInput.parse({ id: '4', captcha: 'ab12' })).toMatchObject({ id: 4 });
    expect(msgOf(SendContactCodeInput.safeParse({ phone: '13800138000' }))).toBe(MSG.imageCode);
    expect(msgOf(SendContactCodeInput.safeParse({ captcha: 'ab12' }))).toBe(MSG.mobileRequired);
    expect(msgOf(SendContactCodeInput.safeParse({ phone: '1380013800', captcha: 'ab12' }))).toBe(MSG.mobileInvalid);
  });

  it('masks phones and addresses in lists; words amounts by kind', () => {
    expect(maskPhone('13800138000')).toBe('138****8000');
    expect(maskEmail('ops@example.com')).toBe('o***@example.com');
    expect(alertAmount('balance', 12345)).toBe('123.45 元');
    expect(alertAmount('balance', 999_700)).toBe('9,997.00 元');
    expect(alertAmount('calls_left', 12_000)).toBe('12,000 次');
    expect(alertAmount('error_rate', 30)).toBe('30%');
    expect(alertAmount('calls_left', 9)).toBe('9 次');
  });
});
