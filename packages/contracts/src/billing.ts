// Money (Decision 7): recharges by bank transfer, orders paid from the balance, the purchases
// they create. Amounts travel as 元 strings with at most two decimals in forms and as integer
// fen in answers, so no float ever touches money.
import { z } from 'zod';
import { XLSX_TYPE } from './call';
import { SUPPORT_HOTLINE } from './constants';
import { qualifiedCall } from './declare';
import { yuanToFen } from './format';
import { PageQuery } from './paging';

export const BILLING_MSG = {
  amount: '请输入正确的充值金额（最多两位小数）',
  amountRange: '单笔充值金额须在 1 元至 1000 万元之间',
  transferRef: '请输入银行转账流水号（6-64位字母或数字）',
  payerName: '请输入付款账户名称',
  declared: '充值申请已提交，平台核实到账后将为您入账',
  transferTaken: '该转账流水号已提交过，请勿重复申请',
  interfaceMissing: '接口不存在或已下架',
  packageMissing: '套餐不存在或已下架',
  orderMissing: '订单不存在',
  orderNotUnpaid: '订单已支付或已取消',
  ordered: '订单已创建，请完成支付',
  paid: '支付成功，接口已开通',
  cancelled: '订单已取消',
  subAccount: '子账号不能直接购买，请联系主账号购买后分配',
  subAccountMoney: '子账号不能查看企业的资金、订单与账单，请使用主账号登录查看',
  rechargeClosed: `平台收款账户尚未配置，暂不能提交充值申请，请致电 ${SUPPORT_HOTLINE} 咨询`,
} as const;

export const RECHARGE_LIMITS = { minFen: 100, maxFen: 1_000_000_000 } as const;

/** A well-formed 元 amount of any size (digits, at most two decimals), leading zeros dropped. */
const YUAN_TEXT = /^0*(\d+(?:\.\d{1,2})?)$/;

export const RechargeDeclareInput = z.object({
  // Two questions, two messages: is it a number of 元 at all (format), and is it one we take
  // (range). yuanToFen reads at most 8 integer digits, so a well-formed 123456789 must be told
  // it is out of range before yuanToFen is asked, not that it is malformed.
  amount: z
    .string({ error: BILLING_MSG.amount })
    .transform((v) => v.trim())
    .refine((v) => YUAN_TEXT.test(v), { message: BILLING_MSG.amount, abort: true })
    .transform((v) => yuanToFen(v.replace(YUAN_TEXT, '$1')))
    .refine((fen) => fen !== null && fen >= RECHARGE_LIMITS.minFen && fen <= RECHARGE_LIMITS.maxFen, BILLING_MSG.amountRange)
    .transform((fen) => fen ?? 0),
  transferRef: z
    .string({ error: BILLING_MSG.transferRef })
    .trim()
    .regex(/^[A-Za-z0-9-]{6,64}$/, BILLING_MSG.transferRef),
  payerName: z.string({ error: BILLING_MSG.payerName }).trim().min(2, BILLING_MSG.payerName).max(100, BILLING_MSG.payerName),
});
export type RechargeDeclareInput = z.infer<typeof RechargeDeclareInput>;

const positiveId = (msg: string) => z.coerce.number({ error: msg }).int(msg).positive(msg);

export const SaveOrderInput = z.object({
  interfaceId: positiveId(BILLING_MSG.interfaceMissing),
  packageId: positiveId(BILLING_MSG.packageMissing),
});

export const OrderNoInput = z.object({
  orderNo: z
    .string({ error: BILLING_MSG.orderMissing })
    .trim()
    .regex(/^D\d{14}[0-9A-Z]{6}$/, BILLING_MSG.orderMissing),
});

export const UpdateOrderInput = OrderNoInput.extend({ packageId: positiveId(BILLING_MSG.packageMissing) });

export const ORDER_STATUS = ['unpaid', 'paid', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUS)[number];
export const ORDER_STATUS_LABEL: Record<OrderStatus, string> = { unpaid: '待支付', paid: '已支付', cancelled: '已取消' };

const optionalDate = z.preprocess((v) => (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : undefined), z.string().optional());

export const OrderListInput = PageQuery.extend({
  status: z.preprocess((v) => (v === '' ? undefined : v), z.enum(ORDER_STATUS).optional().catch(undefined)),
  interfaceName: z.preprocess((v) => (typeof v === 'string' ? v.trim().slice(0, 50) : ''), z.string()),
  /** China calendar days, inclusive. */
  startDate: optionalDate,
  endDate: optionalDate,
});
export type OrderListInput = z.infer<typeof OrderListInput>;

/** myBuy/list: the purchases, optionally by interface name. */
export const PurchaseListInput = PageQuery.extend({
  interfaceName: z.preprocess((v) => (typeof v === 'string' ? v.trim().slice(0, 50) : ''), z.string()),
});

/** myOrder/list with `export=1`: the same filters, answered as an xlsx file. */
export const OrderExportInput = OrderListInput.extend({
  export: z.preprocess((v) => v === '1' || v === 'true' || v === true, z.boolean()),
});
export type OrderExportInput = z.infer<typeof OrderExportInput>;

export const RECHARGE_STATUS = ['declared', 'confirmed', 'rejected'] as const;
export const RECHARGE_STATUS_LABEL = { declared: '待确认', confirmed: '已入账', rejected: '已驳回' } as const;

/** The newest refund request of an order or a purchase (the labels are REFUND_STATUS_LABEL's). */
const RefundState = z.enum(['requested', 'approved', 'rejected']).nullable();

// ── Answers ──────────────────────────────────────────────────────────────────────────────────
export const BalanceView = z.object({ balanceFen: z.number().int() });
export type BalanceView = z.infer<typeof BalanceView>;

