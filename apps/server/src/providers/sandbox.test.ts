import { isValidUscc } from '@apimarket/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SEED_INTERFACES } from '../db/seed/data/interfaces';
import { COMPANY, PERSON } from '../db/seed/data/interfaces/shared';
import type { SeedInterface } from '../db/seed/data/types';
import { sandboxAnswer, sandboxProvider } from './sandbox';
import { idCheckChar, isValidIdNumber, luhn } from './validate';

// ── Fixtures of the test ─────────────────────────────────────────────────────────────────────
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF'), Buffer.alloc(3000, 9)]).toString('base64');
const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x20]), Buffer.from('ftypisom'), Buffer.alloc(6000, 3)]).toString('base64');
const TEXT = Buffer.from('this is a text file, not a picture at all').toString('base64');

const spec = (id: number): SeedInterface => {
  const s = SEED_INTERFACES.find((x) => x.id === id);
  if (!s) throw new Error(`no interface ${id}`);
  return s;
};
const declared = (s: SeedInterface) => s.codes.map((c) => c.code);
const isVideo = (s: SeedInterface, name: string) => name === 'video' || (s.params.find((p) => p.name === name)?.description ?? '').includes('MP4');

/** The documented request with real media instead of the truncated placeholders. */
function callable(s: SeedInterface, overrides: Record<string, string> = {}): Record<string, string> {
  const params: Record<string, string> = { ...s.sampleRequest };
  for (const p of s.params) if (p.type === 'base64') params[p.name] = isVideo(s, p.name) ? MP4 : JPEG;
  for (const [k, v] of Object.entries(overrides)) if (k in params) params[k] = v;
  return params;
}

const idNumber = (region: string, birth: string, seq: number) => {
  const first17 = `${region}${birth}${String(seq).padStart(3, '0')}`;
  return first17 + idCheckChar(first17);
};
const REGIONS = ['110101', '330106', '440305', '510107', '320583', '420102', '610113'];
const generatedIds = (n: number) =>
  Array.from({ length: n }, (_, i) => idNumber(REGIONS[i % REGIONS.length] ?? '110101', `19${60 + (i % 40)}0${1 + (i % 9)}1${i % 9}`, 100 + i));
const withLuhn = (body: string) => [...'0123456789'].map((d) => body + d).find(luhn) ?? '';
const plate = (i: number) => `浙A${String(10000 + i * 7919).slice(-5)}`;

/** Parameter values a customer might send instead of the examples, by parameter name. */
function variant(i: number): Record<string, string> {
  const ids = generatedIds(12);
  return {
    name: ['刘洋', '陈静', PERSON.li.name, '欧阳娜娜'][i % 4] ?? '',
    idcard: ids[i] ?? PERSON.zhang.idcard,
    mobile: ['18912345678', '13012345678', '19212345678', '17012345678', '15800001111'][i % 5] ?? '',
    acc_no: [withLuhn('622848040256489001'), withLuhn('621700121002445522'), withLuhn('436742000000001')][i % 3] ?? '',
    plateNumber: plate(i),
    vin: `LSVAU2187N2${String(100000 + i * 37).slice(-6)}`,
    keyword: ['某某贸易有限公司', COMPANY.logistics.name, COMPANY.supply.creditCode][i % 3] ?? '',
    companyName: ['某某贸易有限公司', COMPANY.transport.name][i % 2] ?? '',
    creditCode: [COMPANY.info.creditCode, '91330108MA5F6G7H8R'][i % 2] ?? '',
    startTime: `2026-02-${String(1 + i).padStart(2, '0')} 08:00:00`,
    endTime: `2026-02-${String(2 + i).padStart(2, '0')} 20:00:00`,
    side: ['front', 'back'][i % 2] ?? 'front',
    mobiles: '13800138000,18912345678,16012345678',
  };
}

