// The leak check must find what it is for: a clear ID number, mobile, e-mail or key in the log,
// a clear ID number in the database files, and any file left outside the database.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkDataDir, checkLog, journeyIdNumbers } from './leak-check.mjs';

const dir = mkdtempSync(path.join(os.tmpdir(), 'leak-check-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('leak check', () => {
  it('passes a scrubbed log and finds each kind of clear value', () => {
    const clean = path.join(dir, 'clean.log');
    writeFileSync(
      clean,
      [
        '{"level":30,"msg":"call","params":{"idcard":"110101********4514","mobile":"139****0001","email":"z***@example.com"},"reqId":"0b7c1e8a-3f7e-4f4e-9b52-3c1a2b4d5e6f"}',
        '{"reqId":"14935b01-43e1-40bf-adcf-15094748222a","responseTime":0.13987654321012}',
        '{"to":"sales@localhost.localdomain"}',
        '> @apimarket/server@0.1.0 build',
      ].join('\n'),
    );
    expect(checkLog(clean)).toEqual([]);
    const leaky = path.join(dir, 'leaky.log');
    writeFileSync(
      leaky,
      ['110101199003074514', '13912345678', 'zhang.san@example.com', 'Q2hhbmdlTWVfdGhpc19pc19hX3B1cmNoYXNlX2tleV8xMjM']
        .map((v) => `{"msg":"x ${v}"}`)
        .join('\n'),
    );
    expect(checkLog(leaky).map((p) => p.split(' in clear')[0])).toEqual([
      'leaky.log: ID number',
      'leaky.log: mobile number',
      'leaky.log: e-mail address',
      'leaky.log: key',
    ]);
  });

  it('leaves out the ID numbers the seed holds (the documentation samples)', () => {
    const tests = path.join(dir, 'tests');
    const seed = path.join(dir, 'seed');
    mkdirSync(tests);
    mkdirSync(seed);
    writeFileSync(path.join(tests, 'a.spec.ts'), "fill('110101199003074514'); upload('330106198507121230');");
    writeFileSync(path.join(seed, 'docs.ts'), "sample: '110101199003074514'");
    expect(journeyIdNumbers(tests, seed)).toEqual(['330106198507121230']);
  });

  it('finds a journey ID number in the database files and any file beside the database', () => {
    const data = path.join(dir, 'data');
    mkdirSync(path.join(data, 'pgdata', 'base'), { recursive: true });
    writeFileSync(path.join(data, 'pgdata', 'base', '1'), Buffer.from('\u0000\u0001110101********4514\u0000'));
    expect(checkDataDir(data, ['110101199003074514'])).toEqual([]);
    writeFileSync(path.join(data, 'pgdata', 'base', '2'), Buffer.from('\u0000110101199003074514\u0000'));
    mkdirSync(path.join(data, 'uploads'));
    writeFileSync(path.join(data, 'uploads', 'licence.png'), 'x');
    expect(checkDataDir(data, ['110101199003074514']).sort()).toEqual([
      `pgdata${path.sep}base${path.sep}2: the ID number 110101199003074514 in clear`,
      `uploads${path.sep}licence.png: a file outside the database`,
    ]);
  });
});
