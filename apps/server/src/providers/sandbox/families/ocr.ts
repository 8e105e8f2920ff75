// OCR (category 3): the picture is not read, so what it "shows" is drawn from it: one of the
// fictitious people, companies, plates, VINs or example cards takes the sample's place, with
// the facts that follow (sex and birth from the number, the issuer from the region, the side).
import type { Ctx, Family } from '../context';
import { ADULT_PEOPLE, cardBinOf, exampleCardNumber, FIXTURE_COMPANIES, FIXTURE_PEOPLE, personFacts, regionText, vinCheckPassed } from '../entities';
import { arr, isObject, type Json, mapLeaves, put, putAll, str } from '../json';
import { CARD_BINS, EXAMPLE_PLATES, EXAMPLE_VINS, PINYIN, type Region, shortName } from '../tables';
import { putPersonFacts } from './common';
import { regionSwaps } from './company';

const FRONT_FIELDS = ['name', 'sex', 'nation', 'birth', 'address', 'idcard'];

/** Every string leaf of the sample, to find which fixtures it shows. */
function sampleStrings(ctx: Ctx): string[] {
  const out: string[] = [];
  mapLeaves(ctx.sample, (leaf) => {
    if (typeof leaf === 'string') out.push(leaf);
    return leaf;
  });
  return out;
}

const shows = (strings: string[], value: string) => strings.some((s) => s.includes(value));

/** The fixture person this picture shows, drawn per picture. */
const drawnPerson = (ctx: Ctx) => ctx.draw.pick('person', ADULT_PEOPLE);

/** "四川省成都市", municipalities once ("上海市"). */
const provinceCity = (r: Region) => (r.city === r.province ? r.province : `${r.province}${r.city}`);

function personSwaps(ctx: Ctx, strings: string[]): Array<[string, string]> {
  const from = FIXTURE_PEOPLE.find((p) => shows(strings, p.name) || shows(strings, p.idcard));
  if (!from) return [];
  const to = drawnPerson(ctx);
  const [a, b] = [personFacts(from.idcard), personFacts(to.idcard)];
  return [
    [from.name, to.name],
    [from.idcard, to.idcard],
    [PINYIN[from.name] ?? '', PINYIN[to.name] ?? ''],
    [a.birth8, b.birth8],
    [a.birth10, b.birth10],
    [regionText(a.region), regionText(b.region)],
    [provinceCity(a.region), provinceCity(b.region)],
    [shortName(a.region.province), shortName(b.region.province)],
  ];
}

/** The first fixture company shown becomes another one not already in the picture. */
function companySwaps(ctx: Ctx, strings: string[]): Array<[string, string]> {
  const shown = FIXTURE_COMPANIES.filter((c) => shows(strings, c.name));
  const from = shown[0];
  if (!from) return [];
  const to = ctx.draw.pick('company', [from, ...FIXTURE_COMPANIES.filter((c) => !shown.includes(c))]);
  return [...regionSwaps(from.creditCode, to.creditCode), [from.name, to.name], [from.creditCode, to.creditCode]];
}

/** The first string leaf under this key, at any depth. */
function leafByKey(value: Json, key: string): string | undefined {
  let found: string | undefined;
  mapLeaves(value, (leaf, k) => {
    if (found === undefined && k === key && typeof leaf === 'string') found = leaf;
    return leaf;
  });
  return found;
}

function vehicleSwaps(ctx: Ctx): Array<[string, string]> {
  const plate = leafByKey(ctx.sample, 'plateNumber');
  const vin = leafByKey(ctx.sample, 'vin');
  // A bank card only where the sample shows one (a pass number is a "cardNo" too).
  const card = str(ctx.sample, 'bankName') !== undefined ? leafByKey(ctx.sample, 'cardNo') : undefined;
  const swaps: Array<[string, string]> = [];
  if (plate) swaps.push([plate, ctx.draw.pick('plate', EXAMPLE_PLATES)]);
  if (vin) swaps.push([vin, ctx.draw.pick('vin', EXAMPLE_VINS)]);
  if (card) swaps.push([card, exampleCardNumber(ctx.draw.pick('bin', CARD_BINS))]);
  return swaps;
}