type Kind = 'string' | 'number' | 'boolean' | 'null' | 'array' | 'object';
const kind = (v: unknown): Kind => (v === null ? 'null' : Array.isArray(v) ? 'array' : (typeof v as Kind));

/** Where `answer` differs in shape from `sample`: same keys, same kinds, list items like the first. */
function shapeDiff(sample: unknown, answer: unknown, path = 'data'): string[] {
  if (kind(sample) !== kind(answer)) return [`${path}: ${kind(sample)} → ${kind(answer)}`];
  if (Array.isArray(sample) && Array.isArray(answer)) {
    return sample.length ? answer.flatMap((item, i) => shapeDiff(sample[0], item, `${path}[${i}]`)) : [];
  }
  if (kind(sample) !== 'object') return [];
  const a = sample as Record<string, unknown>;
  const b = answer as Record<string, unknown>;
  const keys = [Object.keys(a).sort().join(','), Object.keys(b).sort().join(',')];
  if (keys[0] !== keys[1]) return [`${path}: keys ${keys[0]} → ${keys[1]}`];
  return Object.keys(a).flatMap((k) => shapeDiff(a[k], b[k], `${path}.${k}`));
}

const data = (answer: { data: unknown }) => answer.data as Record<string, unknown>;

afterEach(() => {
  vi.useRealTimers();
});

// ── The whole catalogue ──────────────────────────────────────────────────────────────────────
describe('every catalogue interface', () => {
  it.each(SEED_INTERFACES.map((s) => [s.id, s.interfaceName, s] as const))('%i %s: its sample request answers a declared code', (_id, _name, s) => {
    const answer = sandboxAnswer(s, s.sampleRequest);
    expect(declared(s)).toContain(answer.code);
    expect(answer.message).toBe(s.codes.find((c) => c.code === answer.code)?.message);
    if (answer.code === '10000') expect(Object.keys(data(answer)).sort()).toEqual(Object.keys(s.sampleResponse.data as object).sort());
    // The documented request answers the documented response, unless its media are placeholders.
    if (!s.params.some((p) => p.type === 'base64')) expect(answer).toEqual({ code: '10000', message: '成功', data: s.sampleResponse.data });
  });

  it.each(SEED_INTERFACES.map((s) => [s.id, s.interfaceName, s] as const))(
    '%i %s: other inputs answer declared codes shaped like the documentation',
    (_id, _name, s) => {
      const calls = [callable(s), ...Array.from({ length: 12 }, (_, i) => callable(s, variant(i)))];
      const answers = calls.map((params) => sandboxAnswer(s, params));
      for (const answer of answers) {
        expect(declared(s)).toContain(answer.code);
        if (answer.code === '10000') expect(shapeDiff(s.sampleResponse.data, answer.data)).toEqual([]);
        else expect(answer.data).toBeNull();
      }
      // With real media, the documented request succeeds.
      expect(answers[0]?.code).toBe('10000');
    },
  );

  it('is deterministic: same call, same answer, whatever the clock, the key or the order', () => {
    for (const s of SEED_INTERFACES) {
      const params = callable(s, variant(s.id % 12));
      const first = sandboxAnswer(s, params);
      vi.useFakeTimers();
      vi.setSystemTime(new Date('2031-07-01T12:00:00Z'));
      const reordered = Object.fromEntries(Object.entries(params).reverse());
      expect(sandboxAnswer(s, { ...reordered, key: 'another-key', sign: 'x' }), `${s.id}`).toEqual(first);
      vi.useRealTimers();
    }
  });

  it('varies with the input', () => {
    const s = spec(2130);
    const a = sandboxAnswer(s, { keyword: '某甲科技有限公司' });
    const b = sandboxAnswer(s, { keyword: '某乙科技有限公司' });
    expect(data(a).creditCode).not.toEqual(data(b).creditCode);
  });
});

