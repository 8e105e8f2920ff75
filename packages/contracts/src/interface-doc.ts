// What an interface's page tells a developer about calling it, built from the catalogue entry the
// gateway itself answers from: the form fields of a sample call, that call as an HTTP request and
// in six languages, and the codes a call can get. /api/{id} renders these; a server test runs the
// curl sample against the gateway and holds the page's codes to what the gateway answers.
import { GATEWAY_SUCCESS, PLATFORM_CODES } from './gateway';

/** Stands for the purchase key in every sample; the reader pastes theirs in its place. */
export const KEY_PLACEHOLDER = '您的接口Key';

/** One parameter as the catalogue documents it (interface_docs.params). */
export interface PageParam {
  name: string;
  /** string, int, number, boolean, base64 or url. */
  type: string;
  required: boolean;
  description: string;
  example: string;
}

/** One of an interface's own codes (interface_docs.codes). */
export interface PageCode {
  code: string;
  message: string;
  billable: boolean;
}

/** What the samples need of an interface. */
export interface DocInterface {
  path: string;
  params: readonly PageParam[];
  /** An SDK interface (issue #23): its calls declare the app, registered in 包名管理. */
  sdk?: boolean;
}

/**
 * The app an SDK interface's samples declare (X-App-* headers): the example a page shows, which
 * the caller replaces with its own app as registered and enabled in 包名管理.
 */
export const SAMPLE_APP = {
  platform: 'android',
  packageName: 'com.example.app',
  signature: 'AB:CD:EF:01:23:45:67:89:AB:CD:EF:01:23:45:67:89:AB:CD:EF:01:23:45:67:89:AB:CD:EF:01:23:45:67:89',
} as const;

/** The headers a sample call sends beside its form: an SDK interface's app, nothing otherwise. */
export function sampleHeaders(d: Pick<DocInterface, 'sdk'>): Array<[string, string]> {
  return d.sdk
    ? [
        ['X-App-Platform', SAMPLE_APP.platform],
        ['X-App-Package', SAMPLE_APP.packageName],
        ['X-App-Signature', SAMPLE_APP.signature],
      ]
    : [];
}

export type SampleLanguage = 'curl' | 'Java' | 'Python' | 'Node.js' | 'PHP' | 'Go';
export const SAMPLE_LANGUAGES: readonly SampleLanguage[] = ['curl', 'Java', 'Python', 'Node.js', 'PHP', 'Go'];

/** One form field of the sample call: a literal value, or a file sent as its Base64 text. */
export interface SampleField {
  name: string;
  value: string;
  /** For a Base64 parameter: the file whose Base64 text is sent (the catalogue's example is only a stub). */
  file?: string;
}

const isVideo = (p: PageParam) => p.name === 'video' || /MP4|视频/.test(p.description);

/**
 * The fields of the sample call, in the documented order: the key, then each parameter with its
 * example — the values the sandbox answers with the documented sample response. A Base64
 * parameter is read from a file named after it (`image.jpg`, `video.mp4`).
 */
export function sampleFields(d: DocInterface, key: string = KEY_PLACEHOLDER): SampleField[] {
  return [
    { name: 'key', value: key },
    ...d.params.map(
      (p): SampleField =>
        p.type === 'base64'
          ? { name: p.name, value: `<${p.name} 文件的 Base64 文本>`, file: `${p.name}.${isVideo(p) ? 'mp4' : 'jpg'}` }
          : { name: p.name, value: p.example },
    ),
  ];
}

/** The sample call as the HTTP request the gateway receives (values shown before URL encoding). */
export function requestSample(gatewayUrl: string, d: DocInterface): string {
  const body = sampleFields(d)
    .map((f) => `${f.name}=${f.value}`)
    .join('&');
  return [`POST ${gatewayUrl}${d.path}`, 'Content-Type: application/x-www-form-urlencoded', ...sampleHeaders(d).map(([k, v]) => `${k}: ${v}`), '', body].join(
    '\n',
  );
}

