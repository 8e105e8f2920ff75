// One sandbox call as the families see it: the interface, the caller's parameters (declared
// ones only, trimmed), the call's deterministic draw and the interface's declared codes.
import type { InterfaceSpec } from '../types';
import { type Draw, drawFor } from './draw';
import { type Json, toJson } from './json';

export interface Ctx {
  spec: InterfaceSpec;
  /** Declared parameters the caller sent non-empty, trimmed. Others (`key`, signatures) are ignored. */
  params: Record<string, string>;
  /** The documented sample answer's data, a private copy. */
  sample: Json;
  /** Seeded by the interface and the parameters: the same call draws the same values. */
  draw: Draw;
  /**
   * The instant of the call (ms). Only answers about "now" read it (a vehicle's latest position,
   * a track's end clipped to now); the provider passes the clock, tests a fixed instant.
   */
  now: number;
  /** A present parameter's value. */
  param(name: string): string | undefined;
  /** Whether the interface documents this business code. */
  declares(code: string): boolean;
  /** The first of these codes the interface documents, or null. */
  firstDeclared(...codes: string[]): string | null;
}

// An interface's documented codes, once per spec object (a catalogue change brings new specs).
const codesBySpec = new WeakMap<InterfaceSpec, ReadonlySet<string>>();
function declaredCodes(spec: InterfaceSpec): ReadonlySet<string> {
  let codes = codesBySpec.get(spec);
  if (!codes) {
    codes = new Set(spec.codes.map((c) => c.code));
    codesBySpec.set(spec, codes);
  }
  return codes;
}

export function makeCtx(spec: InterfaceSpec, raw: Record<string, string>, now: number): Ctx {
  const params: Record<string, string> = {};
  for (const p of spec.params) {
    const value = raw[p.name]?.trim();
    if (value) params[p.name] = value;
  }
  const declared = declaredCodes(spec);
  return {
    spec,
    params,
    sample: toJson(spec.sampleResponse.data),
    draw: drawFor(['sandbox', spec.id, params]),
    now,
    param: (name) => params[name],
    declares: (code) => declared.has(code),
    firstDeclared: (...codes) => codes.find((c) => declared.has(c)) ?? null,
  };
}

/** What a family contributes; every part is optional. */
export interface Family {
  name: string;
  /** A business outcome other than success (an interface's own 100xx code), or null. */
  outcome?(ctx: Ctx): string | null;
  /** Value replacements applied to the sample before it is varied: sample value → answer value. */
  swaps?(ctx: Ctx): Array<[string, string]>;
  /** Last edits on the varied sample, in place. */
  fill?(ctx: Ctx, data: Json): void;
  /**
   * The answer is about the instant of the call (a latest position): the documented request
   * answers the documented sample only at SANDBOX_NOW, and what is true now at any other instant.
   */
  live?(ctx: Ctx): boolean;
}

/** Business codes shared by the catalogue (interfaces/shared.ts), by meaning. */
export const CODE = {
  OK: '10000',
  NO_RESULT: '10001',
  BAD_PARAM: '10002',
  BAD_IMAGE: '10003',
  BAD_IDCARD: '10005',
  ISP_UNSUPPORTED: '10006',
  CARD_UNSUPPORTED: '10007',
  VEHICLE_OFFLINE: '10011',
  RANGE_EXCEEDED: '10012',
  IMAGE_TOO_LARGE: '10013',
  WRONG_DOC: '10014',
  BAD_CARD_NO: '10015',
  BAD_VIDEO: '10017',
  BAD_TOKEN: '10018',
} as const;
