// The operator's legal entity (company name, 统一社会信用代码, ICP 备案号, 公安备案号): one set of
// settings read by both processes, so the footer, the agreements and the server's receipts and
// invoices print the same values. Plain JavaScript because the web's server.mjs runs on Node
// without a TypeScript loader; the types are in legal-entity.d.mts.
import { z } from 'zod';

/**
 * Shown while a setting is unset: obviously examples, so nobody mistakes them for real records.
 * A deployment sets its own (the start log warns outside development until it does).
 */
export const LEGAL_ENTITY_EXAMPLE = Object.freeze({
  COMPANY_NAME: '示例：某某数据科技（上海）有限公司',
  COMPANY_CREDIT_CODE: '示例：91310000000000000X',
  ICP_RECORD: '示例：沪ICP备00000000号-1',
  PSB_RECORD: '示例：沪公网安备00000000000000号',
});

/** Where an ICP number is looked up (MIIT); the footer links the number there, as the rules ask. */
export const ICP_LOOKUP_URL = 'https://beian.miit.gov.cn/';
/** The public-security record lookup; a number links to its own entry. */
export const PSB_LOOKUP_URL = 'https://beian.mps.gov.cn/';

// GB 32100-2015: 18 characters from this alphabet (no I, O, S, V, Z), the last a check character.
const CREDIT_ALPHABET = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const CREDIT_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/**
 * Whether a 统一社会信用代码 is well formed and its check character fits.
 * @param {string} code
 */
export function isCreditCode(code) {
  if (!/^[0-9A-HJ-NPQRTUWXY]{18}$/.test(code)) return false;
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += CREDIT_ALPHABET.indexOf(code.charAt(i)) * (CREDIT_WEIGHTS[i] ?? 0);
  const check = (31 - (sum % 31)) % 31;
  return CREDIT_ALPHABET.charAt(check) === code.charAt(17);
}

/** An empty value in a .env file means "not set". */
const optional = (/** @type {z.ZodString} */ rule) => z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), rule.optional());

/** The settings, to spread into each process's environment schema (`...LegalEntityEnv.shape`). */
export const LegalEntityEnv = z.object({
  /** 运营主体：the company that runs the platform, as on its business licence. */
  COMPANY_NAME: optional(z.string().trim().min(2, 'COMPANY_NAME 至少 2 个字').max(100, 'COMPANY_NAME 不能超过 100 个字')),
  COMPANY_CREDIT_CODE: optional(
    z.string().trim().toUpperCase().refine(isCreditCode, 'COMPANY_CREDIT_CODE 不是有效的统一社会信用代码（18 位，末位校验码须相符）'),
  ),
  /** ICP 备案号, e.g. 沪ICP备12345678号-1. */
  ICP_RECORD: optional(z.string().trim().regex(/ICP/i, 'ICP_RECORD 应为 ICP 备案号，如 沪ICP备12345678号-1').max(60)),
  /** 公安机关互联网站安全管理服务平台 备案号, e.g. 沪公网安备31010402000000号. */
  PSB_RECORD: optional(
    z
      .string()
      .trim()
      .regex(/\d{6,}/, 'PSB_RECORD 应为公安备案号，如 沪公网安备31010402000000号')
      .max(60),
  ),
  /** The record's page; by default the lookup of its number. */
  PSB_RECORD_URL: optional(
    z
      .string()
      .trim()
      .regex(/^https?:\/\/[^\s]+$/i, 'PSB_RECORD_URL 必须是 http(s):// 地址'),
  ),
});

/**
 * The entity from parsed settings, with the examples filled in for what is unset.
 * @param {z.output<typeof LegalEntityEnv>} e
 */
export function legalEntityOf(e) {
  /** @type {string[]} */
  const examples = [];
  const pick = (/** @type {keyof typeof LEGAL_ENTITY_EXAMPLE} */ key) => {
    const value = e[key];
    if (value !== undefined) return value;
    examples.push(key);
    return LEGAL_ENTITY_EXAMPLE[key];
  };
  const companyName = pick('COMPANY_NAME');
  const creditCode = pick('COMPANY_CREDIT_CODE');
  const icpRecord = pick('ICP_RECORD');
  const psbRecord = pick('PSB_RECORD');
  const psbDigits = e.PSB_RECORD?.match(/\d{6,}/)?.[0];
  const psbRecordUrl = e.PSB_RECORD_URL ?? (psbDigits ? `${PSB_LOOKUP_URL}#/query/webSearch?code=${psbDigits}` : PSB_LOOKUP_URL);
  return { companyName, creditCode, icpRecord, psbRecord, psbRecordUrl, icpUrl: ICP_LOOKUP_URL, examples };
}

/**
 * The start log's line when example values are in use, or null when every setting is real.
 * @param {{ examples: readonly string[] }} entity
 */
export function legalEntityWarning(entity) {
  if (entity.examples.length === 0) return null;
  return `运营主体信息仍是示例值（请设置 ${entity.examples.join('、')}）：页脚、协议、回执与发票会显示「示例：…」`;
}
