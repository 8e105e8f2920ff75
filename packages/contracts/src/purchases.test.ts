import { describe, expect, it } from 'vitest';
import { callbackUrlProblem, checkField, isNonPublicHost, PURCHASE_MSG, UpdateCallbackUrlInput } from './index';

describe('callback URL rule', () => {
  it('accepts public http and https addresses, and the empty string (clears)', () => {
    for (const ok of ['', '  ', 'https://notify.example.com/cb', 'http://api.partner.cn:8080/a/b?c=1#x', 'https://8.8.8.8/cb', 'http://[2400:3200::1]/cb']) {
      expect(callbackUrlProblem(ok), ok).toBeNull();
    }
  });

  it('refuses other schemes, credentials and over-long addresses with their messages', () => {
    expect(callbackUrlProblem('ftp://files.example.com/cb')).toBe(PURCHASE_MSG.callbackUrl);
    expect(callbackUrlProblem('javascript:alert(1)')).toBe(PURCHASE_MSG.callbackUrl);
    expect(callbackUrlProblem('http:notify.example.com')).toBe(PURCHASE_MSG.callbackUrl);
    expect(callbackUrlProblem('notify.example.com/cb')).toBe(PURCHASE_MSG.callbackUrl);
    expect(callbackUrlProblem('https://a:b@notify.example.com/')).toBe(PURCHASE_MSG.callbackCredentials);
    expect(callbackUrlProblem(`https://notify.example.com/${'x'.repeat(475)}`)).toBe(PURCHASE_MSG.callbackTooLong);
  });

  it('refuses private, loopback, link-local and reserved hosts in every spelling', () => {
    const refused = [
      'http://127.0.0.1/',
      'http://127.1/',
      'http://0x7f.0.0.1/',
      'http://2130706433/',
      'http://0.0.0.0/',
      'http://10.1.2.3/',
      'http://172.16.0.1/',
      'http://172.31.255.255/',
      'http://192.168.0.10/',
      'http://100.64.0.1/',
      'http://169.254.169.254/',
      'http://198.18.0.1/',
      'http://224.0.0.1/',
      'http://255.255.255.255/',
      'http://[::1]/',
      'http://[::]/',
      'http://[0:0:0:0:0:0:0:1]/',
      'http://[::ffff:127.0.0.1]/',
      'http://[::ffff:a00:1]/',
      'http://[fe80::1]/',
      'http://[fc00::1]/',
      'http://[fd12:3456::1]/',
      'http://[ff02::1]/',
      'http://[2001:db8::1]/',
      'http://[64:ff9b::a9fe:a9fe]/',
      'http://[2002:c0a8:0101::1]/',
      'http://localhost/',
      'http://LOCALHOST:3000/',
      'http://api.localhost/',
      'http://printer.local/',
      'http://db.internal/',
      'http://intranet/',
      'http://localhost./',
    ];
    for (const url of refused) expect(callbackUrlProblem(url), url).toBe(PURCHASE_MSG.callbackPrivate);
    for (const url of ['http://172.32.0.1/', 'http://11.0.0.1/', 'http://[2001:4860::8888]/', 'http://[::ffff:808:808]/']) {
      expect(callbackUrlProblem(url), url).toBeNull();
    }
  });

  it('lets a private deployment allow private hosts, but never another scheme', () => {
    expect(callbackUrlProblem('http://192.168.1.2:8080/cb', true)).toBeNull();
    expect(callbackUrlProblem('http://localhost/cb', true)).toBeNull();
    expect(callbackUrlProblem('file:///etc/passwd', true)).toBe(PURCHASE_MSG.callbackUrl);
  });

  it('isNonPublicHost reads hosts as the URL parser writes them', () => {
    expect(isNonPublicHost(new URL('http://[::ffff:10.0.0.1]/').hostname)).toBe(true);
    expect(isNonPublicHost('example.com')).toBe(false);
  });

  it('the input schema trims, clears with an empty value and carries the rule’s message', () => {
    const strict = UpdateCallbackUrlInput(false);
    expect(strict.parse({ id: '3', callbackUrl: ' https://notify.example.com/cb ' })).toEqual({ id: 3, callbackUrl: 'https://notify.example.com/cb' });
    expect(strict.parse({ id: '3' })).toEqual({ id: 3, callbackUrl: '' });
    expect(checkField(strict.shape.callbackUrl, 'http://10.0.0.1/')).toBe(PURCHASE_MSG.callbackPrivate);
    expect(checkField(UpdateCallbackUrlInput(true).shape.callbackUrl, 'http://10.0.0.1/')).toBeNull();
    expect(checkField(strict.shape.id, 'abc')).toBe(PURCHASE_MSG.purchaseMissing);
  });
});