export const ocrFamily: Family = {
  name: 'ocr',
  swaps(ctx) {
    const strings = sampleStrings(ctx);
    return [...personSwaps(ctx, strings), ...companySwaps(ctx, strings), ...vehicleSwaps(ctx)];
  },
  fill(ctx, data) {
    const person = FIXTURE_PEOPLE.some((p) => shows(sampleStrings(ctx), p.name)) ? drawnPerson(ctx) : null;
    if (person) putPersonFacts(data, person.idcard);
    if (person) fillFirstIssue(ctx, data, person.idcard);
    if (person && str(data, 'issuer') !== undefined && str(data, 'validity') !== undefined) fillIdSide(ctx, data, person.idcard);
    fillCard(ctx, data);
    fillInvoice(ctx, data);
    fillPlates(ctx, data);
    const vin = str(data, 'vin');
    if (vin !== undefined) put(data, 'checkPassed', vinCheckPassed(vin));
    if (ctx.param('side') === 'vice') put(data, 'fileNo', ctx.draw.digits('fileNo', 12));
  },
};

/** A licence or certificate is first issued once its holder is an adult (1987, 1997). */
function fillFirstIssue(ctx: Ctx, data: Json, idcard: string): void {
  const first = str(data, 'firstIssueDate');
  const adult = Number(idcard.slice(6, 10)) + 18;
  if (first === undefined || Number(first.slice(0, 4)) >= adult) return;
  put(data, 'firstIssueDate', `${Math.min(adult + ctx.draw.int('firstIssue', 0, 6), 2025)}${first.slice(4)}`);
}

/** Identity card (1985): the portrait side carries the person, the emblem side the issuer. */
function fillIdSide(ctx: Ctx, data: Json, idcard: string): void {
  if (ctx.param('side') !== 'back') {
    putAll(data, { issuer: '', validity: '' });
    return;
  }
  for (const k of FRONT_FIELDS) put(data, k, '');
  const { region, age } = personFacts(idcard);
  const issued = ctx.draw.int('issued', 2012, 2024);
  const day = ctx.draw.pick('issuedDay', ['0307', '0618', '0915', '1120']);
  // Cards issued from 46 are valid for life, from 26 for 20 years, otherwise for 10.
  const years = age - (2026 - issued) >= 46 ? 0 : age - (2026 - issued) >= 26 ? 20 : 10;
  const until = years === 0 ? '长期' : `${issued + years}${day}`;
  const police = region.district ? `${region.city}公安局${region.district}分局` : `${region.province}公安厅`;
  putAll(data, { issuer: police, validity: `${issued}${day}-${until}` });
}

/** Bank card (1986): the issuer of the drawn card; credit cards print a validity. */
function fillCard(ctx: Ctx, data: Json): void {
  const cardNo = str(data, 'cardNo');
  if (cardNo === undefined || str(data, 'bankName') === undefined) return;
  const bin = cardBinOf(cardNo, ctx.draw);
  if (!bin) return;
  const validDate = bin.cardType === '贷记卡' ? `${String(ctx.draw.int('month', 1, 12)).padStart(2, '0')}/${ctx.draw.int('year', 27, 31)}` : '';
  putAll(data, { bankName: bin.bankName, cardType: bin.cardType, validDate });
}

/** VAT invoice (1994): amount, tax at 6 % or 13 % and their sum, written with two decimals. */
function fillInvoice(ctx: Ctx, data: Json): void {
  if (str(data, 'totalAmount') === undefined) return;
  const amount = ctx.draw.int('amountFen', 20_000, 5_000_000);
  const tax = Math.round(amount * ctx.draw.pick('taxRate', [0.06, 0.13]));
  const yuan = (fen: number) => (fen / 100).toFixed(2);
  putAll(data, { amount: yuan(amount), tax: yuan(tax), totalAmount: yuan(amount + tax), invoiceNo: `2633200000${ctx.draw.digits('invoiceNo', 10)}` });
}

/** Plate recognition (1992): the plate's colour follows its kind; several when asked. */
function fillPlates(ctx: Ctx, data: Json): void {
  const model = arr(ctx.sample, 'plates')?.[0];
  if (!isObject(model)) return;
  const count = ctx.param('multiDetect') === 'true' ? ctx.draw.int('plateCount', 1, 3) : 1;
  const plates = Array.from({ length: count }, (_, i): Json => {
    const plate = i === 0 ? (str(arr(data, 'plates')?.[0], 'plateNumber') ?? EXAMPLE_PLATES[0]) : ctx.draw.pick(`plate${i}`, EXAMPLE_PLATES);
    return { ...model, plateNumber: plate, plateColor: plate.length === 8 ? 'green' : 'blue', confidence: ctx.draw.num(`conf${i}`, 0.9, 0.999, 3) };
  });
  put(data, 'plates', plates);
}
