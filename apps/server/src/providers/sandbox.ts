// The default data provider (Decision 10): answers every catalogue interface offline, shaped
// exactly like its documented sample, deterministic per interface and parameters.
//
// How an answer is made:
//   1. inputs a real source would refuse answer the interface's own code (sandbox/inputs.ts);
//   2. the documented sample request answers the documented sample response, verbatim;
//   3. otherwise the family of the interface's category may decide a business outcome, and the
//      sample's data is re-aimed at the caller's subject, its history dates moved, its measures
//      varied, and the family fills what it knows (verdicts, issuers, carriers, positions…).
import { CODE, type Ctx, type Family, makeCtx } from './sandbox/context';
import { familyOf } from './sandbox/families';
import { companySubject, companySwaps } from './sandbox/families/company';
import { inputRefusal } from './sandbox/inputs';
import { SANDBOX_NOW_INSTANT } from './sandbox/tables';
import { type Json, mapLeaves } from './sandbox/json';
import { agree, applySwaps, followWindow, jitterMeasures, shiftHistory } from './sandbox/vary';
import type { DataProvider, InterfaceSpec, ProviderAnswer } from './types';

export function sandboxProvider(): DataProvider {
  return {
    name: 'sandbox',
    async call(spec, params, { signal }) {
      signal?.throwIfAborted();
      return sandboxAnswer(spec, params, Date.now());
    },
  };
}

/**
 * The sandbox's answer to one call at an instant; pure. Only answers about "now" depend on the
 * instant (a vehicle's latest position, a track clipped to now); without one it is SANDBOX_NOW.
 */
export function sandboxAnswer(spec: InterfaceSpec, params: Record<string, string>, now: number = SANDBOX_NOW_INSTANT): ProviderAnswer {
  const ctx = makeCtx(spec, params, now);
  const refusal = inputRefusal(ctx);
  if (refusal) return answer(ctx, refusal, null);
  const family = familyOf(spec);
  const live = now !== SANDBOX_NOW_INSTANT && (family.live?.(ctx) ?? false);
  if (isDocumentedSample(ctx) && !live) return answer(ctx, CODE.OK, ctx.sample);
  const outcome = family.outcome?.(ctx);
  if (outcome) return answer(ctx, outcome, null);
  return answer(ctx, CODE.OK, compose(ctx, family));
}

function answer(ctx: Ctx, code: string, data: Json): ProviderAnswer {
  const message = ctx.spec.codes.find((c) => c.code === code)?.message ?? (code === CODE.OK ? '成功' : '');
  return { code, message, data };
}

/** Every declared parameter sent exactly as its documented example. */
function isDocumentedSample(ctx: Ctx): boolean {
  return ctx.spec.params.every((p) => ctx.param(p.name) === p.example.trim());
}

function compose(ctx: Ctx, family: Family): Json {
  // Later entries win: the company's own swaps over the legal person's, the family's over all.
  const swaps = [...companySwaps(ctx), ...paramSwaps(ctx), ...(family.swaps?.(ctx) ?? [])];
  let data = echoParams(ctx, applySwaps(ctx.sample, swaps));
  const start = ctx.param('startTime');
  const end = ctx.param('endTime');
  const exampleStart = ctx.spec.params.find((p) => p.name === 'startTime')?.example;
  data = start && end && exampleStart ? followWindow(data, exampleStart, start, end) : shiftHistory(data, ctx.draw.int('historyDays', 0, 720));
  data = jitterMeasures(data, ctx.draw);
  family.fill?.(ctx, data);
  agree(ctx.sample, data);
  return data;
}

/** Parameters whose example, met in the sample, stands for the caller's value. */
function paramSwaps(ctx: Ctx): Array<[string, string]> {
  const companyParams = companySubject(ctx)?.params ?? [];
  return ctx.spec.params.flatMap((p): Array<[string, string]> => {
    const value = ctx.param(p.name);
    const skip = p.type !== 'string' || companyParams.includes(p.name) || /格式|列表|JSON/.test(p.description);
    return value === undefined || skip ? [] : [[p.example, value]];
  });
}

/** A field named like a parameter answers the caller's value (groupId, userId, year, side…). */
function echoParams(ctx: Ctx, data: Json): Json {
  return mapLeaves(data, (leaf, key) => {
    const value = ctx.param(key);
    if (value === undefined) return leaf;
    if (typeof leaf === 'string') return value;
    if (typeof leaf === 'number' && Number.isFinite(Number(value))) return Number(value);
    return leaf;
  });
}
