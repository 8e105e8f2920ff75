import { describe, expect, it } from 'vitest';
import { PDF_EXPORT } from './constants';
import { RECEIPT_MSG, ReceiptImagesInput, ReceiptInput, receiptFileBase, receiptFileName, receiptQuery } from './receipts';

describe('receipt inputs', () => {
  it('reads the spec’s query fields: type 0 a job, 1 a report; downloadMethod 1 unless 2', () => {
    expect(ReceiptInput.parse({ type: '0', id: '12' })).toEqual({ type: 0, id: 12, downloadMethod: 1 });
    expect(ReceiptInput.parse({ type: 1, id: 3, downloadMethod: '2', interfaceId: '1882' })).toEqual({ type: 1, id: 3, downloadMethod: 2, interfaceId: 1882 });
    expect(ReceiptInput.parse({ type: '1', id: '3', interfaceId: '' }).interfaceId).toBeUndefined();
  });

  it('refuses what addresses nothing, with the field’s message', () => {
    const msg = (v: unknown) => ReceiptInput.safeParse(v).error?.issues[0]?.message;
    expect(msg({ type: '2', id: '1' })).toBe(RECEIPT_MSG.type);
    expect(msg({ id: '1' })).toBe(RECEIPT_MSG.type);
    expect(msg({ type: '0', id: 'x' })).toBe(RECEIPT_MSG.id);
    expect(msg({ type: '0', id: '1', downloadMethod: '3' })).toBe(RECEIPT_MSG.downloadMethod);
    expect(msg({ type: '0', id: '1', interfaceId: 'abc' })).toBe(RECEIPT_MSG.interfaceId);
  });

  it('takes an image step from an offset, with the watermark and naming flags', () => {
    expect(ReceiptImagesInput.parse({ type: '0', id: '1', offset: '15', watermark: '1', isReceiptName: 'true' })).toEqual({
      type: 0,
      id: 1,
      downloadMethod: 1,
      offset: 15,
      watermark: true,
      isReceiptName: true,
      receiptName: 'name',
    });
    expect(ReceiptImagesInput.safeParse({ type: '0', id: '1', offset: '-1' }).error?.issues[0]?.message).toBe(RECEIPT_MSG.offset);
    expect(ReceiptImagesInput.safeParse({ type: '0', id: '1', receiptName: '../x' }).error?.issues[0]?.message).toBe(RECEIPT_MSG.receiptName);
  });
});

describe('receipt names and links', () => {
  it('names a receipt by row, or by the masked name with a full-width asterisk Windows accepts', () => {
    expect(receiptFileName(7)).toBe('7.png');
    expect(receiptFileName(7, '张*')).toBe('7-张＊.png');
    expect(receiptFileName(7, 'a/b\u0000')).toBe('7-ab.png');
  });

  it('makes a file name of the job name, or falls back', () => {
    expect(receiptFileBase('入职名单')).toBe('入职名单');
    expect(receiptFileBase('个人背景核查-张*，110101********4514')).toBe('个人背景核查-张＊，110101＊＊＊＊＊＊＊＊4514');
    expect(receiptFileBase('a:b/c')).toBe('a_b_c');
    expect(receiptFileBase('  ')).toBe(PDF_EXPORT.fileName);
    expect(PDF_EXPORT.fileName).toBe('个人背景核查信息');
  });

  it('writes the pages’ query with every receipt query parameter it has', () => {
    const q = new URLSearchParams(
      receiptQuery({ type: 0, id: 5, jobName: '名单', totalCount: 3, interfaceId: 1882, isReceiptName: true, receiptName: 'name' }, { print: '1' }),
    );
    expect(Object.fromEntries(q)).toEqual({
      type: '0',
      id: '5',
      jobName: '名单',
      totalCount: '3',
      downloadMethod: '1',
      interfaceId: '1882',
      receiptName: 'name',
      isReceiptName: '1',
      print: '1',
    });
  });
});
