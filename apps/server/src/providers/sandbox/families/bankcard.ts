// Bank cards (category 4): the issuer and card type come from the BIN, the verdict is drawn once
// per card and holder, corporate accounts have an account status, branch lookups follow the
// caller's city. A Luhn failure never gets here (inputs.ts answers 10015).
import { luhn } from '../../validate';
import { CODE, type Ctx, type Family } from '../context';
import { drawFor } from '../draw';
import { cardBinOf } from '../entities';
import { type Json, put, putAll, str } from '../json';
import { CITIES, cityFull } from '../tables';
import { enumCodes, enumWords, fieldDoc, putVerdict, type Verdict, verdict } from './common';

const isCorporate = (ctx: Ctx) => ctx.spec.params.some((p) => p.name === 'acc_no' && p.description.includes('对公'));

export const bankcardFamily: Family = {
  name: 'bankcard',
  outcome(ctx) {
    const card = ctx.param('acc_no');
    if (!card || isCorporate(ctx)) return null;
    return cardBinOf(card, ctx.draw) ? null : ctx.firstDeclared(CODE.CARD_UNSUPPORTED, CODE.NO_RESULT);
  },
  swaps(ctx) {
    const city = CITIES.find((c) => c.name === ctx.param('city'));
    return city
      ? [
          ['浙江省杭州市', cityFull(city)],
          ['0571', city.areaCode],
        ]
      : [];
  },
  fill(ctx, data) {
    const card = ctx.param('acc_no');
    if (!card) return;
    if (str(ctx.sample, 'bin') !== undefined) return fillBin(ctx, data, card);
    if (isCorporate(ctx)) return fillCorporate(ctx, data, card);
    const bin = cardBinOf(card, ctx.draw);
    if (bin) putAll(data, { bankName: bin.bankName, cardType: bin.cardType });
    const state = verdict(drawFor(['card', card, ...['name', 'idcard', 'mobile', 'idNo'].map((k) => ctx.param(k) ?? '')]));
    putVerdict(ctx, data, state, 'state');
    fillReason(ctx, data, state);
  },
};

/** BIN lookup (2203): the issuer's facts, and the Luhn check only for a complete number. */
function fillBin(ctx: Ctx, data: Json, card: string): void {
  const bin = cardBinOf(card, ctx.draw);
  if (!bin) return;
  const complete = card.length >= 13;
  putAll(data, {
    bin: card.slice(0, 6),
    bankName: bin.bankName,
    bankCode: bin.bankCode,
    cardType: bin.cardType,
    cardName: bin.cardName,
    cardLength: complete ? card.length : bin.cardLength,
    luhnValid: complete && luhn(card),
  });
}

/** Corporate account (2204): holder name against account, and the account's status. */
function fillCorporate(ctx: Ctx, data: Json, account: string): void {
  const state = verdict(drawFor(['corporate', account, ctx.param('companyName') ?? '']), 'verdict', 0.85, 0.1);
  put(data, 'state', state);
  const abnormal = enumWords(fieldDoc(ctx, 'accountStatus')).filter((w) => w !== '正常');
  put(data, 'accountStatus', state === '3' && abnormal.length ? ctx.draw.pick('accountStatus', abnormal) : '正常');
}

/** The detailed four-factor check (2209): why a card is inconsistent or unverifiable. */
function fillReason(ctx: Ctx, data: Json, state: Verdict): void {
  if (str(data, 'reasonCode') === undefined) return;
  const labels = enumCodes(fieldDoc(ctx, 'reasonCode'));
  const candidates = state === '2' ? ['01', '02', '03'] : ['04', '05', '99'];
  const code = state === '1' ? '00' : ctx.draw.pick('reason', candidates);
  putAll(data, { reasonCode: code, reason: state === '1' ? '验证一致' : (labels[code] ?? '其他') });
}
