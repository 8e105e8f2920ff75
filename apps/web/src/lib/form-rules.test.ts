import { describe, expect, it } from 'vitest';
import { safeRedirect } from './form-rules';

describe('safeRedirect', () => {
  it('keeps same-site paths', () => {
    expect(safeRedirect('/userCenter/dataManage/myAPI?x=1')).toBe('/userCenter/dataManage/myAPI?x=1');
  });
  it('refuses other sites and empty values', () => {
    for (const bad of ['https://evil.cn/', '//evil.cn', '/\\evil.cn', 'javascript:alert(1)', '', null, undefined]) {
      expect(safeRedirect(bad)).toBeNull();
    }
  });
});