/** A POSIX shell word: single quotes, an inner quote closed, escaped and reopened. */
export function shellQuote(s: string): string {
  return `'${s.replaceAll("'", `'\\''`)}'`;
}

/** A string literal every sample language reads the same way (JSON's escapes are a common subset). */
const lit = (s: string) => JSON.stringify(s);

/**
 * The sample call in six languages, each sending the form as application/x-www-form-urlencoded
 * (the documented form). `gatewayUrl` is the gateway's public address; the key stays a
 * placeholder unless one is given.
 */
export function codeSamples(gatewayUrl: string, d: DocInterface, key: string = KEY_PLACEHOLDER): Record<SampleLanguage, string> {
  const url = `${gatewayUrl}${d.path}`;
  const fields = sampleFields(d, key);
  const files = fields.filter((f) => f.file);
  const b64 = (f: SampleField) => `${f.name}.b64`;
  const headers = sampleHeaders(d);

  const curl = [
    ...(files.length
      ? [
          `# 把 ${files.map((f) => f.file).join('、')} 换成您的文件；curl 从 .b64 文件读取它的 Base64 文本`,
          ...files.map((f) => `base64 < ${shellQuote(f.file ?? '')} | tr -d '\\n' > ${shellQuote(b64(f))}`),
        ]
      : []),
    `curl ${shellQuote(url)} \\`,
    ...headers.map(([k, v]) => `  -H ${shellQuote(`${k}: ${v}`)} \\`),
    ...fields.map((f, i) => `  --data-urlencode ${shellQuote(f.file ? `${f.name}@${b64(f)}` : `${f.name}=${f.value}`)}${i < fields.length - 1 ? ' \\' : ''}`),
  ].join('\n');

  const java = [
    'import java.net.URI;',
    'import java.net.URLEncoder;',
    'import java.net.http.*;',
    'import java.nio.charset.StandardCharsets;',
    ...(files.length ? ['import java.nio.file.*;'] : []),
    'import java.util.*;',
    'import java.util.stream.Collectors;',
    '',
    'public class ApiDemo {',
    '    public static void main(String[] args) throws Exception {',
    '        Map<String, String> form = new LinkedHashMap<>();',
    ...fields.map((f) =>
      f.file
        ? `        form.put(${lit(f.name)}, Base64.getEncoder().encodeToString(Files.readAllBytes(Path.of(${lit(f.file)}))));`
        : `        form.put(${lit(f.name)}, ${lit(f.value)});`,
    ),
    '        String body = form.entrySet().stream()',
    '            .map(e -> e.getKey() + "=" + URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8))',
    '            .collect(Collectors.joining("&"));',
    `        HttpRequest request = HttpRequest.newBuilder(URI.create(${lit(url)}))`,
    '            .header("Content-Type", "application/x-www-form-urlencoded")',
    ...headers.map(([k, v]) => `            .header(${lit(k)}, ${lit(v)})`),
    '            .POST(HttpRequest.BodyPublishers.ofString(body))',
    '            .build();',
    '        HttpResponse<String> response = HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.ofString());',
    '        System.out.println(response.body());',
    '    }',
    '}',
  ].join('\n');

  const python = [
    ...(files.length ? ['import base64', ''] : []),
    'import requests',
    '',
    `url = ${lit(url)}`,
    'data = {',
    ...fields.map((f) =>
      f.file ? `    ${lit(f.name)}: base64.b64encode(open(${lit(f.file)}, "rb").read()).decode(),` : `    ${lit(f.name)}: ${lit(f.value)},`,
    ),
    '}',
    ...(headers.length ? ['headers = {', ...headers.map(([k, v]) => `    ${lit(k)}: ${lit(v)},`), '}'] : []),
    headers.length ? 'resp = requests.post(url, data=data, headers=headers, timeout=10)' : 'resp = requests.post(url, data=data, timeout=10)',
    'print(resp.json())',
  ].join('\n');

  const node = [
    ...(files.length ? ["import { readFileSync } from 'node:fs';", ''] : []),
    `const url = ${lit(url)};`,
    'const body = new URLSearchParams({',
    ...fields.map((f) => (f.file ? `  ${lit(f.name)}: readFileSync(${lit(f.file)}).toString('base64'),` : `  ${lit(f.name)}: ${lit(f.value)},`)),
    '});',
    '',
    headers.length
      ? `const res = await fetch(url, { method: 'POST', body, headers: { ${headers.map(([k, v]) => `${lit(k)}: ${lit(v)}`).join(', ')} } });`
      : "const res = await fetch(url, { method: 'POST', body });",
    'console.log(await res.json());',
  ].join('\n');

  const php = [
    '<?php',
    `$url = ${lit(url)};`,
    '$data = [',
    ...fields.map((f) => (f.file ? `    ${lit(f.name)} => base64_encode(file_get_contents(${lit(f.file)})),` : `    ${lit(f.name)} => ${lit(f.value)},`)),
    '];',
    '$ch = curl_init($url);',
    'curl_setopt($ch, CURLOPT_POST, true);',
    'curl_setopt($ch, CURLOPT_POSTFIELDS, http_build_query($data));',
    ...(headers.length ? [`curl_setopt($ch, CURLOPT_HTTPHEADER, [${headers.map(([k, v]) => lit(`${k}: ${v}`)).join(', ')}]);`] : []),
    'curl_setopt($ch, CURLOPT_RETURNTRANSFER, true);',
    'curl_setopt($ch, CURLOPT_TIMEOUT, 10);',
    'echo curl_exec($ch);',
    'curl_close($ch);',
  ].join('\n');

  const go = [
    'package main',
    '',
    'import (',
    ...(files.length ? ['\t"encoding/base64"'] : []),
    '\t"fmt"',
    '\t"io"',
    '\t"net/http"',
    '\t"net/url"',
    ...(files.length ? ['\t"os"'] : []),
    ...(headers.length ? ['\t"strings"'] : []),
    ')',
    '',
    'func main() {',
    '\tform := url.Values{}',
    ...fields.flatMap((f, i) =>
      f.file
        ? [
            `\tfile${i}, err := os.ReadFile(${lit(f.file)})`,
            '\tif err != nil {',
            '\t\tpanic(err)',
            '\t}',
            `\tform.Set(${lit(f.name)}, base64.StdEncoding.EncodeToString(file${i}))`,
          ]
        : [`\tform.Set(${lit(f.name)}, ${lit(f.value)})`],
    ),
    ...(headers.length
      ? [
          `\treq, err := http.NewRequest("POST", ${lit(url)}, strings.NewReader(form.Encode()))`,
          '\tif err != nil {',
          '\t\tpanic(err)',
          '\t}',
          '\treq.Header.Set("Content-Type", "application/x-www-form-urlencoded")',
          ...headers.map(([k, v]) => `\treq.Header.Set(${lit(k)}, ${lit(v)})`),
          '\tresp, err := http.DefaultClient.Do(req)',
        ]
      : [`\tresp, err := http.PostForm(${lit(url)}, form)`]),
    '\tif err != nil {',
    '\t\tpanic(err)',
    '\t}',
    '\tdefer resp.Body.Close()',
    '\tbody, _ := io.ReadAll(resp.Body)',
    '\tfmt.Println(string(body))',
    '}',
  ].join('\n');

  return { curl, Java: java, Python: python, 'Node.js': node, PHP: php, Go: go };
}

