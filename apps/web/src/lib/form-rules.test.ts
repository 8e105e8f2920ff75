import { describe, expect, it } from 'vitest';
import { safeRedirect } from './form-rules';

describe('safeRedirect', () => {
  it.each([
    ['/userCenter/dataManage/myAPI?x=1', '/userCenter/dataManage/myAPI?x=1'],
    ['/ok?x=1#h', '/ok?x=1#h'],
    ['/api/1882', '/api/1882'],
    ['/apiSearch?keyword=身份证', '/apiSearch?keyword=%E8%BA%AB%E4%BB%BD%E8%AF%81'],
    ['/a/../ok', '/ok'],
  ])('keeps the same-site path %j', (target, expected) => {
    expect(safeRedirect(target)).toBe(expected);
  });

  it.each([
    ['//evil.example'],
    ['/\\evil.example'],
    ['/\\/evil.example'],
    ['/%09/evil.example'],
    ['/\t/evil.example'],
    ['\t//evil.example'],
    ['/\n/evil.example'],
    ['/\r/evil.example'],
    ['/%0a/evil.example'],
    ['/%5C/evil.example'],
    ['/%2F%2Fevil.example'],
    ['/%2f/evil.example'],
    ['/.//evil.example'],
    ['/..//evil.example'],
    ['/a/..//evil.example'],
    ['/%2e%2e//evil.example'],
    ['/\u00a0/evil.example'],
    ['javascript:alert(1)'],
    ['/javascript:alert(1)//'.slice(1)],
    ['https://evil.example/'],
    ['https://site.invalid/ok'],
    ['evil.example'],
    ['/%E0%A4%A'],
    [''],
    [null],
    [undefined],
    [['/ok', '//evil.example']],
  ])('refuses %j', (target) => {
    expect(safeRedirect(target)).toBeNull();
  });
});
