// Where a lead came from: the page, the referrer and the campaign tags, sent beside every lead
// form's own fields. Over-long values are cut, not refused: a lead is never lost over its source.
import { z } from 'zod';

const cut = (max: number) => z.preprocess((v) => (typeof v === 'string' ? v.trim().slice(0, max) : ''), z.string());

export const LeadSource = z.object({
  sourcePath: cut(200),
  referrer: cut(500),
  utm_source: cut(100),
  utm_medium: cut(100),
  utm_campaign: cut(100),
  utm_term: cut(100),
  utm_content: cut(100),
});
export type LeadSource = z.infer<typeof LeadSource>;

/** First-party page view (Decision 5): a site path, without its query string. */
export const PageViewInput = z.object({
  path: z
    .string({ error: '缺少页面路径' })
    .trim()
    .regex(/^\/[^\s#]{0,299}$/, '页面路径无效')
    .transform((p) => p.split('?')[0] ?? p),
});
export type PageViewInput = z.infer<typeof PageViewInput>;
