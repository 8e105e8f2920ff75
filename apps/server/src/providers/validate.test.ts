import { describe, expect, it } from 'vitest';
import { SEED_INTERFACES } from '../db/seed/data/interfaces';
import { PERSON } from '../db/seed/data/interfaces/shared';
import type { SeedParam } from '../db/seed/data/types';
import { checkParams, decodeBase64Payload, idCheckChar, isValidIdNumber, isWellFormed, luhn } from './validate';

const param = (name: string, type: SeedParam['type'] = 'string', required = true, description = ''): SeedParam => ({
  name,
  type,
  required,
  description,
  example: '',
});

/** A checksum-valid identity number for a region, birth date and sequence. */
const idNumber = (first17: string) => first17 + idCheckChar(first17);
/** The card number `body` completes with its Luhn digit. */
const withLuhn = (body: string) => [...'0123456789'].map((d) => body + d).find(luhn) ?? '';

const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 1)]).toString('base64');

describe('isValidIdNumber (GB 11643)', () => {
  it('accepts every fixture person and computed numbers', () => {
    for (const p of Object.values(PERSON)) expect(isValidIdNumber(p.idcard), p.name).toBe(true);
    expect(isValidIdNumber(idNumber('44030519920815321'))).toBe(true);
  });

  it('refuses a wrong check character, a lower-case x and a wrong length', () => {
    expect(isValidIdNumber('110101199003074515')).toBe(false);
    expect(isValidIdNumber('11010520120618003x')).toBe(false);
    expect(isValidIdNumber('11010119900307451')).toBe(false);
    expect(isValidIdNumber('1101011990030745145')).toBe(false);
  });

  it('refuses birth dates that do not exist, lie ahead or before 1900', () => {
    expect(isValidIdNumber(idNumber('11010119900230451'))).toBe(false);
    expect(isValidIdNumber(idNumber('11010118991231451'))).toBe(false);
    expect(isValidIdNumber(idNumber('11010120300101451'), new Date('2026-03-18'))).toBe(false);
    expect(isValidIdNumber(idNumber('11010120260301451'), new Date('2026-03-18'))).toBe(true);
  });
});

describe('luhn', () => {
  it('accepts the catalogue card and rejects a changed digit', () => {
    expect(luhn('6222021234567890128')).toBe(true);
    expect(luhn('6222021234567890127')).toBe(false);
    expect(luhn('79927398713')).toBe(true);
    expect(luhn('12a4')).toBe(false);
  });
});

describe('checkParams', () => {
  const spec = { params: [param('name'), param('idcard'), param('page', 'int', false)] };

  it('answers null when everything is present and well formed', () => {
    expect(checkParams(spec, { name: '张三', idcard: PERSON.zhang.idcard })).toBeNull();
    expect(checkParams(spec, { name: '张三', idcard: PERSON.zhang.idcard, page: '2', key: 'ignored' })).toBeNull();
  });

  it('reports a missing required parameter, blank counting as missing, before any format problem', () => {
    expect(checkParams(spec, { idcard: PERSON.zhang.idcard })).toEqual({ kind: 'missing', param: 'name' });
    expect(checkParams(spec, { name: '  ', idcard: PERSON.zhang.idcard })).toEqual({ kind: 'missing', param: 'name' });
    expect(checkParams(spec, { idcard: 'bad' })).toEqual({ kind: 'missing', param: 'name' });
  });

  it('reports a format problem, also on a present optional parameter', () => {
    expect(checkParams(spec, { name: '张三', idcard: '110101199003074515' })).toEqual({ kind: 'format', param: 'idcard' });
    expect(checkParams(spec, { name: '张三', idcard: PERSON.zhang.idcard, page: 'one' })).toEqual({ kind: 'format', param: 'page' });
  });

  it('accepts every documented example except the truncated Base64 placeholders', () => {
    for (const s of SEED_INTERFACES) {
      const problem = checkParams(s, s.sampleRequest);
      if (problem === null) continue;
      const p = s.params.find((x) => x.name === problem.param);
      expect({ id: s.id, ...problem, type: p?.type }).toEqual({ id: s.id, kind: 'format', param: problem.param, type: 'base64' });
    }
  });
});

