// The gateway's parameter checks before any provider is asked: a required parameter missing
// (SYSTEM_011) or a value whose format cannot be right (SYSTEM_042), decided by name and type.
// Business-level checks (time ranges, an image the source cannot read) stay with the provider.
import { isValidUscc, LicencePlate, MOBILE_PATTERN } from '@apimarket/contracts';
import type { SeedParam } from '../db/seed/data/types';
import type { InterfaceSpec } from './types';

export type ParamProblem = { kind: 'missing'; param: string } | { kind: 'format'; param: string };

/** null when every parameter is present and well formed; otherwise the first problem found. */
export function checkParams(spec: Pick<InterfaceSpec, 'params'>, params: Record<string, string>): ParamProblem | null {
  const present = (p: SeedParam) => (params[p.name] ?? '').trim();
  // Every missing parameter is reported before any format problem, whatever the order.
  const missing = spec.params.find((p) => p.required && present(p) === '');
  if (missing) return { kind: 'missing', param: missing.name };
  for (const p of spec.params) {
    const value = present(p);
    if (value !== '' && !isWellFormed(p, value, params)) return { kind: 'format', param: p.name };
  }
  return null;
}

/** Whether one present value has the format its parameter calls for. */
export function isWellFormed(param: SeedParam, value: string, params: Record<string, string> = {}): boolean {
  const byName = NAME_RULES[param.name];
  if (byName) return byName(value, param, params);
  return TYPE_RULES[param.type](value, param);
}

// ── GB 11643-1999 citizen identity numbers ───────────────────────────────────────────────────
const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK_CHARS = '10X98765432';
const ID_PATTERN = /^[1-9]\d{16}[\dX]$/;

/** The check character the first 17 digits of an identity number call for. */
export function idCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i] ?? 0) * (ID_WEIGHTS[i] ?? 0);
  return ID_CHECK_CHARS[sum % 11] ?? '';
}

/**
 * 18 characters, a check character matching GB 11643 (upper-case X, as the catalogue documents)
 * and a birth date that exists, from 1900 up to `today`. Residence permits of Hong Kong, Macao
 * and Taiwan residents (81/82/83…) and the 2023 foreign permanent residence card (9…) follow the
 * same structure and pass.
 */
export function isValidIdNumber(value: string, today: Date = new Date()): boolean {
  if (!ID_PATTERN.test(value) || idCheckChar(value.slice(0, 17)) !== value[17]) return false;
  const birth = parseCompactDate(value.slice(6, 14));
  return birth !== null && birth.getUTCFullYear() >= 1900 && birth.getTime() <= today.getTime();
}

/** A yyyyMMdd date that exists on the calendar, at UTC midnight; null otherwise. */
export function parseCompactDate(text: string): Date | null {
  const m = /^(\d{4})(\d{2})(\d{2})$/.exec(text);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d ? date : null;
}

// ── Bank cards ───────────────────────────────────────────────────────────────────────────────
/** The Luhn (mod 10) check every bank card number carries in its last digit. */
export function luhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export const isValidCardNumber = (value: string): boolean => /^\d{13,19}$/.test(value) && luhn(value);

/**
 * `acc_no` means three things in the catalogue, told apart by its documentation: a card number
 * (Luhn), a card prefix for BIN lookups ("至少前 6 位"), or a corporate account ("对公").
 */
function accountRule(value: string, param: SeedParam): boolean {
  if (param.description.includes('对公')) return /^\d{6,32}$/.test(value);
  if (param.description.includes('前 6 位')) return /^\d{6,19}$/.test(value);
  return isValidCardNumber(value);
}

// ── Other documents ──────────────────────────────────────────────────────────────────────────
export const isValidMobile = (value: string): boolean => MOBILE_PATTERN.test(value);
export const isValidPlate = (value: string): boolean => LicencePlate.safeParse(value).success;
/** 17 characters; I, O and Q are never used. */
export const isValidVin = (value: string): boolean => /^[A-HJ-NPR-Z0-9]{17}$/.test(value);

/** Other identity documents of `idType` (bank account verification with several documents). */
const OTHER_DOCUMENTS: Record<string, RegExp> = {
  '02': /^[A-Z0-9]{5,17}$/, // passport
  '03': /^[HM]\d{8}(\d{2})?$/, // 港澳居民来往内地通行证
  '04': /^\d{8}(\d{2})?$/, // 台湾居民来往大陆通行证
  '05': /^([A-Z]{3}\d{12}|9\d{16}[\dX])$/, // 外国人永久居留身份证, old 15 / new 18 characters
};

