// Pieces several families share: reading enumerations out of the response documentation,
// drawing a verification verdict, wording its description, and a person's derived fields.
import { isValidIdNumber } from '../../validate';
import type { Ctx } from '../context';
import { type Draw, drawFor } from '../draw';
import { fixturePersonById, personFacts, regionText } from '../entities';
import { type Json, put, str } from '../json';
import { SANDBOX_TODAY } from '../tables';

/** The documentation of one response field ("data.result"), or ''. */
export function fieldDoc(ctx: Ctx, path: string): string {
  return ctx.spec.responseFields.find((f) => f.name === `data.${path}`)?.description ?? '';
}

/** "核验结果：1 一致；2 不一致；3 无记录（…）" → { 1: 一致, 2: 不一致, 3: 无记录 }. */
export function enumCodes(description: string): Record<string, string> {
  const body = description.slice(description.indexOf('：') + 1);
  const out: Record<string, string> = {};
  for (const part of body.split('；')) {
    const m = /^\s*(\w+)\s+([^（(]+)/.exec(part);
    if (m?.[1] && m[2]) out[m[1]] = m[2].trim();
  }
  return out;
}

/** "风险等级：低 / 中 / 高" → [低, 中, 高]; the first "；" ends the list. */
export function enumWords(description: string): string[] {
  const body = description.slice(description.indexOf('：') + 1).split('；')[0] ?? '';
  return body.includes(' / ') ? body.split(' / ').map((w) => w.replace(/\s*等$/, '').trim()) : [];
}

export type Verdict = '1' | '2' | '3';

/** Mostly consistent, sometimes not, rarely no record: 80 / 15 / 5 unless told otherwise. */
export function verdict(draw: Draw, label = 'verdict', consistent = 0.8, inconsistent = 0.15): Verdict {
  const u = draw.unit(label);
  if (u < consistent) return '1';
  return u < consistent + inconsistent ? '2' : '3';
}

/**
 * The verdict on a person's name and identity number: a fixture with its own name is always
 * consistent and with another name never; anyone else is drawn once per (number, name), so
 * every interface agrees about the same person.
 */
export function personVerdict(idcard: string | undefined, name: string | undefined, ...more: string[]): Verdict {
  if (idcard && !isValidIdNumber(idcard, SANDBOX_TODAY)) return '3';
  const fixture = idcard ? fixturePersonById(idcard) : undefined;
  if (fixture) return name === undefined || name === fixture.name ? '1' : '2';
  return verdict(drawFor(['person', idcard ?? '', name ?? '', ...more]));
}

/**
 * The description beside a verdict, worded like the documented one: "姓名与身份证号一致" becomes
 * "姓名与身份证号不一致"; a verdict the sample does not show takes the documented label.
 */
export function describe(sample: string, sampleVerdict: string, result: string, labels: Record<string, string>): string {
  if (result === sampleVerdict) return sample;
  if (result === '2' && sampleVerdict === '1' && sample.includes('一致')) return sample.replace('一致', '不一致');
  if (result === '1' && sampleVerdict === '2' && sample.includes('不一致')) return sample.replace('不一致', '一致');
  return labels[result] ?? sample;
}

/** Sets data.result (or data.state) and its description from one verdict. */
export function putVerdict(ctx: Ctx, data: Json, result: Verdict, key = 'result'): void {
  const sampleVerdict = str(ctx.sample, key) ?? '1';
  put(data, key, result);
  const description = str(data, 'description');
  if (description !== undefined) {
    put(data, 'description', describe(description, sampleVerdict, result, enumCodes(fieldDoc(ctx, key))));
  }
}

/**
 * The fields an identity number implies, wherever the answer has them: sex, birth date (in the
 * sample's own format), age, adulthood, region. `known` false blanks them (an inconsistent
 * verdict reveals nothing about the number).
 */
export function putPersonFacts(data: Json, idcard: string, known = true): void {
  const f = personFacts(idcard);
  const birth = str(data, 'birth');
  put(data, 'sex', known ? f.sex : '');
  put(data, 'birthday', known ? f.birth8 : '');
  if (birth !== undefined) put(data, 'birth', known ? (birth.includes('-') ? f.birth10 : f.birth8) : '');
  put(data, 'age', known ? f.age : 0);
  put(data, 'isAdult', known && f.age >= 18);
  // "area" is a region only where the sample shows one (an estate's area is a surface).
  if (/[省市区县]$/.test(str(data, 'area') ?? '')) put(data, 'area', known ? regionText(f.region) : '');
}
