import { describe, expect, it } from 'vitest';
import { isCreditCode, LegalEntityEnv, legalEntityOf, legalEntityWarning } from './legal-entity.mjs';

const parse = (env: Record<string, string>) => legalEntityOf(LegalEntityEnv.parse(env));

describe('the operator legal entity (one schema for the web and the API)', () => {
  it('shows examples marked 「示例：」 while unset (empty counts as unset), and warns about them', () => {
    const e = parse({ COMPANY_NAME: '', ICP_RECORD: '  ' });
    for (const v of [e.companyName, e.creditCode, e.icpRecord, e.psbRecord]) expect(v).toMatch(/^示例：/);
    expect(e.examples).toEqual(['COMPANY_NAME', 'COMPANY_CREDIT_CODE', 'ICP_RECORD', 'PSB_RECORD']);
    expect(legalEntityWarning(e)).toContain('COMPANY_NAME、COMPANY_CREDIT_CODE、ICP_RECORD、PSB_RECORD');
  });

  it('takes the real values, links the 公安 record to its lookup, and has nothing to warn about', () => {
    const e = parse({
      COMPANY_NAME: '上海数联科技有限公司',
      COMPANY_CREDIT_CODE: '91350100m000100y43',
      ICP_RECORD: '沪ICP备12345678号-1',
      PSB_RECORD: '沪公网安备31010402000123号',
    });
    expect(e).toMatchObject({
      companyName: '上海数联科技有限公司',
      creditCode: '91350100M000100Y43',
      icpRecord: '沪ICP备12345678号-1',
      psbRecordUrl: 'https://beian.mps.gov.cn/#/query/webSearch?code=31010402000123',
      icpUrl: 'https://beian.miit.gov.cn/',
      examples: [],
    });
    expect(legalEntityWarning(e)).toBeNull();
  });

  it('refuses a credit code whose check character does not fit, and malformed records', () => {
    expect(isCreditCode('91350100M000100Y43')).toBe(true);
    expect(isCreditCode('91350100M000100Y44')).toBe(false);
    expect(isCreditCode('91350100M000100Y4')).toBe(false);
    expect(LegalEntityEnv.safeParse({ COMPANY_CREDIT_CODE: '91350100M000100Y44' }).error?.issues[0]?.message).toContain('统一社会信用代码');
    expect(LegalEntityEnv.safeParse({ ICP_RECORD: '12345678' }).success).toBe(false);
    expect(LegalEntityEnv.safeParse({ PSB_RECORD_URL: 'beian' }).success).toBe(false);
    expect(LegalEntityEnv.safeParse({ PSB_RECORD_URL: 'javascript:alert(1)' }).success).toBe(false);
    expect(LegalEntityEnv.safeParse({ PSB_RECORD_URL: 'https://beian.mps.gov.cn/#/query' }).success).toBe(true);
  });
});
