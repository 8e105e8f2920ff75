import { PACKAGE_MSG } from '@apimarket/contracts';
import { describe, expect, it } from 'vitest';
import { formProblems } from './package-form';

const base = { platform: 'android' as const, appName: '示例', packageName: 'com.example.app', signature: 'ab'.repeat(32), remark: '' };

describe('the package form', () => {
  it('accepts what the server accepts', () => {
    expect(formProblems(base)).toEqual({});
    expect(formProblems({ ...base, platform: 'ios', signature: '' })).toEqual({});
  });
  it('puts each problem under its field, in the server words', () => {
    expect(formProblems({ ...base, packageName: 'app', signature: '' })).toEqual({
      packageName: PACKAGE_MSG.androidFormat,
      signature: PACKAGE_MSG.signatureRequired,
    });
    expect(formProblems({ ...base, platform: 'ios', packageName: 'com.app_x' })).toEqual({ packageName: PACKAGE_MSG.iosFormat });
  });
  it('names a missing app name even when the package is wrong too', () => {
    expect(formProblems({ ...base, appName: '' }).appName).toBe(PACKAGE_MSG.appNameRequired);
  });
});
