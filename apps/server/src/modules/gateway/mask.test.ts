// maskAnswer: what of a supplier's answer may be kept at rest — persons, ID numbers, phones and
// cards masked at any depth, courts, causes and amounts kept.
import { describe, expect, it } from 'vitest';
import { maskAnswer } from './mask';

describe('maskAnswer', () => {
  it('masks the persons a judicial answer names, and keeps the case', () => {
    const answer = {
      total: 2,
      list: [
        {
          caseNo: '(2024)京0105民初123号',
          court: '北京市朝阳区人民法院',
          cause: '借款合同纠纷',
          amount: 120000,
          partyName: '王小明',
          idcard: '110101199003074514',
        },
        { caseNo: '(2023)沪0115执456号', parties: ['李四', '上海某某有限公司'], mobile: '13800138000', bankCard: '6222021234567890123' },
      ],
      debtor: { name: '赵六', cardNum: '1101011990****4514' },
    };
    expect(maskAnswer(answer)).toEqual({
      total: 2,
      list: [
        {
          caseNo: '(2024)京0105民初123号',
          court: '北京市朝阳区人民法院',
          cause: '借款合同纠纷',
          amount: 120000,
          partyName: '王**',
          idcard: '110101********4514',
        },
        { caseNo: '(2023)沪0115执456号', parties: ['李*', '上*******'], mobile: '138****8000', bankCard: '6222****0123' },
      ],
      debtor: { name: '赵*', cardNum: '110101********4514' },
    });
  });

  it('leaves scalars, null and answers without persons as they are', () => {
    expect(maskAnswer(null)).toBeNull();
    expect(maskAnswer('10000')).toBe('10000');
    expect(maskAnswer({ riskLevel: '中', dishonestCount: 0, courtName: '杭州市西湖区人民法院' })).toEqual({
      riskLevel: '中',
      dishonestCount: 0,
      courtName: '杭州市西湖区人民法院',
    });
  });
});