/** The sample answer with its fields in the order a reader expects (stored JSON loses key order). */
export function sampleAnswer(sample: unknown): unknown {
  const { code, message, data, seqNo, ...rest } = (sample ?? {}) as Record<string, unknown>;
  return { code, message, data, seqNo, ...rest };
}

// ── The platform's parameter checks (providers/validate.ts), in words ──────────────────────────
// The gateway refuses a malformed value with SYSTEM_042 before any data source is asked. These
// say which parameters it checks and how; the gateway's own rules are the truth, and the server
// test sends a malformed value of every documented parameter to keep the two the same.
const NAME_CHECKS: Record<string, (p: PageParam) => string> = {
  idcard: () => '18 位居民身份证号，校验位须正确',
  idNo: () => '与 idType 相符的证件号码（居民身份证须校验位正确）',
  idType: () => '01–05',
  mobile: () => '11 位中国大陆手机号',
  mobiles: () => '英文逗号分隔的手机号，最多 1000 个',
  acc_no: (p) => (p.description.includes('对公') ? '6–32 位数字' : p.description.includes('前 6 位') ? '6–19 位数字' : '13–19 位银行卡号，末位校验须正确'),
  creditCode: () => '18 位统一社会信用代码，校验位须正确',
  plateNumber: () => '含省份简称的车牌号',
  plateColor: () => '1–6',
  vin: () => '17 位 VIN，不含 I、O、Q',
  nameHash: () => '64 位小写十六进制',
  idcardHash: () => '64 位小写十六进制',
  items: () => 'JSON 数组，1–100 项，每项含 bizId、name、idcard',
  lon: () => '经度 -180 至 180',
  loadLon: () => '经度 -180 至 180',
  unloadLon: () => '经度 -180 至 180',
  lat: () => '纬度 -90 至 90',
  loadLat: () => '纬度 -90 至 90',
  unloadLat: () => '纬度 -90 至 90',
};

