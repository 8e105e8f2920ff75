// Company records (category 7) and every interface that names a company: the sample company is
// replaced by the caller's (name, credit code, registration region), verdicts are drawn per
// company, registration status and capital are the company's own.
import { CODE, type Ctx, type Family } from '../context';
import { drawFor } from '../draw';
import { ADULT_PEOPLE, type Company, companyFrom, FIXTURE_COMPANIES, looksLikeCreditCode, regionText } from '../entities';
import { arr, isObject, type Json, put, str } from '../json';
import { REGIONS } from '../tables';
import { enumWords, fieldDoc, putVerdict, type Verdict, verdict } from './common';

const COMPANY_KEYS = ['companyName', 'keyword', 'creditCode'];

interface CompanySubject {
  sample: Company;
  subject: Company;
  /** The parameters that name the company; their examples are replaced through the company. */
  params: string[];
}

/**
 * The company of the call when the interface's example names a fixture company: by name,
 * credit code, or a keyword that is either.
 */
export function companySubject(ctx: Ctx): CompanySubject | null {
  const declared = ctx.spec.params.filter((p) => COMPANY_KEYS.includes(p.name));
  const examples = declared.map((p) => p.example);
  const sample = FIXTURE_COMPANIES.find((c) => examples.includes(c.name) || examples.includes(c.creditCode));
  if (!sample) return null;
  const keyword = ctx.param('keyword');
  const keywordIsCode = keyword !== undefined && looksLikeCreditCode(keyword);
  const name = ctx.param('companyName') ?? (keywordIsCode ? undefined : keyword);
  const code = ctx.param('creditCode') ?? (keywordIsCode ? keyword : undefined);
  const subject = companyFrom({ name, code }, drawFor(['company', name ?? '', code ?? '']));
  return { sample, subject, params: declared.map((p) => p.name) };
}

/** Sample company → caller's company: name, code, registration region, legal person. */
export function companySwaps(ctx: Ctx): Array<[string, string]> {
  const c = companySubject(ctx);
  if (!c || c.sample.creditCode === c.subject.creditCode) return [];
  const sampleText = JSON.stringify(ctx.sample);
  const others = ADULT_PEOPLE.filter((p) => !sampleText.includes(p.name));
  const legal = drawFor(['legal', c.subject.creditCode]).pick('person', others);
  return [
    // The sample's legal person (张三 for 示例科技) is another fixture for another company.
    ['张三', legal.name],
    ...regionSwaps(c.sample.creditCode, c.subject.creditCode),
    [c.sample.name, c.subject.name],
    [c.sample.creditCode, c.subject.creditCode],
  ];
}

/** The registration region written in addresses and authorities, when both are known. */
export function regionSwaps(fromCode: string, toCode: string): Array<[string, string]> {
  const from = REGIONS[fromCode.slice(2, 8)];
  const to = REGIONS[toCode.slice(2, 8)];
  if (!from || !to) return [];
  const cityDistrict = (r: typeof from) => `${r.city}${r.district}`;
  return [
    [regionText(from), regionText(to)],
    [cityDistrict(from), cityDistrict(to)],
  ];
}

/** Consistent when name and code are one fixture's pair, inconsistent when two fixtures' halves. */
function companyVerdict(ctx: Ctx): Verdict {
  const byName = FIXTURE_COMPANIES.find((c) => c.name === ctx.param('companyName'));
  const byCode = FIXTURE_COMPANIES.find((c) => c.creditCode === ctx.param('creditCode'));
  if (byName && byCode) return byName === byCode ? '1' : '2';
  const parts = ['companyName', 'creditCode', 'legalPerson', 'idcard'].map((k) => ctx.param(k) ?? '');
  return verdict(drawFor(['company-verdict', ...parts]), 'verdict', 0.85, 0.1);
}

const SEARCH_VARIANTS = ['有限公司', '（上海）有限公司', '科技有限公司', '供应链管理有限公司'] as const;

/** Fuzzy search (2138): 1–3 companies whose names contain the keyword, each with its code. */
function fillSearch(data: Json, keyword: string): void {
  const model = arr(data, 'list')?.[0];
  if (!isObject(model) || str(model, 'creditCode') === undefined) return;
  const stem = keyword.replace(/有限(责任)?公司$/, '');
  const count = drawFor(['search', keyword]).int('count', 1, 3);
  const list = SEARCH_VARIANTS.slice(0, count).map((suffix): Json => {
    const c = companyFrom({ name: `${stem}${suffix}` }, drawFor(['company', `${stem}${suffix}`, '']));
    const legal = drawFor(['legal', c.creditCode]).pick('person', ADULT_PEOPLE);
    return { ...model, companyName: c.name, creditCode: c.creditCode, legalPerson: legal.name };
  });
  put(data, 'list', list);
}

export const companyFamily: Family = {
  name: 'company',
  outcome(ctx) {
    const c = companySubject(ctx);
    const isFixture = c && FIXTURE_COMPANIES.includes(c.subject);
    // A few companies are unknown to the registry; verification interfaces say so with result 3.
    if (!c || isFixture || str(ctx.sample, 'result') !== undefined) return null;
    const missing = drawFor(['company-found', c.subject.creditCode]).chance('missing', 0.05);
    return missing ? ctx.firstDeclared(CODE.NO_RESULT) : null;
  },
  fill(ctx, data) {
    const c = companySubject(ctx);
    const keyword = ctx.param('keyword');
    if (!c && keyword) fillSearch(data, keyword);
    if (str(data, 'result') !== undefined) {
      const result = companyVerdict(ctx);
      putVerdict(ctx, data, result);
      const keys = ['companyName', 'creditCode', 'legalPerson', 'idcard'].filter((k) => ctx.param(k) !== undefined);
      const wrong = result === '2' ? [ctx.draw.pick('mismatch', keys)] : [];
      if (arr(data, 'mismatch')) put(data, 'mismatch', wrong);
    }
    if (!c || FIXTURE_COMPANIES.includes(c.subject)) return;
    const d = drawFor(['company-facts', c.subject.creditCode]);
    const statuses = enumWords(fieldDoc(ctx, 'companyStatus'));
    if (statuses.length) put(data, 'companyStatus', d.chance('active', 0.9) ? '存续' : d.pick('status', statuses));
    put(data, 'registeredCapital', `${d.pick('capital', [50, 100, 200, 300, 500, 1000, 2000])}万元人民币`);
  },
};
