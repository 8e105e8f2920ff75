// Identity checks (category 1): a verdict per person (fixtures with their own name always
// consistent), the facts the number itself implies, validity of documents, batch and hashed
// variants. A number failing its checksum never gets here (inputs.ts answers 10005).
import { createHash } from 'node:crypto';
import { isValidIdNumber, parseCompactDate } from '../../validate';
import { CODE, type Ctx, type Family } from '../context';
import { drawFor } from '../draw';
import { FIXTURE_PEOPLE, personFacts } from '../entities';
import { arr, isObject, type Json, put, putAll, str } from '../json';
import { NATIONALITIES, SANDBOX_TODAY } from '../tables';
import { describe, enumCodes, fieldDoc, personVerdict, putPersonFacts, putVerdict, type Verdict, verdict } from './common';

const RESIDENCE_REGIONS: Record<string, string> = { '81': '香港', '82': '澳门', '83': '台湾' };

export const identityFamily: Family = {
  name: 'identity',
  outcome(ctx) {
    // Residence permits start 81/82/83, the 2023 permanent residence card 9: the documented forms.
    const idcard = ctx.param('idcard');
    const sample = ctx.spec.params.find((p) => p.name === 'idcard')?.example ?? '';
    const permit = (id: string) => (id.startsWith('9') ? '9' : RESIDENCE_REGIONS[id.slice(0, 2)] ? 'permit' : 'citizen');
    return idcard && permit(idcard) !== permit(sample) ? ctx.firstDeclared(CODE.BAD_IDCARD, CODE.BAD_PARAM) : null;
  },
  fill(ctx, data) {
    if (ctx.param('items') !== undefined) return fillBatch(ctx, data);
    const idcard = ctx.param('idcard');
    if (idcard && str(data, 'province') !== undefined) return fillLocation(data, idcard);
    const result = ctx.param('nameHash') ? hashedVerdict(ctx) : personVerdict(idcard, ctx.param('name'), ctx.param('passNo') ?? '');
    putVerdict(ctx, data, result);
    if (idcard) putPersonFacts(data, idcard, result === '1');
    if (idcard) put(data, 'region', RESIDENCE_REGIONS[idcard.slice(0, 2)] ?? '');
    if (idcard?.startsWith('9')) put(data, 'nationality', NATIONALITIES[idcard.slice(3, 6)] ?? '其他国家或地区');
    fillValidity(ctx, data, result);
    fillAddressScore(ctx, data);
  },
};

/** Region parsing of one number (1884): what the number says, valid by construction. */
function fillLocation(data: Json, idcard: string): void {
  const { region } = personFacts(idcard);
  putPersonFacts(data, idcard);
  putAll(data, { valid: true, province: region.province, city: region.city, district: region.district, remark: '' });
}

/** Document validity: the period check (1883), passes (1906/1907), household status (1900). */
function fillValidity(ctx: Ctx, data: Json, result: Verdict): void {
  const endDate = ctx.param('endDate');
  if (endDate !== undefined) {
    const end = parseCompactDate(endDate);
    put(data, 'expired', end !== null && end.getTime() < SANDBOX_TODAY.getTime());
    const periodWrong = result === '2' && ctx.draw.chance('periodWrong', 0.5);
    put(data, 'nameIdcardMatch', result === '1' || periodWrong ? '1' : '2');
    put(data, 'validityMatch', result === '1' || (result === '2' && !periodWrong) ? '1' : '2');
  }
  if (str(ctx.sample, 'status') !== undefined && result === '1') {
    put(data, 'status', ctx.draw.chance('deregistered', 0.03) ? ctx.draw.pick('statusKind', ['2', '3']) : '1');
  }
  if (ctx.param('passNo') !== undefined) put(data, 'valid', result === '1' && ctx.draw.chance('passValid', 0.95));
}

/** Address similarity (1889): a score and its documented level. */
function fillAddressScore(ctx: Ctx, data: Json): void {
  const address = ctx.param('address');
  if (address === undefined) return;
  const d = drawFor(['address', ctx.param('idcard') ?? '', address]);
  const score = d.chance('close', 0.7) ? d.int('high', 80, 98) : d.int('low', 20, 79);
  putAll(data, { score, level: score >= 80 ? '高' : score >= 50 ? '中' : '低' });
}

/** The batch check (1893): one verdict per submitted item, in order. */
function fillBatch(ctx: Ctx, data: Json): void {
  const model = arr(ctx.sample, 'list')?.[0];
  if (!isObject(model)) return;
  const labels = enumCodes(fieldDoc(ctx, 'list.result'));
  const list = parseItems(ctx.param('items') ?? '').map((item): Json => {
    const valid = isValidIdNumber(item.idcard, SANDBOX_TODAY);
    const result = valid ? personVerdict(item.idcard, item.name) : '3';
    const description = valid ? describe(str(model, 'description') ?? '', '1', result, labels) : '证件号码校验未通过';
    return { ...model, bizId: item.bizId, result, description };
  });
  put(data, 'list', list);
}

function parseItems(text: string): Array<{ bizId: string; name: string; idcard: string }> {
  try {
    const parsed: unknown = JSON.parse(text);
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(isObjectLike).map((o) => ({ bizId: strOf(o.bizId), name: strOf(o.name), idcard: strOf(o.idcard).trim() }));
  } catch {
    return [];
  }
}

const isObjectLike = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const strOf = (v: unknown) => (typeof v === 'string' ? v : '');

const sm3 = (text: string) => createHash('sm3').update(text, 'utf8').digest('hex');

/** The hashed variant (1894): fixtures are recognised by their SM3 digests. */
function hashedVerdict(ctx: Ctx): Verdict {
  const nameHash = ctx.param('nameHash') ?? '';
  const idcardHash = ctx.param('idcardHash') ?? '';
  const fixture = FIXTURE_PEOPLE.find((p) => sm3(p.idcard) === idcardHash);
  if (fixture) return sm3(fixture.name) === nameHash ? '1' : '2';
  return verdict(drawFor(['person-hash', idcardHash, nameHash]));
}
