// Managing a purchase after it is bought (spec 02 §7 "Purchases", "Orders and trades"): stop and
// resume, the callback URL, automatic renewal, refunds and the order export. The callback URL
// rule lives here so the dialog and the server refuse exactly the same addresses.
import { z } from 'zod';
import { publicCall, qualifiedCall } from './declare';
import { PricePackage } from './catalog';
import { PageQuery } from './paging';

export const PURCHASE_MSG = {
  purchaseMissing: '已购接口不存在',
  stopped: '接口已停用，使用该 Key 的调用将返回 SYSTEM_003',
  resumed: '接口已恢复调用',
  alreadyStopped: '接口已是停用状态',
  alreadyActive: '接口已是正常状态',
  action: '请选择停用或恢复',
  callbackUrl: '请输入以 http:// 或 https:// 开头的回调地址',
  callbackTooLong: '回调地址不能超过 500 个字符',
  callbackCredentials: '回调地址不能包含用户名或密码',
  callbackPrivate: '回调地址不能指向内网、本机或保留地址，请使用公网地址',
  callbackSaved: '回调地址已保存',
  callbackCleared: '回调地址已清除',
  renewOn: '已开启自动续费',
  renewOnAndRenewed: '已开启自动续费，并已为您续费一次',
  renewOff: '已关闭自动续费',
  renewPackage: '请选择续费套餐',
  refundReason: '请填写退款原因（2-200 个字）',
  refundRequested: '退款申请已提交，平台审核后将退回账户余额',
  refundOpen: '该订单已有退款申请在处理中，请勿重复提交',
  refundOpenPurchase: '该接口已有退款申请在处理中，请勿重复提交',
  refundDone: '该订单已退款',
  refundNotPaid: '只有已支付的订单可以申请退款',
  refundNothing: '没有可退的调用次数',
  exportTooMany: '导出的订单不能超过 10000 条，请缩小查询范围',
} as const;

/** Longest callback URL kept. */
export const CALLBACK_URL_MAX = 500;
/** Most orders one export may hold. */
export const ORDER_EXPORT_MAX = 10_000;

// ── Callback URL ─────────────────────────────────────────────────────────────────────────────
const V4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

/** The four octets of a dotted IPv4 address, or null. */
function ipv4Octets(host: string): number[] | null {
  const m = V4.exec(host);
  if (!m) return null;
  const octets = m.slice(1).map(Number);
  return octets.every((o) => o <= 255) ? octets : null;
}

/** Not routable on the public internet (RFC 6890 special-purpose registry, IPv4). */
function isNonPublicV4([a = 0, b = 0, c = 0]: number[]): boolean {
  return (
    a === 0 || // this network
    a === 10 || // private
    (a === 100 && b >= 64 && b <= 127) || // shared address space (CGNAT)
    a === 127 || // loopback
    (a === 169 && b === 254) || // link-local
    (a === 172 && b >= 16 && b <= 31) || // private
    (a === 192 && b === 0 && (c === 0 || c === 2)) || // IETF protocol assignments, TEST-NET-1
    (a === 192 && b === 88 && c === 99) || // 6to4 relay anycast
    (a === 192 && b === 168) || // private
    (a === 198 && (b === 18 || b === 19)) || // benchmarking
    (a === 198 && b === 51 && c === 100) || // TEST-NET-2
    (a === 203 && b === 0 && c === 113) || // TEST-NET-3
    a >= 224 // multicast, reserved, broadcast
  );
}

/** The eight 16-bit groups of an IPv6 address (as the URL parser writes it, maybe with an IPv4 tail), or null. */
function ipv6Groups(host: string): number[] | null {
  const halves = host.split('::');
  if (halves.length > 2) return null;
  const part = (text: string): number[] | null => {
    if (text === '') return [];
    const out: number[] = [];
    for (const g of text.split(':')) {
      const v4 = ipv4Octets(g);
      if (v4) out.push(((v4[0] ?? 0) << 8) | (v4[1] ?? 0), ((v4[2] ?? 0) << 8) | (v4[3] ?? 0));
      else if (/^[0-9a-fA-F]{1,4}$/.test(g)) out.push(Number.parseInt(g, 16));
      else return null;
    }
    return out;
  };
  const head = part(halves[0] ?? '');
  const tail = halves.length === 2 ? part(halves[1] ?? '') : [];
  if (!head || !tail) return null;
  if (halves.length === 1) return head.length === 8 ? head : null;
  const missing = 8 - head.length - tail.length;
  return missing >= 1 ? [...head, ...Array<number>(missing).fill(0), ...tail] : null;
}

