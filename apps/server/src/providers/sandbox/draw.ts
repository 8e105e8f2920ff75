// Deterministic choices for the sandbox: every "random" value is a SHA-256 of the call's
// identity plus a label, so the same input always gives the same answer and one choice does not
// shift when another is added or reordered. No Math.random, no clock.
import { hash } from 'node:crypto';

export interface Draw {
  /** A number in [0, 1) for this label. */
  unit(label: string): number;
  /** An integer in [min, max]. */
  int(label: string, min: number, max: number): number;
  /** A number in [min, max] rounded to `decimals`. */
  num(label: string, min: number, max: number, decimals: number): number;
  pick<T>(label: string, items: readonly T[]): T;
  /** True with probability p. */
  chance(label: string, p: number): boolean;
  /** n decimal digits. */
  digits(label: string, n: number): string;
  /** n lower-case hexadecimal characters. */
  hex(label: string, n: number): string;
  /** A Draw for a sub-part (a list item), independent of its siblings. */
  child(label: string): Draw;
}

/** Canonical text of the parts: order-stable JSON, so {a,b} and {b,a} agree. */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

// One-shot hashing: a sandbox answer draws a dozen values or more, each a hash of its label.
const sha256 = (text: string): Buffer => hash('sha256', text, 'buffer');

/** A Draw seeded by any JSON-able parts, e.g. drawFor(['person', idcard, name]). */
export function drawFor(parts: unknown): Draw {
  return fromSeed(sha256(canonical(parts)).toString('hex'));
}

function fromSeed(seed: string): Draw {
  const bytes = (label: string) => sha256(`${seed}\u0000${label}`);
  // 48 bits are plenty for uniform choices and stay exact in a double.
  const unit = (label: string) => bytes(label).readUIntBE(0, 6) / 2 ** 48;
  const draw: Draw = {
    unit,
    int: (label, min, max) => min + Math.floor(unit(label) * (max - min + 1)),
    num: (label, min, max, decimals) => round(min + unit(label) * (max - min), decimals),
    pick: (label, items) => {
      const item = items[Math.floor(unit(label) * items.length)];
      if (item === undefined) throw new RangeError(`pick(${label}) from an empty list`);
      return item;
    },
    chance: (label, p) => unit(label) < p,
    digits: (label, n) => {
      let out = '';
      for (let i = 0; out.length < n; i++) for (const b of bytes(`${label}#${i}`)) out += String(b % 10);
      return out.slice(0, n);
    },
    hex: (label, n) => {
      let out = '';
      for (let i = 0; out.length < n; i++) out += bytes(`${label}#${i}`).toString('hex');
      return out.slice(0, n);
    },
    child: (label) => fromSeed(bytes(`child:${label}`).toString('hex')),
  };
  return draw;
}

export function round(value: number, decimals: number): number {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
}