const TYPE_CHECKS: Record<string, string | null> = {
  string: null,
  int: '整数',
  number: '数字',
  boolean: 'true、false、1 或 0',
  base64: 'Base64 文本，解码后 32 字节至 10 MB',
  url: 'http(s) 地址',
};

/** How the gateway checks this parameter's format before the data source (SYSTEM_042), or null when any text passes. */
export function formatCheck(p: PageParam): string | null {
  const byName = NAME_CHECKS[p.name];
  return byName ? byName(p) : (TYPE_CHECKS[p.type] ?? null);
}

/** One row of an interface page's code table. */
export interface CodeRow {
  /** Who answers it: the interface's data source (its own codes), or the platform before it. */
  source: 'interface' | 'platform';
  code: string;
  /** The message; the gateway adds the parameter's name to SYSTEM_011 and SYSTEM_042 (「参数格式错误：idcard」). */
  message: string;
  /** When a call gets it, for the platform's rows ('' for the interface's own codes). */
  when: string;
  billable: boolean;
}

/**
 * The codes an interface's page lists: its own business codes (success first), then the
 * platform's answers to a missing or malformed parameter, which come before any data source —
 * a malformed ID number is SYSTEM_042, never the data source's 10005. The other SYSTEM_ codes
 * (key, quota, whitelist, signature…) are the same for every interface: PLATFORM_CODES.
 */
export function interfaceCodes(d: DocInterface & { codes: readonly PageCode[]; sdk?: boolean }): CodeRow[] {
  const own = [...d.codes].sort((a, b) => Number(b.code === GATEWAY_SUCCESS) - Number(a.code === GATEWAY_SUCCESS));
  const rows: CodeRow[] = own.map((c) => ({ source: 'interface', code: c.code, message: c.message, when: '', billable: c.billable }));
  const required = d.params.filter((p) => p.required).map((p) => p.name);
  if (required.length > 0) {
    rows.push({
      source: 'platform',
      code: 'SYSTEM_011',
      message: PLATFORM_CODES.SYSTEM_011,
      when: `未传或为空：${required.join('、')}（message 写明参数名）`,
      billable: false,
    });
  }
  const checked = d.params.flatMap((p) => {
    const check = formatCheck(p);
    return check ? [`${p.name}（${check}）`] : [];
  });
  rows.push({
    source: 'platform',
    code: 'SYSTEM_042',
    message: PLATFORM_CODES.SYSTEM_042,
    when: `${checked.length ? `格式不符：${checked.join('；')}；` : ''}或任一参数含控制字符（message 写明参数名）`,
    billable: false,
  });
  // An SDK interface (issue #23) answers only the apps registered and enabled in 包名管理.
  if (d.sdk) {
    rows.push({
      source: 'platform',
      code: 'SYSTEM_048',
      message: PLATFORM_CODES.SYSTEM_048,
      when: '需登记应用包名：请求头未声明应用（X-App-Platform、X-App-Package，Android 另需 X-App-Signature），或该应用未在「包名管理」登记并启用',
      billable: false,
    });
  }
  return rows;
}
