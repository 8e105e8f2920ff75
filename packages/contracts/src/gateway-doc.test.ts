// docs/gateway.md must list every platform code with the message the gateway answers.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PLATFORM_CODES } from './gateway';

const doc = readFileSync(new URL('../../../docs/gateway.md', import.meta.url), 'utf8');
const rows = [...doc.matchAll(/^\| `(SYSTEM_\d{3})` \| ([^|]+) \|/gm)].map((m) => [m[1], m[2]?.trim()]);

describe('docs/gateway.md', () => {
  it('lists every platform code once, with its message', () => {
    expect(rows).toEqual(Object.entries(PLATFORM_CODES));
  });
});
