// What an account's purchases entitle it to beyond calling: the judicial screens' interfaces
// (myBuy/getMyLawInterfaceInfo) and the PDF verification receipt of batch results
// (dataApi/verifyBatchExportInterfacePdf). Decisions 91 and 92.
import { z } from 'zod';
import { qualifiedCall } from './declare';

/** The interfaces behind the judicial visualisation calls UserCenter/judicial/{id} (spec 02 §7), in the spec's order. */
export const JUDICIAL_VIEW_INTERFACE_IDS = [9839, 9834, 9836, 9662, 9838] as const;

/** The state of the account's purchase of an interface, as a screen needs it. */
export const ENTITLEMENT_STATUS = ['none', 'active', 'stopped', 'expired', 'exhausted'] as const;
export type EntitlementStatus = (typeof ENTITLEMENT_STATUS)[number];
export const ENTITLEMENT_STATUS_LABEL: Record<EntitlementStatus, string> = {
  none: '未购买',
  active: '可用',
  stopped: '已停用',
  expired: '已过期',
  exhausted: '次数已用完',
};

export const LawInterfaceInfo = z.object({
  id: z.number().int(),
  name: z.string(),
  purchased: z.boolean(),
  /** 0 when not purchased. */
  callsLeft: z.number().int(),
  /** null when not purchased. */
  expiresAt: z.string().nullable(),
  status: z.enum(ENTITLEMENT_STATUS),
  statusLabel: z.string(),
  /** purchased, not stopped, not expired and calls left: the screen may query. */
  usable: z.boolean(),
});
export type LawInterfaceInfo = z.infer<typeof LawInterfaceInfo>;

/**
 * Categories whose calls are verifications that yield a receipt: 身份核验 1, 银行卡 4, 手机号 5,
 * 企业工商 7 (the category ids of the catalogue seed).
 */
export const PDF_RECEIPT_CATEGORIES: Readonly<Record<number, string>> = { 1: '身份核验', 4: '银行卡', 5: '手机号', 7: '企业工商' };

export const ENTITLEMENT_MSG = {
  interfaceId: '请选择接口',
  interfaceMissing: '接口不存在',
} as const;

/** Why the PDF receipt cannot be exported; the sentence the screen shows. */
export const pdfRefusal = {
  family: (name: string, categoryName: string) =>
    `「${name}」属于${categoryName}类接口，不提供 PDF 核验回执；仅身份核验、银行卡、手机号与企业工商类核验接口可导出`,
  notPurchased: (name: string) => `您尚未购买「${name}」，也没有它的调用结果，购买并调用后即可导出 PDF 核验回执`,
  stopped: (name: string) => `您已停用「${name}」且没有它的调用结果，恢复调用并调用后即可导出 PDF 核验回执`,
  expired: (name: string) => `您购买的「${name}」已过期且没有它的调用结果，续购并调用后即可导出 PDF 核验回执`,
} as const;

export const PdfExportCheckInput = z.object({
  interfaceId: z.coerce
    .number({ error: ENTITLEMENT_MSG.interfaceId })
    .int(ENTITLEMENT_MSG.interfaceId)
    .positive(ENTITLEMENT_MSG.interfaceId)
    .max(999_999_999, ENTITLEMENT_MSG.interfaceId),
});
export type PdfExportCheckInput = z.infer<typeof PdfExportCheckInput>;

export const PdfExportCheck = z.object({
  interfaceId: z.number().int(),
  allowed: z.boolean(),
  /** '' when allowed. */
  reason: z.string(),
});
export type PdfExportCheck = z.infer<typeof PdfExportCheck>;

/**
 * The truck model screens (spec 02 §6) open to an account that has bought a truck score model
 * (TRUCK_SCORE_MODEL_IDS, 9963 or 9964): any purchase of one, in whatever state (Decision 122).
 */
export const TRUCK_MODEL_NOTICE = {
  title: '货车模型需先购买评分模型接口',
  text: '货车险分析与货运车队企业模型仅向已购买「货车风险评分模型」或「货车车队风险评分模型」的账号开放。购买任一接口后即可使用。',
} as const;

/** What the account's purchases open beyond calling: judicial screens, PDF receipts, truck models. */
export const entitlementsApi = {
  lawInterfaces: qualifiedCall({
    method: 'POST',
    path: '/myBuy/getMyLawInterfaceInfo',
    summary: '司法可视化接口及本账号的购买状态',
    answer: { data: z.array(LawInterfaceInfo) },
  }),
  // The user center's layout loads it with the qualification; a failure there means false (spec 02 §8).
  truckModel: qualifiedCall({
    method: 'POST',
    path: '/dataApi/checkTruckInterface',
    summary: '是否已购买货车评分模型接口（开放货车模型页面）',
    answer: { data: z.boolean() },
  }),
  pdfExportCheck: qualifiedCall({
    method: 'POST',
    path: '/dataApi/verifyBatchExportInterfacePdf',
    summary: '批量结果能否导出 PDF 核验回执（不能时答原因）',
    input: PdfExportCheckInput,
    answer: { data: PdfExportCheck },
    fails: ['ALL_0011'],
  }),
};
