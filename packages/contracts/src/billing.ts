// Money (Decision 7): recharges by bank transfer, orders paid from the balance, the purchases
// they create. Amounts travel as 元 strings with at most two decimals in forms and as integer
// fen in answers, so no float ever touches money.
import { z } from 'zod';
import { PageQuery } from './paging';
import { yuanToFen } from './format';

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
} as const;

export const RECHARGE_LIMITS = { minFen: 100, maxFen: 1_000_000_000 } as const;

export const RechargeDeclareInput = z.object({
  amount: z
    .string({ error: BILLING_MSG.amount })
    .refine((v) => yuanToFen(v) !== null, { message: BILLING_MSG.amount, abort: true })
    .transform((v) => yuanToFen(v) ?? 0)
    .refine((fen) => fen >= RECHARGE_LIMITS.minFen && fen <= RECHARGE_LIMITS.maxFen, BILLING_MSG.amountRange),
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
  orderNo: z.string({ error: BILLING_MSG.orderMissing }).trim().regex(/^D\d{14}[0-9A-Z]{6}$/, BILLING_MSG.orderMissing),
});

export const UpdateOrderInput = OrderNoInput.extend({ packageId: positiveId(BILLING_MSG.packageMissing) });

export const ORDER_STATUS = ['unpaid', 'paid', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUS)[number];
export const ORDER_STATUS_LABEL: Record<OrderStatus, string> = { unpaid: '待支付', paid: '已支付', cancelled: '已取消' };

const optionalDate = z.preprocess(
  (v) => (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : undefined),
  z.string().optional(),
);

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

export const RECHARGE_STATUS_LABEL = { declared: '待确认', confirmed: '已入账', rejected: '已驳回' } as const;

export interface OrderRow {
  orderNo: string;
  interfaceId: number;
  interfaceName: string;
  calls: number;
  priceFen: number;
  validityDays: number;
  status: OrderStatus;
  statusLabel: string;
  createdAt: string;
  paidAt: string | null;
  /** The newest refund request of the order: requested | approved | rejected, or null. */
  refundStatus: 'requested' | 'approved' | 'rejected' | null;
  refundLabel: string;
}

export interface PurchaseRow {
  id: number;
  interfaceId: number;
  interfaceName: string;
  path: string;
  key: string;
  callsTotal: number;
  callsLeft: number;
  expiresAt: string;
  status: 'active' | 'stopped';
  expired: boolean;
  callbackUrl: string;
  /** The package automatic renewal buys, or null when it is off. */
  autoRenewPackageId: number | null;
  renewFailedAt: string | null;
  /** The newest refund request of what is left of the purchase (myBuy/refundAll), or null. */
  refundStatus: 'requested' | 'approved' | 'rejected' | null;
  refundLabel: string;
}