function isNonPublicV6(g: number[]): boolean {
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = g;
  const embedded = [g6 >> 8, g6 & 0xff, g7 >> 8, g7 & 0xff];
  if (g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0) {
    if (g5 === 0xffff) return isNonPublicV4(embedded); // IPv4-mapped
    return true; // ::, ::1 and the deprecated IPv4-compatible forms
  }
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) return isNonPublicV4(embedded); // NAT64
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 1) return true; // local-use NAT64
  if (g0 === 0x100 && g1 === 0 && g2 === 0 && g3 === 0) return true; // discard-only
  if (g0 === 0x2001 && g1 < 0x200) return true; // IETF protocol assignments (Teredo, benchmarking, ORCHID…)
  if (g0 === 0x2001 && g1 === 0xdb8) return true; // documentation
  if (g0 === 0x2002) return isNonPublicV4([g1 >> 8, g1 & 0xff, g2 >> 8, g2 & 0xff]); // 6to4
  if (g0 === 0x3fff && g1 < 0x1000) return true; // documentation (RFC 9637)
  if ((g0 & 0xfe00) === 0xfc00) return true; // unique local
  if ((g0 & 0xffc0) === 0xfe80 || (g0 & 0xffc0) === 0xfec0) return true; // link-local, old site-local
  if ((g0 & 0xff00) === 0xff00) return true; // multicast
  return false;
}

/** Names that never resolve to a public address: localhost, mDNS and private-use suffixes, bare single labels. */
function isNonPublicName(host: string): boolean {
  const name = host.replace(/\.$/, '').toLowerCase();
  if (!name.includes('.')) return true;
  return /(^|\.)(localhost|local|internal|intranet|lan|home\.arpa|localdomain|invalid|test|example)$/.test(name);
}

/**
 * Whether a host (as `URL.hostname` gives it: IPv6 in brackets, IPv4 in canonical dotted form)
 * is a private, loopback, link-local or otherwise non-public address or name.
 */
export function isNonPublicHost(hostname: string): boolean {
  if (hostname.startsWith('[') && hostname.endsWith(']')) {
    const groups = ipv6Groups(hostname.slice(1, -1).split('%')[0] ?? '');
    return groups === null || isNonPublicV6(groups);
  }
  const v4 = ipv4Octets(hostname);
  if (v4) return isNonPublicV4(v4);
  // The WHATWG parser turns every numeric IPv4 spelling (0x7f.1, 2130706433) into dotted form,
  // so digits-and-dots left here are not an address; refuse them rather than guess.
  if (/^[\d.]+$/.test(hostname)) return true;
  return isNonPublicName(hostname);
}

/** The first problem of a callback URL ('' is fine: it clears the URL), or null. */
export function callbackUrlProblem(text: string, allowPrivate = false): string | null {
  const value = text.trim();
  if (value === '') return null;
  if (value.length > CALLBACK_URL_MAX) return PURCHASE_MSG.callbackTooLong;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return PURCHASE_MSG.callbackUrl;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !/^https?:\/\//i.test(value) || url.hostname === '') {
    return PURCHASE_MSG.callbackUrl;
  }
  if (url.username || url.password) return PURCHASE_MSG.callbackCredentials;
  if (!allowPrivate && isNonPublicHost(url.hostname)) return PURCHASE_MSG.callbackPrivate;
  return null;
}

/** The callback URL field: trimmed; '' clears. `allowPrivate` is the server's CALLBACK_ALLOW_PRIVATE. */
export function callbackUrlField(allowPrivate = false) {
  return z
    .string({ error: PURCHASE_MSG.callbackUrl })
    .trim()
    .superRefine((v, ctx) => {
      const problem = callbackUrlProblem(v, allowPrivate);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });
}

// ── Inputs ───────────────────────────────────────────────────────────────────────────────────
const positiveId = (msg: string) => z.coerce.number({ error: msg }).int(msg).positive(msg).max(2_147_483_647, msg);

/** One purchase of the account (the `id` of myBuy/list rows). */
export const PurchaseIdInput = z.object({ id: positiveId(PURCHASE_MSG.purchaseMissing) });
export type PurchaseIdInput = z.infer<typeof PurchaseIdInput>;

export const StopPurchaseInput = PurchaseIdInput.extend({
  /** stop: the gateway answers SYSTEM_003 for the key; resume: calls work again. */
  action: z.enum(['stop', 'resume'], { error: PURCHASE_MSG.action }),
});
export type StopPurchaseInput = z.infer<typeof StopPurchaseInput>;

export function UpdateCallbackUrlInput(allowPrivate = false) {
  return PurchaseIdInput.extend({ callbackUrl: z.preprocess((v) => v ?? '', callbackUrlField(allowPrivate)) });
}