function documentRule(value: string, params: Record<string, string>): boolean {
  const idType = (params.idType ?? '01').trim();
  if (idType === '01') return isValidIdNumber(value);
  const pattern = OTHER_DOCUMENTS[idType];
  if (!pattern?.test(value)) return false;
  // The 18-character permanent residence card carries the identity number check digit.
  return idType !== '05' || value.length === 15 || isValidIdNumber(value);
}

// ── Base64 payloads ──────────────────────────────────────────────────────────────────────────
/** Smallest and largest decoded payload the gateway lets through (a real photo or clip). */
export const BASE64_MIN_BYTES = 32;
export const BASE64_MAX_BYTES = 10 * 1024 * 1024;

/**
 * The bytes of a Base64 parameter, or null when it is not Base64. Line breaks and a
 * `data:…;base64,` prefix, both common in what clients send, are tolerated.
 */
export function decodeBase64Payload(value: string): Buffer | null {
  const body = value.replace(/^data:[\w/+.-]+;base64,/, '').replace(/\s+/g, '');
  if (body.length === 0 || body.length % 4 === 1 || !/^[A-Za-z0-9+/]+={0,2}$/.test(body)) return null;
  return Buffer.from(body, 'base64');
}

function base64Rule(value: string): boolean {
  const bytes = decodeBase64Payload(value);
  return bytes !== null && bytes.length >= BASE64_MIN_BYTES && bytes.length <= BASE64_MAX_BYTES;
}

// ── Lists ────────────────────────────────────────────────────────────────────────────────────
/** A comma-separated list of 1–1000 mobiles (batch empty-number detection). */
function mobileListRule(value: string): boolean {
  const items = value.split(',').map((s) => s.trim());
  return items.length <= 1000 && items.every(isValidMobile);
}

/** The batch identity check's JSON array: 1–100 objects, each with bizId, name and idcard. */
function batchItemsRule(value: string): boolean {
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return false;
  }
  if (!Array.isArray(parsed) || parsed.length === 0 || parsed.length > 100) return false;
  return parsed.every(
    (item: unknown) =>
      typeof item === 'object' && item !== null && ['bizId', 'name', 'idcard'].every((k) => typeof (item as Record<string, unknown>)[k] === 'string'),
  );
}

// ── Numbers and coordinates ──────────────────────────────────────────────────────────────────
const INT_PATTERN = /^-?\d{1,10}$/;
const NUMBER_PATTERN = /^-?\d{1,10}(\.\d{1,10})?$/;

const inRange = (value: string, min: number, max: number) => NUMBER_PATTERN.test(value) && Number(value) >= min && Number(value) <= max;

function urlRule(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

type Rule = (value: string, param: SeedParam, params: Record<string, string>) => boolean;

const NAME_RULES: Record<string, Rule> = {
  idcard: (v) => isValidIdNumber(v),
  idNo: (v, _p, params) => documentRule(v, params),
  idType: (v) => /^0[1-5]$/.test(v),
  mobile: isValidMobile,
  mobiles: mobileListRule,
  acc_no: accountRule,
  creditCode: isValidUscc,
  plateNumber: isValidPlate,
  plateColor: (v) => /^[1-6]$/.test(v),
  vin: isValidVin,
  nameHash: (v) => /^[0-9a-f]{64}$/.test(v),
  idcardHash: (v) => /^[0-9a-f]{64}$/.test(v),
  items: batchItemsRule,
  lon: (v) => inRange(v, -180, 180),
  loadLon: (v) => inRange(v, -180, 180),
  unloadLon: (v) => inRange(v, -180, 180),
  lat: (v) => inRange(v, -90, 90),
  loadLat: (v) => inRange(v, -90, 90),
  unloadLat: (v) => inRange(v, -90, 90),
};

const TYPE_RULES: Record<SeedParam['type'], (value: string, param: SeedParam) => boolean> = {
  string: () => true,
  int: (v) => INT_PATTERN.test(v),
  number: (v) => NUMBER_PATTERN.test(v),
  boolean: (v) => ['true', 'false', '1', '0'].includes(v),
  base64: base64Rule,
  url: urlRule,
};
