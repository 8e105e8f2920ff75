// Faces (category 2): similarity and liveness scores drawn from the pictures themselves, with
// the verdict the documented threshold gives; detection, quality, 1:N search and the face
// library. An image that does not decode never gets here (inputs.ts answers 10003 / 10017).
import type { Ctx, Family } from '../context';
import { type Draw, round } from '../draw';
import { arr, isObject, type Json, num, put, putAll, str } from '../json';
import { enumWords, fieldDoc, personVerdict } from './common';

/** The documented recommended threshold ("推荐阈值 80 分"), 80 when none is given. */
function threshold(ctx: Ctx, field: string): number {
  const m = /阈值\s*(\d+)/.exec(fieldDoc(ctx, field));
  return m ? Number(m[1]) : 80;
}

/** Mostly the same person; a similarity below the threshold otherwise. */
function similarity(d: Draw, label: string, limit: number, same = 0.8): number {
  return d.chance(`${label}:same`, same) ? d.num(label, limit + 0.5, 99.5, 2) : d.num(label, 8, limit - 0.5, 2);
}

type FaceKind = 'compare' | 'liveness' | 'antiSpoof' | 'liveCompare' | 'other';

/** Which face check an interface is, told by the fields of its documented answer. */
function faceKind(ctx: Ctx): FaceKind {
  const has = (k: string) => isObject(ctx.sample) && k in ctx.sample;
  if (has('liveScore')) return 'liveCompare';
  if (fieldDoc(ctx, 'score').includes('伪造概率')) return 'antiSpoof';
  if (has('attackType') || has('bestFrame') || has('codeMatch')) return 'liveness';
  if (has('score') && has('result')) return 'compare';
  return 'other';
}

export const faceFamily: Family = {
  name: 'face',
  fill(ctx, data) {
    const d = ctx.draw;
    const kind = faceKind(ctx);
    if (kind === 'compare') fillCompare(ctx, data, d);
    if (kind === 'liveness') fillLiveness(ctx, data, d);
    if (kind === 'liveCompare') fillLiveCompare(data, d);
    if (kind === 'antiSpoof') fillAntiSpoof(ctx, data, d);
    fillDetect(ctx, data, d);
    fillQuality(data, d);
    fillSearch(ctx, data, d);
    if (str(data, 'faceToken') !== undefined) put(data, 'faceToken', `ft_${d.hex('faceToken', 12)}`);
    if (num(data, 'deleted') !== undefined) put(data, 'deleted', ctx.param('faceToken') ? 1 : d.int('deleted', 1, 3));
  },
};

/** 1:1 comparison (2061, 2071) and verification against the authority photo (2062). */
function fillCompare(ctx: Ctx, data: Json, d: Draw): void {
  const limit = threshold(ctx, 'result');
  const idcard = ctx.param('idcard');
  // Against the authority photo: a person the identity source does not know cannot be compared.
  if (idcard && personVerdict(idcard, ctx.param('name')) === '3') {
    putAll(data, { score: 0, result: '3' });
    return;
  }
  const score = similarity(d, 'score', limit);
  putAll(data, { score, result: score >= limit ? '1' : '2' });
}

const liveScore = (d: Draw, live: boolean) => (live ? d.num('liveScore', 85, 99.8, 1) : d.num('liveScore', 5, 49, 1));

/** Liveness on a photo (9699) or a video (2063), and the read-aloud digits check (2065). */
function fillLiveness(ctx: Ctx, data: Json, d: Draw): void {
  const live = d.chance('live', 0.92);
  const attacks = enumWords(fieldDoc(ctx, 'attackType'));
  putAll(data, { result: live ? '1' : '2', score: liveScore(d, live), attackType: live || !attacks.length ? '' : d.pick('attack', attacks) });
  const code = ctx.param('code');
  if (code === undefined) return;
  const match = d.chance('codeMatch', 0.9);
  const heard = match ? code : code.replace(/\d$/, (c) => String((Number(c) + 1) % 10));
  putAll(data, { codeMatch: match, recognizedCode: heard, result: live && match ? '1' : '2' });
}

/** Liveness then comparison with the authority photo (2073); no comparison when not live. */
function fillLiveCompare(data: Json, d: Draw): void {
  const live = d.chance('live', 0.92);
  const compare = live ? similarity(d, 'compare', 80) : 0;
  putAll(data, { liveResult: live ? '1' : '2', liveScore: liveScore(d, live), compareScore: compare, result: live && compare >= 80 ? '1' : '2' });
}

/** Forgery detection (2072): the score is a forgery probability, low for real faces. */
function fillAntiSpoof(ctx: Ctx, data: Json, d: Draw): void {
  const real = d.chance('real', 0.92);
  const attacks = enumWords(fieldDoc(ctx, 'attackType'));
  putAll(data, {
    result: real ? '1' : '2',
    score: real ? d.num('forgery', 0.5, 20, 1) : d.num('forgery', 60, 99, 1),
    attackType: real || !attacks.length ? '' : d.pick('attack', attacks),
  });
}

/** Detection (2066): up to maxFaceNum faces with drawn attributes, largest first. */
function fillDetect(ctx: Ctx, data: Json, d: Draw): void {
  const model = arr(ctx.sample, 'faces')?.[0];
  if (!isObject(model)) return;
  const max = Math.min(Math.max(Number(ctx.param('maxFaceNum') ?? 1), 1), 10);
  const count = Math.min(max, d.int('faces', 1, 3));
  const faces = Array.from({ length: count }, (_, i): Json => {
    const f = d.child(`face${i}`);
    const width = Math.round(236 / (i + 1) + f.int('w', -20, 20));
    return {
      ...model,
      age: f.int('age', 18, 65),
      gender: f.pick('gender', ['male', 'female']),
      glasses: f.chance('glasses', 0.25) ? f.pick('kind', ['common', 'sun']) : 'none',
      mask: f.chance('mask', 0.1),
      expression: f.pick('expression', ['none', 'smile', 'laugh']),
      location: { left: f.int('left', 40, 600), top: f.int('top', 40, 400), width, height: width + f.int('h', 0, 12) },
    };
  });
  put(data, 'faces', faces);
}

/** Quality (2067): one overall score, passing from 70. */
function fillQuality(data: Json, d: Draw): void {
  if (num(data, 'qualityScore') === undefined) return;
  const score = d.int('quality', 55, 98);
  putAll(data, {
    qualityScore: score,
    passed: score >= 70,
    blur: round((100 - score) / 250, 2),
    occlusion: score >= 70 ? d.num('occlusion', 0, 0.05, 2) : d.num('occlusion', 0.1, 0.4, 2),
  });
}

/** 1:N search (2068): topN candidates by descending score; matched when the best passes 80. */
function fillSearch(ctx: Ctx, data: Json, d: Draw): void {
  const model = arr(ctx.sample, 'list')?.[0];
  if (!isObject(model) || !('userId' in model)) return;
  const topN = Math.min(Math.max(Number(ctx.param('topN') ?? 5), 1), 20);
  let score = similarity(d, 'best', 80, 0.7);
  const list = Array.from({ length: topN }, (_, i): Json => {
    if (i > 0) score = round(score * d.num(`drop${i}`, 0.6, 0.95, 2), 1);
    return { ...model, userId: `member_${d.digits(`user${i}`, 5)}`, score: round(score, 1) };
  });
  putAll(data, { list, matched: (num(list[0], 'score') ?? 0) >= 80 });
}