export const AutoRenewInput = PurchaseIdInput.extend({ packageId: positiveId(PURCHASE_MSG.renewPackage) });
export type AutoRenewInput = z.infer<typeof AutoRenewInput>;

export const refundReasonField = z.string({ error: PURCHASE_MSG.refundReason }).trim().min(2, PURCHASE_MSG.refundReason).max(200, PURCHASE_MSG.refundReason);

export const RefundOrderInput = z.object({
  orderNo: z
    .string({ error: '订单不存在' })
    .trim()
    .regex(/^D\d{14}[0-9A-Z]{6}$/, '订单不存在'),
  reason: refundReasonField,
});
export type RefundOrderInput = z.infer<typeof RefundOrderInput>;

export const RefundAllInput = PurchaseIdInput.extend({ reason: refundReasonField });
export type RefundAllInput = z.infer<typeof RefundAllInput>;

/** What a refund would return now, for the dialog to show before the customer asks (no reason needed). */
export const RefundOrderQuoteInput = RefundOrderInput.pick({ orderNo: true });
export type RefundOrderQuoteInput = z.infer<typeof RefundOrderQuoteInput>;
export const RefundQuote = z.object({
  /** Bought calls not used yet that would be taken back (never paid-test or free-trial calls). */
  calls: z.number().int(),
  amountFen: z.number().int(),
});
export type RefundQuote = z.infer<typeof RefundQuote>;

export const AutoRenewListInput = PageQuery;

export const InterfacePackagesInput = z.object({ interfaceId: positiveId('接口不存在或已下架') });

// ── Answers ──────────────────────────────────────────────────────────────────────────────────
export const REFUND_STATUS = ['requested', 'approved', 'rejected'] as const;
export type RefundStatus = (typeof REFUND_STATUS)[number];
export const REFUND_STATUS_LABEL: Record<RefundStatus, string> = { requested: '退款审核中', approved: '已退款', rejected: '退款被驳回' };

const PurchaseStatus = z.enum(['active', 'stopped']);

export const CallResource = z.object({
  id: z.number().int(),
  interfaceId: z.number().int(),
  interfaceName: z.string(),
  callsTotal: z.number().int(),
  callsLeft: z.number().int(),
  callsUsed: z.number().int(),
  testCallsLeft: z.number().int(),
  expiresAt: z.string(),
  expired: z.boolean(),
  status: PurchaseStatus,
});
export type CallResource = z.infer<typeof CallResource>;

export const BuyData = z.object({
  interfaces: z.number().int(),
  active: z.number().int(),
  stopped: z.number().int(),
  expired: z.number().int(),
  exhausted: z.number().int(),
  callsTotal: z.number().int(),
  callsLeft: z.number().int(),
  callsUsed: z.number().int(),
  autoRenew: z.number().int(),
  expiringSoon: z.number().int(),
  paidFen: z.number().int(),
  refundedFen: z.number().int(),
});
export type BuyData = z.infer<typeof BuyData>;

export const AutoRenewRow = z.object({
  id: z.number().int(),
  interfaceId: z.number().int(),
  interfaceName: z.string(),
  callsLeft: z.number().int(),
  expiresAt: z.string(),
  expired: z.boolean(),
  status: PurchaseStatus,
  autoRenew: z.boolean(),
  packageId: z.number().int().nullable(),
  packageCalls: z.number().int().nullable(),
  packagePriceFen: z.number().int().nullable(),
  packageValidityDays: z.number().int().nullable(),
  /**
   * The package of the newest paid order for this interface (what the customer last bought), or
   * null when it is no longer on sale: the renew dialog preselects it rather than the cheapest.
   */
  lastPackageId: z.number().int().nullable(),
  renewals: z.number().int(),
  renewFailedAt: z.string().nullable(),
});
export type AutoRenewRow = z.infer<typeof AutoRenewRow>;

/** A refund request as it was stored (myOrder/refund, myBuy/refundAll): what may come back. */
export const RefundView = z.object({
  id: z.number().int(),
  scope: z.enum(['order', 'purchase']),
  calls: z.number().int(),
  amountFen: z.number().int(),
  status: z.enum(REFUND_STATUS),
});
export type RefundView = z.infer<typeof RefundView>;

/** A purchase's callback URL; allowPrivate tells the dialog which rule the server applies. */
export const CallbackUrlView = z.object({
  id: z.number().int(),
  interfaceId: z.number().int(),
  interfaceName: z.string(),
  callbackUrl: z.string(),
  allowPrivate: z.boolean(),
});
export type CallbackUrlView = z.infer<typeof CallbackUrlView>;

