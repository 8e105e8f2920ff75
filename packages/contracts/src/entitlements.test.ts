import { describe, expect, it } from 'vitest';
import {
  ENTITLEMENT_MSG,
  ENTITLEMENT_STATUS,
  ENTITLEMENT_STATUS_LABEL,
  firstMessage,
  JUDICIAL_VIEW_INTERFACE_IDS,
  PDF_RECEIPT_CATEGORIES,
  PdfExportCheckInput,
  pdfRefusal,
} from './index';

describe('judicial screens and PDF receipts', () => {
  it('names the five judicial visualisation interfaces of spec 02 §7 in order', () => {
    expect(JUDICIAL_VIEW_INTERFACE_IDS).toEqual([9839, 9834, 9836, 9662, 9838]);
    for (const s of ENTITLEMENT_STATUS) expect(ENTITLEMENT_STATUS_LABEL[s]).toMatch(/\p{Script=Han}/u);
  });

  it('produces receipts for identity, bank card, phone and company verifications only', () => {
    expect(PDF_RECEIPT_CATEGORIES).toEqual({ 1: '身份核验', 4: '银行卡', 5: '手机号', 7: '企业工商' });
  });

  it('takes a positive interface id, refusing anything else with one message', () => {
    expect(PdfExportCheckInput.parse({ interfaceId: '1882' })).toEqual({ interfaceId: 1882 });
    for (const bad of [{}, { interfaceId: '' }, { interfaceId: 'abc' }, { interfaceId: '-1' }, { interfaceId: '1.5' }, { interfaceId: '99999999999' }]) {
      const res = PdfExportCheckInput.safeParse(bad);
      expect(res.success, JSON.stringify(bad)).toBe(false);
      if (!res.success) expect(firstMessage(res.error)).toBe(ENTITLEMENT_MSG.interfaceId);
    }
  });

  it('explains each refusal in a full Chinese sentence naming the interface', () => {
    expect(pdfRefusal.family('车辆信息查询', '车辆')).toBe(
      '「车辆信息查询」属于车辆类接口，不提供 PDF 核验回执；仅身份核验、银行卡、手机号与企业工商类核验接口可导出',
    );
    expect(pdfRefusal.notPurchased('身份证二要素')).toBe('您尚未购买「身份证二要素」，也没有它的调用结果，购买并调用后即可导出 PDF 核验回执');
    expect(pdfRefusal.stopped('身份证二要素')).toContain('已停用「身份证二要素」');
    expect(pdfRefusal.expired('身份证二要素')).toContain('已过期');
  });
});
