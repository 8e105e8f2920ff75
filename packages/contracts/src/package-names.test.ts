// The format rules of 包名管理, shared by the page's form and the server.
import { describe, expect, it } from 'vitest';
import { interfaceCodes } from './interface-doc';
import { normaliseFingerprint, PACKAGE_MSG, packageKey, packageNameProblem, SavePackageNameInput } from './package-names';

const FP = 'ab'.repeat(32);
const first = (r: { success: boolean; error?: { issues: Array<{ message: string }> } }) => r.error?.issues[0]?.message;

describe('package names', () => {
  it('reads an Android package by the Java rule', () => {
    for (const ok of ['com.example.app', 'a.b', 'Com.Example_1.App2', `a.${'b'.repeat(253)}`]) expect(packageNameProblem('android', ok)).toBeNull();
    for (const bad of ['example', 'com.1app', 'com..app', '.com.app', 'com.app.', 'com.ex-ample', 'com.例子', '_com.app'])
      expect(packageNameProblem('android', bad)).toBe(PACKAGE_MSG.androidFormat);
    expect(packageNameProblem('android', `a.${'b'.repeat(254)}`)).toBe(PACKAGE_MSG.androidLong);
    expect(packageNameProblem('android', '')).toBe(PACKAGE_MSG.androidRequired);
  });

  it('reads an iOS bundle id as reverse DNS', () => {
    for (const ok of ['com.example.app', 'com.example.My-App', '1com.2app']) expect(packageNameProblem('ios', ok)).toBeNull();
    for (const bad of ['example', 'com..app', 'com.app_x', 'com.app.', 'com app.x']) expect(packageNameProblem('ios', bad)).toBe(PACKAGE_MSG.iosFormat);
    expect(packageNameProblem('ios', `a.${'b'.repeat(154)}`)).toBe(PACKAGE_MSG.iosLong);
    expect(packageNameProblem('ios', '')).toBe(PACKAGE_MSG.iosRequired);
  });

  it('normalises a SHA-256 fingerprint to keytool form', () => {
    const normal = Array(32).fill('AB').join(':');
    expect(normaliseFingerprint(FP)).toBe(normal);
    expect(normaliseFingerprint(normal.toLowerCase())).toBe(normal);
    expect(normaliseFingerprint(` ${normal} `)).toBe(normal);
    for (const bad of ['', 'AB:CD', 'g'.repeat(64), 'ab'.repeat(20), `${normal}:AB`, 'ABC:D'.repeat(16)]) expect(normaliseFingerprint(bad)).toBeNull();
    expect(packageKey(' Com.Example.App ')).toBe('com.example.app');
  });

  it('parses a save: the signature an Android entry needs, an iOS entry drops', () => {
    const android = SavePackageNameInput.parse({ platform: 'android', packageName: ' com.example.app ', appName: '示例', signature: FP });
    expect(android).toMatchObject({ packageName: 'com.example.app', signature: Array(32).fill('AB').join(':'), remark: '' });
    expect(SavePackageNameInput.parse({ platform: 'ios', packageName: 'com.example.app', appName: '示例', signature: FP }).signature).toBe('');
    expect(first(SavePackageNameInput.safeParse({ platform: 'android', packageName: 'com.example.app', appName: '示例' }))).toBe(PACKAGE_MSG.signatureRequired);
    expect(first(SavePackageNameInput.safeParse({ platform: 'android', packageName: 'com.example.app', appName: '示例', signature: 'xx' }))).toBe(
      PACKAGE_MSG.signatureFormat,
    );
    expect(first(SavePackageNameInput.safeParse({ platform: 'mac', packageName: 'com.example.app', appName: '示例' }))).toBe(PACKAGE_MSG.platform);
    expect(first(SavePackageNameInput.safeParse({ platform: 'ios', packageName: 'com.example.app', appName: '' }))).toBe(PACKAGE_MSG.appNameRequired);
    expect(first(SavePackageNameInput.safeParse({ platform: 'ios', packageName: 'com.example.app', appName: '示\u0001例' }))).toBe(PACKAGE_MSG.controlChars);
    expect(SavePackageNameInput.parse({ id: 'abc', platform: 'ios', packageName: 'a.b', appName: 'x' }).id).toBe(0);
    expect(SavePackageNameInput.parse({ id: '12', platform: 'ios', packageName: 'a.b', appName: 'x' }).id).toBe(12);
  });

  it("lists SYSTEM_048 on an SDK interface's code table only", () => {
    const doc = { path: '/mobile/auth/1965', params: [], codes: [{ code: '10000', message: '成功', billable: true }] };
    expect(interfaceCodes({ ...doc, sdk: true }).map((r) => r.code)).toEqual(['10000', 'SYSTEM_042', 'SYSTEM_048']);
    expect(interfaceCodes(doc).map((r) => r.code)).toEqual(['10000', 'SYSTEM_042']);
  });
});