// ── Inputs a source refuses ──────────────────────────────────────────────────────────────────
describe('refused inputs', () => {
  it('answers 10005 for an identity number failing its checksum, wherever declared', () => {
    const withId = SEED_INTERFACES.filter((s) => s.params.some((p) => p.name === 'idcard') && declared(s).includes('10005'));
    expect(withId.length).toBeGreaterThan(20);
    for (const s of withId) expect(sandboxAnswer(s, callable(s, { idcard: '110101199003074515' })).code, `${s.id}`).toBe('10005');
  });

  it('answers 10015 for a card number failing Luhn, wherever declared', () => {
    const withCard = SEED_INTERFACES.filter((s) => declared(s).includes('10015'));
    expect(withCard.length).toBeGreaterThan(5);
    for (const s of withCard) expect(sandboxAnswer(s, callable(s, { acc_no: '6222021234567890127' })).code, `${s.id}`).toBe('10015');
  });

  it('answers 10003 / 10017 for media that are not pictures or MP4 videos', () => {
    for (const s of SEED_INTERFACES.filter((x) => x.params.some((p) => p.type === 'base64'))) {
      const media = Object.fromEntries(s.params.filter((p) => p.type === 'base64').map((p) => [p.name, TEXT]));
      const video = s.params.some((p) => p.type === 'base64' && isVideo(s, p.name));
      expect(sandboxAnswer(s, callable(s, media)).code, `${s.id}`).toBe(video ? '10017' : '10003');
      expect(sandboxAnswer(s, s.sampleRequest).code, `${s.id} placeholder`).toBe(video ? '10017' : '10003');
    }
  });

  it('answers 10013 for a picture larger than documented', () => {
    const big = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2 * 1024 * 1024 + 10)]).toString('base64');
    expect(sandboxAnswer(spec(2061), callable(spec(2061), { image1: big })).code).toBe('10013');
  });

  it('answers 10012 beyond the documented window and 10002 for malformed or reversed times', () => {
    const s = spec(9867); // 72 hours at most
    expect(sandboxAnswer(s, callable(s, { startTime: '2026-03-01 00:00:00', endTime: '2026-03-04 00:00:01' })).code).toBe('10012');
    expect(sandboxAnswer(s, callable(s, { startTime: '2026-03-01 00:00:00', endTime: '2026-03-04 00:00:00' })).code).toBe('10000');
    expect(sandboxAnswer(s, callable(s, { startTime: '2026/03/01', endTime: '2026-03-02 00:00:00' })).code).toBe('10002');
    expect(sandboxAnswer(s, callable(s, { startTime: '2026-03-02 00:00:00', endTime: '2026-03-01 00:00:00' })).code).toBe('10002');
  });

  it('answers 10006 for a segment no carrier serves, 10007 for a card no domestic source covers, 10018 for a bad token', () => {
    expect(sandboxAnswer(spec(9054), { mobile: '16012345678' }).code).toBe('10006');
    expect(sandboxAnswer(spec(1887), callable(spec(1887), { acc_no: withLuhn('900000000000000') })).code).toBe('10007');
    expect(sandboxAnswer(spec(2203), { acc_no: withLuhn('900000000000000') }).code).toBe('10001');
    expect(sandboxAnswer(spec(1965), { token: 'short!' }).code).toBe('10018');
  });

  it('answers 10002 for a missing required parameter when called without the gateway', () => {
    expect(sandboxAnswer(spec(1882), { name: '张三' }).code).toBe('10002');
  });
});

