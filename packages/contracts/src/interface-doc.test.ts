// The interface page's samples and code table, built from the catalogue entry (the server test
// interface-doc.gateway.test.ts runs them against the gateway; these pin their form).
import { describe, expect, it } from 'vitest';
import { codeSamples, interfaceCodes, KEY_PLACEHOLDER, requestSample, SAMPLE_LANGUAGES, shellQuote } from './interface-doc';

const realName = {
  path: '/communication/personal/1882',
  params: [
    { name: 'name', type: 'string', required: true, description: '姓名', example: "O'Neil 张" },
    { name: 'idcard', type: 'string', required: true, description: '18 位居民身份证号码', example: '110101199003074514' },
  ],
  codes: [
    { code: '10002', message: '参数格式错误', billable: false },
    { code: '10000', message: '成功', billable: true },
  ],
};
const ocr = {
  path: '/ocr/license/9732',
  params: [{ name: 'image', type: 'base64', required: true, description: '营业执照照片的 Base64 编码', example: '/9j/4AAQ...' }],
};

describe('interface page samples', () => {
  it('shows the request as a form, not JSON', () => {
    expect(requestSample('https://gw.example.cn', realName)).toBe(
      [
        'POST https://gw.example.cn/communication/personal/1882',
        'Content-Type: application/x-www-form-urlencoded',
        '',
        `key=${KEY_PLACEHOLDER}&name=O'Neil 张&idcard=110101199003074514`,
      ].join('\n'),
    );
  });

  it('quotes curl words for a POSIX shell, a single quote included', () => {
    expect(shellQuote("O'Neil $HOME")).toBe(`'O'\\''Neil $HOME'`);
    const s = codeSamples('https://gw.example.cn', realName);
    expect(Object.keys(s)).toEqual([...SAMPLE_LANGUAGES]);
    expect(s.curl).toContain(`--data-urlencode 'name=O'\\''Neil 张'`);
    expect(s.Python).toContain(`"name": "O'Neil 张"`);
  });

  it('sends a Base64 parameter from a file in every language, never the catalogue stub', () => {
    const s = codeSamples('https://gw.example.cn', ocr);
    for (const code of Object.values(s)) {
      expect(code).toContain('image.jpg');
      expect(code).not.toContain('/9j/4AAQ');
    }
    expect(s.curl).toContain(`--data-urlencode 'image@image.b64'`);
  });

  it('lists success first, then the platform answers to a missing or malformed parameter', () => {
    const rows = interfaceCodes(realName);
    expect(rows.map((r) => [r.source, r.code])).toEqual([
      ['interface', '10000'],
      ['interface', '10002'],
      ['platform', 'SYSTEM_011'],
      ['platform', 'SYSTEM_042'],
    ]);
    expect(rows[2]?.when).toContain('name、idcard');
    expect(rows[3]?.when).toContain('idcard（18 位居民身份证号，校验位须正确）');
    expect(rows[3]?.when).not.toContain('name（');
  });
});
