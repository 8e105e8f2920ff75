// Who or what a sandbox answer is about: a person (by identity number), a company (by name or
// credit code), a card, a mobile. Facts are derived from the numbers themselves (sex, birth,
// region, issuer, carrier); people and companies not named by the caller are the fixtures.
import { isValidUscc, usccCheckChar } from '@apimarket/contracts';
import { COMPANY, PERSON } from '../../db/seed/data/interfaces/shared';
import { luhn, parseCompactDate } from '../validate';
import type { Draw } from './draw';
import {
  CARD_BINS,
  type CardBin,
  COMPANY_WORDS,
  IOT_SEGMENTS,
  type Isp,
  MOBILE_SEGMENTS,
  PROVINCES,
  REGIONS,
  type Region,
  SANDBOX_TODAY,
  SUPPORTED_CARD_PREFIXES,
  VIRTUAL_SEGMENTS,
} from './tables';

// ── People ───────────────────────────────────────────────────────────────────────────────────
export interface Person {
  name: string;
  idcard: string;
}

export const FIXTURE_PEOPLE: readonly Person[] = Object.values(PERSON);

/** The fixtures old enough to own a company, a car or a licence (not 陈小明, born 2012). */
export const ADULT_PEOPLE: readonly Person[] = FIXTURE_PEOPLE.filter((p) => Number(p.idcard.slice(6, 10)) <= 2007);

export const fixturePersonById = (idcard: string) => FIXTURE_PEOPLE.find((p) => p.idcard === idcard);

export interface PersonFacts {
  sex: '男' | '女';
  /** yyyyMMdd */
  birth8: string;
  /** yyyy-MM-dd */
  birth10: string;
  age: number;
  region: Region;
}

/** What an identity number itself says: sex (17th digit), birth date, age today, region. */
export function personFacts(idcard: string): PersonFacts {
  const birth8 = idcard.slice(6, 14);
  const birth = parseCompactDate(birth8) ?? SANDBOX_TODAY;
  return {
    sex: Number(idcard[16]) % 2 === 1 ? '男' : '女',
    birth8,
    birth10: `${birth8.slice(0, 4)}-${birth8.slice(4, 6)}-${birth8.slice(6, 8)}`,
    age: ageOn(birth, SANDBOX_TODAY),
    region: regionOf(idcard.slice(0, 6)),
  };
}

export function ageOn(birth: Date, today: Date): number {
  const before = today.getUTCMonth() < birth.getUTCMonth() || (today.getUTCMonth() === birth.getUTCMonth() && today.getUTCDate() < birth.getUTCDate());
  return today.getUTCFullYear() - birth.getUTCFullYear() - (before ? 1 : 0);
}

/** A county-level region when the table knows it, its province otherwise. */
export function regionOf(code: string): Region {
  return REGIONS[code] ?? { province: PROVINCES[code.slice(0, 2)] ?? '', city: '', district: '' };
}

/** "浙江省杭州市西湖区", municipalities written once ("北京市东城区"). */
export function regionText(r: Region): string {
  const city = r.city === r.province ? '' : r.city;
  return `${r.province}${city}${r.district}`;
}

// ── Companies ────────────────────────────────────────────────────────────────────────────────
export interface Company {
  name: string;
  creditCode: string;
}

export const FIXTURE_COMPANIES: readonly Company[] = Object.values(COMPANY);

/**
 * The company a caller asks about by name, credit code or either ("keyword"). A fixture keeps
 * its pair; otherwise the missing half is derived so the same input always names the same pair.
 */
export function companyFrom(nameOrCode: { name?: string; code?: string }, draw: Draw): Company {
  const { name, code } = nameOrCode;
  const fixture = FIXTURE_COMPANIES.find((c) => c.name === name || c.creditCode === code);
  if (fixture && (!name || fixture.name === name) && (!code || fixture.creditCode === code)) return fixture;
  return {
    name: name || `示例${draw.pick('companyWord', COMPANY_WORDS)}有限公司`,
    creditCode: code || derivedCreditCode(draw),
  };
}