describe('format rules', () => {
  const cases: Array<[SeedParam, string[], string[]]> = [
    [param('idcard'), [PERSON.minor.idcard, '810000199408230021'], ['110101199003074515', '11010519491231002x']],
    [param('mobile'), ['13800138000', '19212345678', '17012345678'], ['12800138000', '1380013800', '+8613800138000']],
    [param('mobiles'), ['13800138000,13900139000', '13800138000'], ['13800138000,123', '13800138000,,13900139000']],
    [
      param('acc_no', 'string', true, '银行卡号，16–19 位数字'),
      ['6222021234567890128', withLuhn('436742000000001')],
      ['6222021234567890127', '622202123456', '62220212345678901a'],
    ],
    [param('acc_no', 'string', true, '对公银行账号'), ['1202020109900123456', '33001616183053000123'], ['12020201-0990', '12345']],
    [param('acc_no', 'string', true, '银行卡号，至少前 6 位'), ['622202', '6222021234567890127'], ['62220', '62220212345678901234']],
    [param('creditCode'), ['91330106MA2B3C4D5D', '91310115MA1K2L3M46'], ['91330106MA2B3C4D5E', '91330106ma2b3c4d5d', '9133010']],
    [param('plateNumber'), ['浙A12345', '浙AD12345', '粤B12345D', '浙A1234学'], ['浙I12345', 'A12345', '浙A1234', '浙AD123']],
    [param('plateColor', 'int'), ['1', '6'], ['0', '7', 'blue']],
    [param('vin'), ['LSVAU2187N2123456'], ['LSVAU2187N212345', 'LSVAU2187N212345O', 'lsvau2187n2123456']],
    [param('nameHash'), ['d6d97872eb2b6aa86736d6e92395b33530409b291b7f86e8c9c14c2d08ea5db2'], ['D6D97872', 'xyz']],
    [param('items'), ['[{"bizId":"1","name":"张三","idcard":"110101199003074514"}]'], ['[]', '{"bizId":"1"}', '[{"bizId":1}]', 'not json']],
    [param('lon', 'number'), ['120.212537', '-73.5'], ['181', 'east', '1e3']],
    [param('lat', 'number'), ['30.208941'], ['91', '']],
    [param('page', 'int'), ['1', '-2', '100'], ['1.5', 'a', '12345678901']],
    [param('mileage', 'number'), ['3.9', '12'], ['3,9', '.5']],
    [param('multiDetect', 'boolean'), ['true', 'false', '1', '0'], ['yes', 'TRUE']],
    [param('callback', 'url'), ['https://example.com/hook', 'http://127.0.0.1:8080/a?b=1'], ['ftp://example.com', 'example.com', 'javascript:alert(1)']],
    [
      param('image', 'base64'),
      [JPEG, `data:image/jpeg;base64,${JPEG}`, `${JPEG.slice(0, 40)}\n${JPEG.slice(40)}`],
      ['/9j/4AAQSkZJRgABAQAAAQABAAD...', 'AAAA', '%%%%'],
    ],
    [param('name'), ['张三', 'SMITH JOHN'], []],
  ];

  it.each(cases)('$name: accepts the valid samples and refuses the invalid ones', (p, valid, invalid) => {
    for (const v of valid) expect(isWellFormed(p, v), `${p.name}=${v}`).toBe(true);
    for (const v of invalid) expect(isWellFormed(p, v), `${p.name}=${v}`).toBe(false);
  });

  it('checks idNo by its idType', () => {
    const idNo = param('idNo');
    expect(isWellFormed(idNo, PERSON.zhang.idcard, { idType: '01' })).toBe(true);
    expect(isWellFormed(idNo, 'H12345678', { idType: '01' })).toBe(false);
    expect(isWellFormed(idNo, 'H12345678', { idType: '03' })).toBe(true);
    expect(isWellFormed(idNo, '12345678', { idType: '04' })).toBe(true);
    expect(isWellFormed(idNo, 'E12345678', { idType: '02' })).toBe(true);
    expect(isWellFormed(idNo, 'USA123456789012', { idType: '05' })).toBe(true);
    expect(isWellFormed(idNo, 'H12345678', { idType: '09' })).toBe(false);
    expect(isWellFormed(param('idType'), '06')).toBe(false);
  });

  it('decodes Base64 with a data URL prefix and refuses anything else', () => {
    expect(decodeBase64Payload(`data:image/png;base64,${JPEG}`)?.[0]).toBe(0xff);
    expect(decodeBase64Payload('abcde')).toBeNull();
    expect(decodeBase64Payload('ab=c')).toBeNull();
    expect(decodeBase64Payload('')).toBeNull();
    expect(isWellFormed(param('image', 'base64'), Buffer.alloc(16).toString('base64'))).toBe(false);
  });
});
