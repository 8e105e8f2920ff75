// The receipt pages' query (spec 01 §3 receipt query parameters) read back into a ReceiptLink:
// the fields the server needs are held to the calls' own rule, the rest are the page's labels.
import { ReceiptInput, type ReceiptLink, receiptQuery } from '@apimarket/contracts';

export type SearchParams = Record<string, string | string[] | undefined>;

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? '';

/** The link a receipt page was opened with, or null when it cannot address a job or a report. */
export function parseReceiptLink(sp: SearchParams): ReceiptLink | null {
  const parsed = ReceiptInput.safeParse({ type: one(sp.type), id: one(sp.id), downloadMethod: one(sp.downloadMethod), interfaceId: one(sp.interfaceId) });
  if (!parsed.success) return null;
  const total = Number(one(sp.totalCount));
  const receiptName = one(sp.receiptName);
  return {
    ...parsed.data,
    jobName: one(sp.jobName).trim().slice(0, 80) || '查询回执',
    totalCount: Number.isInteger(total) && total >= 0 ? total : 0,
    ...(/^[A-Za-z][A-Za-z0-9_]{0,39}$/.test(receiptName) ? { receiptName } : {}),
    isReceiptName: one(sp.isReceiptName) === '1' || one(sp.isReceiptName) === 'true',
  };
}

/** The two receipt pages of a job or a report. */
export const receiptHref = {
  zip: (link: ReceiptLink, watermark = false) => `/createImgZip?${receiptQuery(link, watermark ? { watermark: '1' } : {})}`,
  print: (link: ReceiptLink) => `/print?${receiptQuery(link, { print: '1' })}`,
  verify: (link: ReceiptLink) => `/print?${receiptQuery(link, { print: '0' })}`,
};