// ── Families ─────────────────────────────────────────────────────────────────────────────────
describe('identity', () => {
  const verifiers = SEED_INTERFACES.filter(
    (s) =>
      [1, 5].includes(s.categoryId) &&
      s.params.some((p) => p.name === 'name') &&
      /^[1-6]/.test(s.params.find((p) => p.name === 'idcard')?.example ?? '') &&
      'result' in (s.sampleResponse.data as object),
  );

  it('answers "1" for every fixture person with their own name, "2" with another name', () => {
    expect(verifiers.length).toBeGreaterThanOrEqual(7);
    for (const s of verifiers) {
      for (const p of Object.values(PERSON)) {
        expect(data(sandboxAnswer(s, callable(s, { name: p.name, idcard: p.idcard }))).result, `${s.id} ${p.name}`).toBe('1');
        const other = p.name === PERSON.wang.name ? PERSON.zhao.name : PERSON.wang.name;
        expect(data(sandboxAnswer(s, callable(s, { name: other, idcard: p.idcard }))).result, `${s.id} ${other}`).toBe('2');
      }
    }
  });

  it('answers mostly "1", some "2", a few "3" for other people, and agrees across interfaces', () => {
    const results = generatedIds(400).map((idcard, i) => {
      const a = data(sandboxAnswer(spec(1882), { name: `测试${i}`, idcard })).result;
      expect(data(sandboxAnswer(spec(1888), { name: `测试${i}`, idcard })).result).toBe(a);
      return a;
    });
    const share = (r: string) => results.filter((x) => x === r).length / results.length;
    expect(share('1')).toBeGreaterThan(0.7);
    expect(share('2')).toBeGreaterThan(0.07);
    expect(share('3')).toBeGreaterThan(0.01);
    expect(share('1') + share('2') + share('3')).toBe(1);
  });

  it('derives sex, birth date, age and region from the number (1888, 1884)', () => {
    const answer = data(sandboxAnswer(spec(1884), { idcard: PERSON.li.idcard }));
    expect(answer).toMatchObject({ valid: true, sex: '男', birthday: '19850712', age: 40, province: '浙江省', city: '杭州市', district: '西湖区' });
    const female = data(sandboxAnswer(spec(1888), { name: PERSON.zhao.name, idcard: PERSON.zhao.idcard }));
    expect(female).toMatchObject({ result: '1', sex: '女', birthday: '19880916', area: '江苏省苏州市昆山市' });
    expect(data(sandboxAnswer(spec(1902), { name: PERSON.minor.name, idcard: PERSON.minor.idcard }))).toMatchObject({ isAdult: false, age: 13 });
  });

  it('checks each item of a batch, a bad number answering "3"', () => {
    const items = JSON.stringify([
      { bizId: 'A', name: PERSON.zhang.name, idcard: PERSON.zhang.idcard },
      { bizId: 'B', name: PERSON.li.name, idcard: '110101199003074515' },
      { bizId: 'C', name: PERSON.wang.name, idcard: PERSON.zhang.idcard },
    ]);
    const answer = data(sandboxAnswer(spec(1893), { items }));
    expect(answer.total).toBe(3);
    expect((answer.list as Array<Record<string, string>>).map((x) => [x.bizId, x.result])).toEqual([
      ['A', '1'],
      ['B', '3'],
      ['C', '2'],
    ]);
  });
});

describe('bank cards', () => {
  it.each([
    ['622848', '中国农业银行'],
    ['621700', '中国建设银行'],
    ['622202', '中国工商银行'],
    ['622588', '招商银行'],
  ])('names the issuer of BIN %s', (bin, bank) => {
    const card = withLuhn(bin === '622588' ? `${bin}000000012` : `${bin}000000000123`);
    expect(data(sandboxAnswer(spec(2203), { acc_no: card }))).toMatchObject({ bin, bankName: bank, luhnValid: true, cardLength: card.length });
    expect(data(sandboxAnswer(spec(1887), callable(spec(1887), { acc_no: card }))).bankName).toBe(bank);
  });

  it('draws the state per card and holder and words the description after it', () => {
    const states = new Set<string>();
    for (let i = 0; i < 80; i++) {
      const answer = data(sandboxAnswer(spec(2202), { name: `持卡人${i}`, acc_no: withLuhn(`62220212345${String(i).padStart(4, '0')}123`) }));
      states.add(String(answer.state));
      if (answer.state === '2') expect(answer.description).toBe('姓名与卡号不一致');
    }
    expect([...states].sort()).toEqual(['1', '2', '3']);
  });
});

