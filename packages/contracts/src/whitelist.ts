// IP whitelists (spec 02 §7 "IP whitelist"): addresses or CIDR blocks, IPv4 or IPv6, for one
// purchased interface or for all. The syntax check lives here so the page and the server agree;
// the server also normalises what it stores.
import { z } from 'zod';
import { qualifiedCall } from './declare';
import { parseId } from './paging';

export const WHITELIST_MSG = {
  ipRequired: '请输入 IP 地址',
  ipInvalid: (ip: string) => `「${ip}」不是有效的 IPv4/IPv6 地址或网段`,
  tooMany: '一次最多添加 20 个地址',
  prefixTooWide: (ip: string) => `「${ip}」的网段过大（IPv4 至少 /8，IPv6 至少 /32）`,
  saved: '白名单已保存，约 1 分钟内对接口调用生效',
  dropped: '已删除',
  missing: '白名单记录不存在',
  notPurchased: '只能为已购接口设置白名单',
} as const;

export const WHITELIST_LIMIT = 20;

const V4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
/** RFC 4291 text form: up to 8 groups of 1–4 hex digits, one `::` at most, an IPv4 tail allowed. */
function isIpv6(text: string): boolean {
  const halves = text.split('::');
  if (halves.length > 2) return false;
  const groups = halves.flatMap((h) => (h === '' ? [] : h.split(':')));
  const last = groups.at(-1) ?? '';
  const tailV4 = V4.test(last);
  const hex = tailV4 ? groups.slice(0, -1) : groups;
  if (!hex.every((g) => /^[0-9A-Fa-f]{1,4}$/.test(g))) return false;
  const count = hex.length + (tailV4 ? 2 : 0);
  return halves.length === 2 ? count < 8 : count === 8;
}

/** 'v4' | 'v6' | null for an address, with an optional /prefix. */
export function ipKind(text: string): { family: 'v4' | 'v6'; prefix: number | null; address: string } | null {
  const [address = '', prefixText, extra] = text.trim().split('/');
  if (extra !== undefined) return null;
  const prefix = prefixText === undefined ? null : /^\d{1,3}$/.test(prefixText) ? Number(prefixText) : Number.NaN;
  if (V4.test(address)) return Number.isNaN(prefix) || (prefix !== null && prefix > 32) ? null : { family: 'v4', prefix, address };
  if (address.includes(':') && isIpv6(address)) {
    return Number.isNaN(prefix) || (prefix !== null && prefix > 128) ? null : { family: 'v6', prefix, address };
  }
  return null;
}

/** The first problem of a list of addresses (comma, space or newline separated), or null. */
export function whitelistProblem(list: string[]): string | null {
  if (list.length === 0) return WHITELIST_MSG.ipRequired;
  if (list.length > WHITELIST_LIMIT) return WHITELIST_MSG.tooMany;
  for (const ip of list) {
    const k = ipKind(ip);
    if (!k) return WHITELIST_MSG.ipInvalid(ip);
    if (k.prefix !== null && k.prefix < (k.family === 'v4' ? 8 : 32)) return WHITELIST_MSG.prefixTooWide(ip);
  }
  return null;
}

export const splitIps = (text: string) =>
  text
    .split(/[\s,，;；]+/)
    .map((s) => s.trim())
    .filter(Boolean);

export const SaveIpBindingInput = z
  .object({
    ip: z.string({ error: WHITELIST_MSG.ipRequired }).transform(splitIps),
    /** '' or 0: every purchased interface. */
    interfaceId: z.preprocess((v) => (v === '' || v === undefined ? 0 : Number(v)), z.number().int().min(0)),
  })
  .superRefine((v, ctx) => {
    const problem = whitelistProblem(v.ip);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['ip'] });
  });

/** UserCenter/DropIpBinding: a binding by its id; a malformed id is a binding that does not exist (404). */
export const DropIpBindingInput = z.object({ id: z.preprocess((v) => parseId(v), z.number().int().nullable()) });

export const IpBindingRow = z.object({
  id: z.number().int(),
  /** 0: every purchased interface. */
  interfaceId: z.number().int(),
  interfaceName: z.string(),
  ip: z.string(),
  createdAt: z.string(),
});
export type IpBindingRow = z.infer<typeof IpBindingRow>;

/** UserCenter/FindInterfaceInfo: an interface the account has bought (a whitelist may name it). */
export const PurchasedInterface = z.object({ interfaceId: z.number().int(), interfaceName: z.string() });
export type PurchasedInterface = z.infer<typeof PurchasedInterface>;

/** The IP whitelist calls of spec 02 §7. The company must be authenticated. */
export const whitelistApi = {
  list: qualifiedCall({
    method: 'GET',
    path: '/myAccount/getIpWhite',
    summary: 'IP 白名单列表（interfaceId 为 0 表示全部已购接口）',
    answer: { rows: IpBindingRow },
  }),
  purchased: qualifiedCall({
    method: 'GET',
    path: '/UserCenter/FindInterfaceInfo',
    summary: '已购接口（白名单可选的接口）',
    answer: { rows: PurchasedInterface },
  }),
  save: qualifiedCall({
    method: 'POST',
    path: '/UserCenter/SaveIpBinding',
    summary: '添加白名单地址（逗号或换行分隔，一次最多 20 个）',
    input: SaveIpBindingInput,
    answer: { data: z.object({ added: z.number().int() }) },
  }),
  drop: qualifiedCall({
    method: 'POST',
    path: '/UserCenter/DropIpBinding',
    summary: '删除一条白名单',
    input: DropIpBindingInput,
    answer: { data: z.null() },
    fails: ['ALL_0011'],
  }),
};