export const looksLikeCreditCode = (text: string) => isValidUscc(text);

const USCC_BODY = '0123456789ABCDEFGHJKLMNPQRTUWXY';

/** "91" (enterprise) + a region of the table + "MA" + 7 drawn characters + the check character. */
function derivedCreditCode(draw: Draw): string {
  const region = draw.pick('companyRegion', Object.keys(REGIONS));
  let body = '';
  for (let i = 0; i < 7; i++) body += draw.pick(`uscc${i}`, [...USCC_BODY]);
  const first17 = `91${region}MA${body}`;
  return first17 + usccCheckChar(first17);
}

// ── Cards ────────────────────────────────────────────────────────────────────────────────────
/** The issuer of a card number, or null when no domestic source would verify it. */
export function cardBinOf(cardNo: string, draw: Draw): CardBin | null {
  const known = CARD_BINS.find((b) => cardNo.startsWith(b.bin));
  if (known) return known;
  if (!SUPPORTED_CARD_PREFIXES.some((p) => cardNo.startsWith(p))) return null;
  // A supported scheme whose BIN the small table lacks: a plausible issuer, stable per BIN.
  const base = draw.child(cardNo.slice(0, 6)).pick('issuer', CARD_BINS);
  return { ...base, bin: cardNo.slice(0, 6), cardLength: cardNo.length >= 13 ? cardNo.length : base.cardLength };
}

// ── Mobiles ──────────────────────────────────────────────────────────────────────────────────
const ISPS: readonly Isp[] = ['移动', '联通', '电信', '广电'];

/** The carrier that opened a number's segment, or null for a segment no carrier serves. */
export function ispOf(mobile: string): Isp | null {
  const seg = mobile.slice(0, 3);
  const isp = ISPS.find((i) => MOBILE_SEGMENTS[i].includes(seg));
  if (isp) return isp;
  return VIRTUAL_SEGMENTS[mobile.slice(0, 4)] ?? null;
}

export type NumberType = '普通号码' | '虚拟运营商号码' | '物联网号码';

export function numberTypeOf(mobile: string): { type: NumberType; host: Isp | null } {
  const virtual = VIRTUAL_SEGMENTS[mobile.slice(0, 4)] ?? VIRTUAL_SEGMENTS[mobile.slice(0, 3)];
  if (virtual) return { type: '虚拟运营商号码', host: virtual };
  const iot = IOT_SEGMENTS[mobile.slice(0, 3)];
  if (iot) return { type: '物联网号码', host: iot };
  return { type: '普通号码', host: ispOf(mobile) };
}

// ── Vehicles ─────────────────────────────────────────────────────────────────────────────────
const VIN_VALUES: Record<string, number> = {
  A: 1,
  B: 2,
  C: 3,
  D: 4,
  E: 5,
  F: 6,
  G: 7,
  H: 8,
  J: 1,
  K: 2,
  L: 3,
  M: 4,
  N: 5,
  P: 7,
  R: 9,
  S: 2,
  T: 3,
  U: 4,
  V: 5,
  W: 6,
  X: 7,
  Y: 8,
  Z: 9,
};
const VIN_WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];

/** Whether the 9th character is the ISO 3779 check digit (GB 16735 requires it). */
export function vinCheckPassed(vin: string): boolean {
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const c = vin[i] ?? '';
    sum += (/\d/.test(c) ? Number(c) : (VIN_VALUES[c] ?? 0)) * (VIN_WEIGHTS[i] ?? 0);
  }
  const check = sum % 11 === 10 ? 'X' : String(sum % 11);
  return vin.length === 17 && vin[8] === check;
}

/** An obviously fictitious card number of a BIN: the BIN, 1234567890… and a Luhn digit. */
export function exampleCardNumber(bin: CardBin): string {
  const body = `${bin.bin}12345678901234567890`.slice(0, bin.cardLength - 1);
  for (let d = 0; d <= 9; d++) if (luhn(body + d)) return body + d;
  return `${body}0`;
}