describe('mobiles', () => {
  it.each([
    ['13800001111', '移动'],
    ['13000001111', '联通'],
    ['18900001111', '电信'],
    ['19200001111', '广电'],
  ])('%s belongs to %s', (mobile, isp) => {
    const answer = data(sandboxAnswer(spec(9054), { mobile }));
    expect(answer.isp).toBe(isp);
    expect(['[0,3)', '[3,6)', '[6,12)', '[12,24)', '[24,+)']).toContain(answer.range);
  });

  it('recognises virtual operator segments', () => {
    expect(data(sandboxAnswer(spec(1967), { mobile: '17051234567' }))).toEqual({ numberType: '虚拟运营商号码', hostIsp: '移动' });
  });
});

describe('faces', () => {
  it('gives the verdict the documented threshold implies', () => {
    const verdicts = new Set<string>();
    for (let i = 0; i < 60; i++) {
      const image = Buffer.concat([Buffer.from(JPEG, 'base64'), Buffer.from(String(i))]).toString('base64');
      const answer = data(sandboxAnswer(spec(2061), { image1: image, image2: JPEG }));
      expect(answer.score).toBeGreaterThanOrEqual(0);
      expect(answer.score).toBeLessThanOrEqual(100);
      expect(answer.result).toBe(Number(answer.score) >= 80 ? '1' : '2');
      verdicts.add(String(answer.result));
    }
    expect(verdicts.size).toBe(2);
  });
});

describe('OCR', () => {
  it('reads a fictitious person whose fields agree with their identity number', () => {
    const answer = data(sandboxAnswer(spec(1985), { image: JPEG, side: 'front' }));
    const idcard = String(answer.idcard);
    expect(isValidIdNumber(idcard)).toBe(true);
    expect(Object.values(PERSON).some((p) => p.idcard === idcard && p.name === answer.name)).toBe(true);
    expect(answer.sex).toBe(Number(idcard[16]) % 2 ? '男' : '女');
    expect(answer.birth).toBe(idcard.slice(6, 14));
  });

  it('reads the issuer and validity on the emblem side, no person', () => {
    const answer = data(sandboxAnswer(spec(1985), { image: JPEG, side: 'back' }));
    expect(answer).toMatchObject({ side: 'back', name: '', idcard: '' });
    expect(answer.issuer).toMatch(/公安/);
    expect(answer.validity).toMatch(/^\d{8}-(\d{8}|长期)$/);
  });
});

describe('companies', () => {
  it('answers the company asked for, with a valid credit code', () => {
    const byName = data(sandboxAnswer(spec(2130), { keyword: '某某贸易有限公司' }));
    expect(byName.companyName).toBe('某某贸易有限公司');
    expect(isValidUscc(String(byName.creditCode))).toBe(true);
    const byCode = data(sandboxAnswer(spec(2130), { keyword: COMPANY.logistics.creditCode }));
    expect(byCode).toMatchObject({ companyName: COMPANY.logistics.name, creditCode: COMPANY.logistics.creditCode });
  });

  it('verifies a fixture pair as consistent and two fixtures crossed as inconsistent', () => {
    const s = spec(2131);
    expect(data(sandboxAnswer(s, { companyName: COMPANY.info.name, creditCode: COMPANY.info.creditCode })).result).toBe('1');
    expect(data(sandboxAnswer(s, { companyName: COMPANY.info.name, creditCode: COMPANY.supply.creditCode })).result).toBe('2');
  });
});

