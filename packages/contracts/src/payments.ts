// Online payment (issue #19, Decision 7's payment interface): Alipay and WeChat Pay Native behind
// one provider interface, a sandbox provider on the embedded default. A payment is for a recharge
// (the amount credits the balance) or for an unpaid order (credited, then the order is paid).
import { z } from 'zod';
import { OrderNoInput, RechargeDeclareInput } from './billing';
import { devCall, memberCall, publicCall, qualifiedCall } from './declare';

/** The providers a deployment may configure (PAYMENT_PROVIDER); none configured: bank transfer only. */
export const PAYMENT_PROVIDERS = ['sandbox', 'alipay', 'wechat'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];
export const PAYMENT_PROVIDER_LABEL: Record<PaymentProviderName, string> = {
  sandbox: '扫码支付（演示）',
  alipay: '支付宝',
  wechat: '微信支付',
};

export const PAYMENT_STATUS = ['created', 'paid', 'closed'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUS)[number];
export const PAYMENT_STATUS_LABEL: Record<PaymentStatus, string> = { created: '待支付', paid: '已支付', closed: '已关闭' };

export const PAYMENT_PURPOSES = ['recharge', 'order'] as const;
export type PaymentPurpose = (typeof PAYMENT_PURPOSES)[number];
export const PAYMENT_PURPOSE_LABEL: Record<PaymentPurpose, string> = { recharge: '在线充值', order: '订单支付' };

/** Minutes a payment's QR code stays payable; afterwards the query job closes it. */
export const PAYMENT_EXPIRY_MINUTES = 15;

export const PAYMENT_MSG = {
  provider: '请选择支付方式',
  closed: '在线支付暂未开通，请使用对公转账充值',
  missing: '支付单不存在',
  providerDown: '支付渠道暂时无法下单，请稍后再试或使用对公转账',
  created: '请使用手机扫码完成支付',
  notPayable: '该支付单已支付或已关闭',
  simulated: '已模拟支付成功',
  badNotification: '支付通知验签失败',
} as const;

/** A payment's number: P + 14 digits of China time + 6 characters (also the providers' out_trade_no). */
export const PAYMENT_NO = /^P\d{14}[0-9A-Z]{6}$/;

const providerField = z.enum(PAYMENT_PROVIDERS, { error: PAYMENT_MSG.provider });

/** A recharge paid online: the same amount rule as the bank-transfer declaration. */
export const PaymentRechargeInput = z.object({ amount: RechargeDeclareInput.shape.amount, provider: providerField });
export type PaymentRechargeInput = z.infer<typeof PaymentRechargeInput>;

/** An unpaid order paid online. */
export const PaymentOrderInput = OrderNoInput.extend({ provider: providerField });
export type PaymentOrderInput = z.infer<typeof PaymentOrderInput>;

export const PaymentNoInput = z.object({
  paymentNo: z.string({ error: PAYMENT_MSG.missing }).trim().regex(PAYMENT_NO, PAYMENT_MSG.missing),
});
export type PaymentNoInput = z.infer<typeof PaymentNoInput>;

export const PaymentView = z.object({
  paymentNo: z.string(),
  purpose: z.enum(PAYMENT_PURPOSES),
  purposeLabel: z.string(),
  /** The order it pays ('' for a recharge). */
  orderNo: z.string(),
  amountFen: z.number().int(),
  provider: z.enum(PAYMENT_PROVIDERS),
  providerLabel: z.string(),
  status: z.enum(PAYMENT_STATUS),
  statusLabel: z.string(),
  expiresAt: z.string(),
  paidAt: z.string().nullable(),
  createdAt: z.string(),
});
export type PaymentView = z.infer<typeof PaymentView>;

/** What the page shows to pay: the QR code as an image (data URL) and, where the provider has one, a link. */
export const PaymentCreated = PaymentView.extend({
  qrDataUrl: z.string(),
  /** A page of the provider that pays in the browser ('' when it has none). */
  link: z.string(),
});
export type PaymentCreated = z.infer<typeof PaymentCreated>;

export const PaymentMethods = z.object({
  methods: z.array(z.object({ provider: z.enum(PAYMENT_PROVIDERS), label: z.string() })),
  /** The sandbox is on and so are the dev tools: the dialog offers 「模拟支付成功」. */
  simulate: z.boolean(),
  expiryMinutes: z.number().int(),
});
export type PaymentMethods = z.infer<typeof PaymentMethods>;

const NotifyInput = z.object({ provider: z.enum(PAYMENT_PROVIDERS, { error: PAYMENT_MSG.missing }) });

export const paymentsApi = {
  methods: memberCall({
    method: 'POST',
    path: '/payment/methods',
    summary: '可用的在线支付方式（未开通时为空，只能对公转账）',
    answer: { data: PaymentMethods },
  }),
  recharge: qualifiedCall({
    method: 'POST',
    path: '/payment/create',
    summary: '在线充值下单（返回支付二维码与有效期）',
    input: PaymentRechargeInput,
    answer: { data: PaymentCreated },
    fails: ['ALL_0010', 'ALL_0098'],
  }),
  order: qualifiedCall({
    method: 'POST',
    path: '/payment/createForOrder',
    summary: '在线支付待支付订单（到账后自动完成订单支付）',
    input: PaymentOrderInput,
    answer: { data: PaymentCreated },
    fails: ['ALL_0010', 'ALL_0011', 'ALL_0013', 'ALL_0098'],
  }),
  status: qualifiedCall({
    method: 'POST',
    path: '/payment/status',
    summary: '支付单状态（支付页轮询）',
    input: PaymentNoInput,
    answer: { data: PaymentView },
    fails: ['ALL_0011'],
  }),
  notify: publicCall({
    method: 'POST',
    path: '/payment/notify/:provider',
    unsigned: true,
    summary: '支付结果通知（支付宝、微信支付、沙箱回调；验签后入账，重复通知只入账一次）',
    input: NotifyInput,
    answer: { file: ['text/plain', 'application/json'] },
    fails: ['ALL_0003', 'ALL_0008', 'ALL_0011'],
  }),
  simulatePaid: devCall({
    method: 'POST',
    path: '/dev/payment/succeed',
    summary: '开发工具：模拟支付成功（沙箱发出签名的支付结果通知）',
    input: PaymentNoInput,
    answer: { data: PaymentView },
    fails: ['ALL_0008', 'ALL_0011', 'ALL_0013'],
  }),
};
