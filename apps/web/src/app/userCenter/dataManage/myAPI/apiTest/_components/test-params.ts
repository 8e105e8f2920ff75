// What the test form sends and what it shows as the customer's own call: one rule for both, so
// the curl command on the page is the request the 测试 button just made (less the key).
import { API_TEST_LIMITS, ONLINE_MSG, type OnlineParam } from '@apimarket/contracts';
import { codeSamples } from '@/lib/catalog';

/** Stands in for the gateway's address when the site could not read it. */
export const GATEWAY_PLACEHOLDER = '{网关地址}';

const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png'];
export const IMAGE_ACCEPT = '.jpg,.jpeg,.png,image/jpeg,image/png';
export const IMAGE_TYPE_MSG = '请选择 JPG 或 PNG 格式的图片';

export type TestValues = Record<string, string | undefined>;

/**
 * The parameters a test sends: the filled ones only (an empty optional parameter is left out, as
 * a customer's system would), text trimmed, an image's base64 as it is.
 */
export function sentParams(params: readonly OnlineParam[], values: TestValues | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const p of params) {
    const raw = values?.[p.name] ?? '';
    const value = p.type === 'base64' ? raw : raw.trim();
    if (value !== '') out[p.name] = value;
  }
  return out;
}

/**
 * The same call as a curl command. The key stays a placeholder (the page never prints a real
 * one) and an image becomes a note: its base64 is up to a megabyte of text no one reads.
 */
export function testCurl(gatewayUrl: string, path: string, params: readonly OnlineParam[], values: TestValues | undefined): string {
  const sent = sentParams(params, values);
  const shown = params
    .filter((p) => p.name in sent)
    .map((p) => ({ ...p, example: p.type === 'base64' ? `<${p.name} 图片的 Base64 编码>` : (sent[p.name] ?? '') }));
  return codeSamples(gatewayUrl || GATEWAY_PLACEHOLDER, { path, params: shown }).curl;
}

/** Why an image may not be sent, or '' when it may. */
export function imageProblem(file: { name: string; size: number }): string {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!IMAGE_EXTENSIONS.includes(extension)) return IMAGE_TYPE_MSG;
  if (file.size > API_TEST_LIMITS.maxImageBytes) return ONLINE_MSG.imageTooLarge;
  return '';
}

/** The base64 body of a data: URL (what FileReader gives), without the `data:…;base64,` head. */
export function base64Body(dataUrl: string): string {
  const comma = dataUrl.indexOf(',');
  return comma === -1 ? dataUrl : dataUrl.slice(comma + 1);
}