/**
 * The platform's account to transfer to (Decision 7). Three cases: the deployment's own account
 * (PLATFORM_*); on the embedded default (no DATABASE_URL) and nothing set, the example below,
 * marked so that nobody transfers money to it; in production with nothing set, no account at all
 * and recharging closed (every field '').
 */
export const BankAccount = z.object({
  bankName: z.string(),
  accountName: z.string(),
  accountNo: z.string(),
  /** The fictitious example account of the embedded default (demo environment). */
  example: z.boolean(),
  /** Whether a transfer may be declared: false when production has no account to show. */
  open: z.boolean(),
});
export type BankAccount = z.infer<typeof BankAccount>;

/**
 * Shown on the embedded default while PLATFORM_* are unset: every field says it is an example,
 * so even a page that shows it without the example mark cannot pass for a real account.
 */
export const BANK_ACCOUNT_EXAMPLE = Object.freeze({
  bankName: '示例银行（演示环境）',
  accountName: '示例：某某数据科技（上海）有限公司',
  accountNo: '示例：0000 0000 0000 0000 000',
});

export const RechargeRow = z.object({
  id: z.number().int(),
  amountFen: z.number().int(),
  transferRef: z.string(),
  payerName: z.string(),
  status: z.enum(RECHARGE_STATUS),
  statusLabel: z.string(),
  /** Why it was rejected; '' otherwise. */
  reason: z.string(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type RechargeRow = z.infer<typeof RechargeRow>;

export const OrderRow = z.object({
  orderNo: z.string(),
  interfaceId: z.number().int(),
  interfaceName: z.string(),
  calls: z.number().int(),
  priceFen: z.number().int(),
  validityDays: z.number().int(),
  status: z.enum(ORDER_STATUS),
  statusLabel: z.string(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  /** The newest refund request of the order: requested | approved | rejected, or null. */
  refundStatus: RefundState,
  refundLabel: z.string(),
});
export type OrderRow = z.infer<typeof OrderRow>;

export const PurchaseRow = z.object({
  id: z.number().int(),
  interfaceId: z.number().int(),
  interfaceName: z.string(),
  path: z.string(),
  key: z.string(),
  callsTotal: z.number().int(),
  callsLeft: z.number().int(),
  expiresAt: z.string(),
  status: z.enum(['active', 'stopped']),
  expired: z.boolean(),
  callbackUrl: z.string(),
  /** The package automatic renewal buys, or null when it is off. */
  autoRenewPackageId: z.number().int().nullable(),
  renewFailedAt: z.string().nullable(),
  /** The newest refund request of what is left of the purchase (myBuy/refundAll), or null. */
  refundStatus: RefundState,
  refundLabel: z.string(),
});
export type PurchaseRow = z.infer<typeof PurchaseRow>;

/**
 * The buying calls of spec 02 §7 (balance, recharges, orders, payment, purchases). Money moves
 * only for an authenticated company's main account; a sub-account reads its company's figures.
 */
export const billingApi = {
  balance: qualifiedCall({
    method: 'POST',
    path: '/mytrade/balance',
    summary: '账户余额（分）',
    answer: { data: BalanceView },
  }),
  rechargeAccount: qualifiedCall({
    method: 'POST',
    path: '/mytrade/recharge/account',
    summary: '对公转账收款账户（演示环境为示例账户；正式环境未配置时各项为空且不能提交充值申请）',
    answer: { data: BankAccount },
  }),
  declareRecharge: qualifiedCall({
    method: 'POST',
    path: '/mytrade/recharge/declare',
    encrypt: true,
    summary: '提交充值申请（对公转账后，平台核实到账入账）',
    input: RechargeDeclareInput,
    answer: { data: RechargeRow },
    fails: ['ALL_0010', 'ALL_0013'],
  }),
  recharges: qualifiedCall({
    method: 'POST',
    path: '/mytrade/recharge/list',
    summary: '充值记录',
    input: PageQuery,
    answer: { rows: RechargeRow },
  }),
  createOrder: qualifiedCall({
    method: 'POST',
    path: '/interfaceOrders/saveInterfaceOrders',
    summary: '下单（选择接口套餐，生成待支付订单）',
    input: SaveOrderInput,
    answer: { data: OrderRow },
    fails: ['ALL_0010', 'ALL_0011'],
  }),
  changeOrder: qualifiedCall({
    method: 'POST',
    path: '/interfaceOrders/updateInterfaceOrders',
    summary: '更换待支付订单的套餐',
    input: UpdateOrderInput,
    answer: { data: OrderRow },
    fails: ['ALL_0011', 'ALL_0013'],
  }),
  cancelOrder: qualifiedCall({
    method: 'POST',
    path: '/interfaceOrders/clearOrder',
    summary: '取消待支付订单',
    input: OrderNoInput,
    answer: { data: z.null() },
    fails: ['ALL_0011', 'ALL_0013'],
  }),
  pay: qualifiedCall({
    method: 'POST',
    path: '/UserCenter/payment',
    summary: '余额支付订单（开通或增加接口调用次数）',
    input: OrderNoInput,
    answer: { data: OrderRow },
    fails: ['ALL_0010', 'ALL_0011', 'ALL_0013', 'ALL_0070'],
  }),
  orders: qualifiedCall({
    method: 'POST',
    path: '/myOrder/list',
    summary: '我的订单（按状态、接口名称、下单日期筛选；export=1 时导出 xlsx）',
    input: OrderExportInput,
    answer: { rows: OrderRow, export: [XLSX_TYPE] },
  }),
  purchases: qualifiedCall({
    method: 'POST',
    path: '/myBuy/list',
    summary: '我的API（已购接口及其 Key）',
    input: PurchaseListInput,
    answer: { rows: PurchaseRow },
  }),
};
