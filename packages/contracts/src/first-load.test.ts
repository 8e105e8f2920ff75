// The modules a public page's client code reaches on its first load (the request client's call
// helpers, the envelope, the constants and wording, China time, the page-view ping) must not
// load zod when they load: a declaration's rule would otherwise ride in every public page's
// first load (Decision 158; the declarers live in declare.ts for this reason).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const FIRST_LOAD = ['call.ts', 'envelope.ts', 'constants.ts', 'format.ts', 'china-time.ts', 'page-view.ts', 'lead-words.ts', 'errors.ts'];

/** The specifiers a module imports or re-exports when it runs (type-only imports are erased). */
function runtimeImports(file: string): string[] {
  const text = readFileSync(path.join(import.meta.dirname, file), 'utf8');
  const found: string[] = [];
  for (const m of text.matchAll(/^(?:import|export)\s+(type\s+)?[^'";]*?from\s+'([^']+)'/gm)) {
    if (!m[1]) found.push(m[2] ?? '');
  }
  return found;
}

/** Every module reached from `file` by runtime imports inside the package, and the outside packages named. */
function reach(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const spec of runtimeImports(file)) {
    if (spec.startsWith('./')) reach(`${spec.slice(2)}${spec.endsWith('.mjs') ? '' : '.ts'}`, seen);
    else seen.add(spec);
  }
  return seen;
}

describe('first-load modules', () => {
  it.each(FIRST_LOAD)('%s reaches no zod when it loads', (file) => {
    expect([...reach(file)].filter((m) => m === 'zod' || m.startsWith('zod/'))).toEqual([]);
  });

  it('the check sees a runtime zod import where there is one', () => {
    expect(reach('declare.ts').has('zod')).toBe(true);
  });
});
