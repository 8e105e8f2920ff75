// The catalogue search filter (spec 01 §3 "Search filter") and its sort orders.
import { z } from 'zod';
import { INDUSTRIES, SEARCH_KEYWORD_MAX } from './constants';
import { PageQuery } from './paging';

/** sortId: how a catalogue list is ordered. */
export const SORT_ORDERS = {
  0: '综合排序',
  1: '最新上架',
  2: '最受欢迎',
  3: '价格最低',
} as const;
export type SortId = keyof typeof SORT_ORDERS;


const optionalId = z.preprocess((v) => (v === '' || v === undefined || v === null ? undefined : Number(v)), z.number().int().positive().optional().catch(undefined));
const flag = z.preprocess((v) => v === '1' || v === 1 || v === true || v === 'true', z.boolean());

export const InterfaceSearch = PageQuery.extend({
  interfaceName: z
    .preprocess((v) => (typeof v === 'string' ? v : ''), z.string())
    .transform((v) => v.trim().slice(0, SEARCH_KEYWORD_MAX)),
  categoryId: optionalId,
  labelId: optionalId,
  sortId: z.preprocess((v) => Number(v), z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]).catch(0)),
  isNew: flag,
  isHot: flag,
  menuDisplay: flag,
  /** Only these interfaces (comma-separated ids, at most 24): pages that name theirs. */
  ids: z
    .preprocess((v) => (typeof v === 'string' ? v : ''), z.string())
    .transform((v) =>
      v
        .split(',')
        .map((s) => Number(s))
        .filter((n) => Number.isInteger(n) && n > 0)
        .slice(0, 24),
    ),
});
export type InterfaceSearch = z.infer<typeof InterfaceSearch>;

/**
 * Where a keyword search found its words in one row, for the results page to mark: ranges
 * [start, end) in UTF-16 code units of interfaceName and summary (what was typed, a synonym, or
 * the characters pinyin letters spell), and the labels that matched. Only on keyword searches.
 */
export interface SearchHighlight {
  interfaceName: Array<[number, number]>;
  summary: Array<[number, number]>;
  labels: string[];
}

/** Need matching (/api/marry): an industry and scenario, or a need in words (or both). */
export const InterfaceMatchInput = z
  .object({
    industry: z.preprocess((v) => (v === '' ? undefined : v), z.enum(INDUSTRIES).optional().catch(undefined)),
    scenario: z.preprocess((v) => (typeof v === 'string' && v.trim() ? v.trim().slice(0, 30) : undefined), z.string().optional()),
    need: z.preprocess((v) => (typeof v === 'string' ? v : ''), z.string().max(200, '需求描述不能超过200个字')).transform((v) => v.trim()),
  })
  .refine((v) => v.industry !== undefined || v.need !== '', { message: '请选择行业场景或描述您的需求', path: ['need'] });
export type InterfaceMatchInput = z.infer<typeof InterfaceMatchInput>;