describe('vehicles and logistics', () => {
  it('places vehicles inside mainland China, the same plate in the same place', () => {
    for (let i = 0; i < 50; i++) {
      const answer = sandboxAnswer(spec(9694), { plateNumber: plate(i), plateColor: '2' });
      if (answer.code !== '10000') continue;
      const { lon, lat } = data(answer) as { lon: number; lat: number };
      expect(lon).toBeGreaterThan(73);
      expect(lon).toBeLessThan(135);
      expect(lat).toBeGreaterThan(18);
      expect(lat).toBeLessThan(54);
    }
  });

  it('draws tracks inside the query window, in time order', () => {
    const answer = data(
      sandboxAnswer(spec(9867), { plateNumber: plate(3), plateColor: '2', startTime: '2026-02-10 00:00:00', endTime: '2026-02-11 12:00:00' }),
    );
    const times = (answer.points as Array<{ gpsTime: string }>).map((p) => p.gpsTime);
    expect(times.length).toBe(answer.total);
    expect([...times].sort()).toEqual(times);
    for (const t of times) expect(t >= '2026-02-10 00:00:00' && t <= '2026-02-11 12:00:00').toBe(true);
  });

  it('has a few vehicles off the monitoring platform (10011), never the documented ones', () => {
    const codes = Array.from({ length: 200 }, (_, i) => sandboxAnswer(spec(9694), { plateNumber: plate(i), plateColor: '2' }).code);
    expect(codes.filter((c) => c === '10011').length).toBeGreaterThan(0);
    expect(codes.filter((c) => c === '10000').length).toBeGreaterThan(170);
    expect(sandboxAnswer(spec(9694), { plateNumber: '浙A8F2C6', plateColor: '1' }).code).toBe('10000');
  });
});

describe('insurance models', () => {
  it('grades each score as documented (A < 30 ≤ B < 40 ≤ C < 60 ≤ D < 80 ≤ E)', () => {
    const grade = (score: number) => (score < 30 ? 'A' : score < 40 ? 'B' : score < 60 ? 'C' : score < 80 ? 'D' : 'E');
    const grades = new Set<string>();
    for (let i = 0; i < 80; i++) {
      const answer = sandboxAnswer(spec(9963), { plateNumber: plate(i), plateColor: '2' });
      if (answer.code !== '10000') continue;
      const { score, riskLevel } = data(answer) as { score: number; riskLevel: string };
      expect(riskLevel).toBe(grade(score));
      grades.add(riskLevel);
    }
    expect(grades.size).toBeGreaterThanOrEqual(3);
  });
});

describe('judicial records', () => {
  it('lists 0–3 records with case numbers, courts and past dates, counted beside the list', () => {
    const sizes = new Set<number>();
    for (const idcard of generatedIds(40)) {
      const answer = data(sandboxAnswer(spec(9839), { name: '测试', idcard }));
      const list = answer.list as Array<Record<string, string>>;
      sizes.add(list.length);
      expect(list.length).toBeLessThanOrEqual(3);
      expect(answer.total).toBe(list.length);
      expect(answer.asDefendant).toBe(list.filter((r) => r.role === '被告').length);
      for (const r of list) {
        expect(r.caseNo).toMatch(/^（20\d{2}）\p{Script=Han}\d{4}民初\d+号$/u);
        expect(r.court).toMatch(/人民法院$/);
        expect(r.filingDate ?? '').toMatch(/^20\d{2}-\d{2}-\d{2}$/);
        expect((r.filingDate ?? '') < '2026-03-18').toBe(true);
      }
    }
    expect([...sizes].sort()).toEqual([0, 1, 2, 3]);
  });
});

describe('sandboxProvider', () => {
  it('answers through the DataProvider interface and honours an aborted signal', async () => {
    const provider = sandboxProvider();
    expect(provider.name).toBe('sandbox');
    const s = spec(1882);
    await expect(provider.call(s, s.sampleRequest, { signal: new AbortController().signal })).resolves.toMatchObject({ code: '10000' });
    const aborted = new AbortController();
    aborted.abort();
    await expect(provider.call(s, s.sampleRequest, { signal: aborted.signal })).rejects.toThrow();
  });
});
