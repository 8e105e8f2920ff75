// docs/errors.md must list exactly the codes of the contracts table, with the same status and
// message, so the documentation cannot drift from what the server answers.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ERRORS } from './errors';

const doc = readFileSync(new URL('../../../docs/errors.md', import.meta.url), 'utf8');
const rows = [...doc.matchAll(/^\| `(ALL_\d{4})` \| (\d{3}) \| ([^|]+) \|/gm)].map((m) => ({
  code: m[1],
  status: Number(m[2]),
  msg: m[3]?.trim(),
}));

describe('docs/errors.md', () => {
  it('lists every code of the contracts table once, with its status and message', () => {
    const expected = Object.entries(ERRORS).map(([code, d]) => ({ code, status: d.status, msg: d.msg }));
    expect(rows).toEqual(expected);
  });

  it('the fixed codes keep their contract meaning', () => {
    expect(ERRORS.ALL_0024.status).toBe(401);
    expect(ERRORS.ALL_0028).toMatchObject({ status: 429, msg: '获取验证码次数频繁，请10分钟后再试' });
    expect(ERRORS.ALL_0050.status).toBe(403);
  });
});
