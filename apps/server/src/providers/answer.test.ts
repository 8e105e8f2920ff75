// parseAnswer: a supplier's body as {code, message, data} — a numeric code read as the same code,
// anything else refused — with its text made storable (no NUL, no unpaired surrogate).
import { describe, expect, it } from 'vitest';
import { parseAnswer } from './answer';
import { UpstreamRefused } from './types';

describe('parseAnswer', () => {
  it('reads {code, message, data}, a numeric code as its string', () => {
    expect(parseAnswer('{"code":"10000","message":"成功","data":{"result":"1"}}')).toEqual({ code: '10000', message: '成功', data: { result: '1' } });
    expect(parseAnswer('{"code":10001,"message":"查询无结果","data":null}')).toEqual({ code: '10001', message: '查询无结果', data: null });
  });

  it('refuses what is not such an answer', () => {
    for (const text of [
      '<html>oops',
      '[]',
      'null',
      '{"code":"10000","message":"x"}',
      '{"code":"","message":"x","data":1}',
      '{"code":1.5,"message":"x","data":1}',
      '{"code":"10000","message":7,"data":1}',
    ]) {
      expect(() => parseAnswer(text), text).toThrow(UpstreamRefused);
    }
  });

  it('makes a supplier text storable: no NUL, no unpaired surrogate, in values or field names', () => {
    const text = '{"code":"10000","message":"ok\\u0000","data":{"name\\u0000":"A\\u0000B","list":["\\ud800x","好\\udc00"],"emoji":"\\ud83d\\ude00"}}';
    expect(parseAnswer(text)).toEqual({ code: '10000', message: 'ok', data: { name: 'AB', list: ['\ufffdx', '好\ufffd'], emoji: '😀' } });
  });
});
