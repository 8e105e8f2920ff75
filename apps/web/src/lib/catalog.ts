// The pure helpers catalogue pages share: prices, footer names and the code samples generated from
// an interface's own path and parameters. (The answers' shapes are the contracts': catalogApi.)
import type { InterfaceDetail, PricePackage } from '@apimarket/contracts';

/** ¥1,280.00 from fen. */
export function formatPrice(fen: number): string {
  return `¥${(fen / 100).toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** Price per call, to two decimals of a yuan (or more for sub-fen prices). */
export function unitPrice(p: Omit<PricePackage, 'interfaceId'>): string {
  const yuan = p.priceFen / 100 / p.calls;
  return `¥${yuan < 0.01 ? yuan.toFixed(4) : yuan.toFixed(2)}/次`;
}

/** Decision 2: remove configured words from names shown in footer lists. */
export function stripWords(name: string, words: readonly string[]): string {
  let out = name;
  for (const w of words) if (w) out = out.split(w).join('');
  return out.trim() || name;
}

export type SampleLanguage = 'curl' | 'Java' | 'Python' | 'Node.js' | 'PHP' | 'Go';
export const SAMPLE_LANGUAGES: SampleLanguage[] = ['curl', 'Java', 'Python', 'Node.js', 'PHP', 'Go'];

/** A form-urlencoded call of the interface in six languages, from its own path and parameters. */
export function codeSamples(gatewayUrl: string, d: Pick<InterfaceDetail, 'path' | 'params'>): Record<SampleLanguage, string> {
  const url = `${gatewayUrl}${d.path}`;
  const fields: Array<[string, string]> = [['key', '您的接口Key'], ...d.params.map((p): [string, string] => [p.name, p.example])];
  const q = (s: string) => JSON.stringify(s);
  const curl = [`curl -X POST ${q(url)} \\`, ...fields.map(([k, v], i) => `  --data-urlencode ${q(`${k}=${v}`)}${i < fields.length - 1 ? ' \\' : ''}`)].join(
    '\n',
  );
  const java = [
    'import java.net.URI;',
    'import java.net.URLEncoder;',
    'import java.net.http.*;',
    'import java.nio.charset.StandardCharsets;',
    'import java.util.*;',
    'import java.util.stream.Collectors;',
    '',
    'public class ApiDemo {',
    '    public static void main(String[] args) throws Exception {',
    '        Map<String, String> form = new LinkedHashMap<>();',
    ...fields.map(([k, v]) => `        form.put(${q(k)}, ${q(v)});`),
    '        String body = form.entrySet().stream()',
    '            .map(e -> e.getKey() + "=" + URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8))',
    '            .collect(Collectors.joining("&"));',
    `        HttpRequest request = HttpRequest.newBuilder(URI.create(${q(url)}))`,
    '            .header("Content-Type", "application/x-www-form-urlencoded")',
    '            .POST(HttpRequest.BodyPublishers.ofString(body))',
    '            .build();',
    '        HttpResponse<String> response = HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.ofString());',
    '        System.out.println(response.body());',
    '    }',
    '}',
  ].join('\n');
  const python = [
    'import requests',
    '',
    `url = ${q(url)}`,
    'data = {',
    ...fields.map(([k, v]) => `    ${q(k)}: ${q(v)},`),
    '}',
    'resp = requests.post(url, data=data, timeout=10)',
    'print(resp.json())',
  ].join('\n');
  const node = [
    `const url = ${q(url)};`,
    'const body = new URLSearchParams({',
    ...fields.map(([k, v]) => `  ${q(k)}: ${q(v)},`),
    '});',
    '',
    "const res = await fetch(url, { method: 'POST', body });",
    'console.log(await res.json());',
  ].join('\n');
  const php = [
    '<?php',
    `$url = ${q(url)};`,
    '$data = [',
    ...fields.map(([k, v]) => `    ${q(k)} => ${q(v)},`),
    '];',
    '$ch = curl_init($url);',
    'curl_setopt($ch, CURLOPT_POST, true);',
    'curl_setopt($ch, CURLOPT_POSTFIELDS, http_build_query($data));',
    'curl_setopt($ch, CURLOPT_RETURNTRANSFER, true);',
    'curl_setopt($ch, CURLOPT_TIMEOUT, 10);',
    'echo curl_exec($ch);',
    'curl_close($ch);',
  ].join('\n');
  const go = [
    'package main',
    '',
    'import (',
    '\t"fmt"',
    '\t"io"',
    '\t"net/http"',
    '\t"net/url"',
    ')',
    '',
    'func main() {',
    '\tform := url.Values{}',
    ...fields.map(([k, v]) => `\tform.Set(${q(k)}, ${q(v)})`),
    `\tresp, err := http.PostForm(${q(url)}, form)`,
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