/** A package on sale, as the buy and renew dialogs list them (api/getInterfacePackageList): the interface page's package. */
export const InterfacePackageRow = PricePackage;
export type InterfacePackageRow = z.infer<typeof InterfacePackageRow>;

/**
 * The calls of spec 02 §7 that manage a purchase after buying it. Whether a callback URL may
 * point into a private network is the deployment's choice (CALLBACK_ALLOW_PRIVATE): the
 * declaration checks the URL's form only, and the server applies its own rule after it.
 */
export const purchasesApi = {
  stop: qualifiedCall({
    method: 'POST',
    path: '/myBuy/interface/stop',
    summary: '停用或恢复已购接口（停用后该 Key 的调用返回 SYSTEM_003）',
    input: StopPurchaseInput,
    answer: { data: z.null() },
    fails: ['ALL_0010', 'ALL_0011', 'ALL_0013'],
  }),
  callbackUrl: qualifiedCall({
    method: 'POST',
    path: '/myBuy/getSynCallUrl',
    summary: '已购接口的异步回调地址',
    input: PurchaseIdInput,
    answer: { data: CallbackUrlView },
    fails: ['ALL_0011'],
  }),
  setCallbackUrl: qualifiedCall({
    method: 'POST',
    path: '/myBuy/updateSynCallUrl',
    summary: '保存（留空即清除）已购接口的异步回调地址',
    input: UpdateCallbackUrlInput(true),
    answer: { data: z.object({ callbackUrl: z.string() }) },
    fails: ['ALL_0010', 'ALL_0011'],
  }),
  autoRenewList: qualifiedCall({
    method: 'POST',
    path: '/myBuy/getAutomaticBuy',
    summary: '自动续费设置（每个已购接口及其续费套餐）',
    input: AutoRenewListInput,
    answer: { rows: AutoRenewRow },
  }),
  enableAutoRenew: qualifiedCall({
    method: 'POST',
    path: '/myBuy/addAutomaticBuy',
    summary: '开启或更换自动续费套餐（已用完或已过期的立即续费一次）',
    input: AutoRenewInput,
    answer: { data: z.null() },
    fails: ['ALL_0010', 'ALL_0011'],
  }),
  disableAutoRenew: qualifiedCall({
    method: 'POST',
    path: '/myBuy/delAutomaticBuy',
    summary: '关闭自动续费',
    input: PurchaseIdInput,
    answer: { data: z.null() },
    fails: ['ALL_0010', 'ALL_0011'],
  }),
  callResource: qualifiedCall({
    method: 'POST',
    path: '/myBuy/packageCallResource',
    summary: '已购接口的调用次数（总数、剩余、已用、付费测试次数）与到期时间',
    input: PurchaseIdInput,
    answer: { data: CallResource },
    fails: ['ALL_0011'],
  }),
  buyData: qualifiedCall({
    method: 'POST',
    path: '/myBuy/buyData',
    summary: '我的API 概览（已购接口数、调用次数、自动续费、即将到期、已付与已退金额）',
    answer: { data: BuyData },
  }),
  refundAll: qualifiedCall({
    method: 'POST',
    path: '/myBuy/refundAll',
    summary: '申请退还已购接口剩余的全部调用次数',
    input: RefundAllInput,
    answer: { data: RefundView },
    fails: ['ALL_0010', 'ALL_0011', 'ALL_0013'],
  }),
  refundAllQuote: qualifiedCall({
    method: 'POST',
    path: '/myBuy/refundAll/quote',
    summary: '退还剩余调用可退的次数与金额（申请前展示，不提交申请）',
    input: PurchaseIdInput,
    answer: { data: RefundQuote },
    fails: ['ALL_0010', 'ALL_0011', 'ALL_0013'],
  }),
  refundOrderQuote: qualifiedCall({
    method: 'POST',
    path: '/myOrder/refund/quote',
    summary: '订单退款可退的次数与金额（申请前展示，不提交申请）',
    input: RefundOrderQuoteInput,
    answer: { data: RefundQuote },
    fails: ['ALL_0010', 'ALL_0011', 'ALL_0013'],
  }),
  refundOrder: qualifiedCall({
    method: 'POST',
    path: '/myOrder/refund',
    summary: '申请订单退款（退还该订单尚未使用的调用次数）',
    input: RefundOrderInput,
    answer: { data: RefundView },
    fails: ['ALL_0010', 'ALL_0011', 'ALL_0013'],
  }),
  packages: publicCall({
    method: 'POST',
    path: '/api/getInterfacePackageList',
    // Public catalogue data, like api/fee/list.
    summary: '接口的在售套餐（购买与自动续费对话框）',
    input: InterfacePackagesInput,
    answer: { rows: InterfacePackageRow },
  }),
};
